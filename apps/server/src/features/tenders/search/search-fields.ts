/**
 * The tender columns whose words make up the `codes` field of the search indexes (weighted
 * between the title and the description): the open-notice index in memory (open-index.ts) and
 * PostgreSQL's (search-postgres.ts). The SQLite triggers of migration 2026-11-23-01 list the
 * same columns; migrations are frozen, so they keep their own copy.
 */
export const CODE_COLUMNS = [
  'contracting_entity_name',
  'contracting_entity_name_fr',
  'category_primary',
  'gsin',
  'gsin_description',
  'gsin_description_fr',
  'unspsc',
  'unspsc_description',
  'unspsc_description_fr',
  'procurement_type',
  'procurement_type_fr',
  'procurement_method',
  'procurement_method_fr',
] as const;
