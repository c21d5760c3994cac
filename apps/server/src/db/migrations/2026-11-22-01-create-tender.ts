import type { Kysely } from 'kysely';

// Frozen in time: no app imports. Types mean the same on SQLite and PostgreSQL
// (text for instants and JSON, integer for flags and counts, real for money).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tender')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reference_number', 'text', (c) => c.notNull())
    .addColumn('source_reference', 'text')
    .addColumn('amendment_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amendment_date', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_fr', 'text')
    .addColumn('description', 'text')
    .addColumn('description_fr', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('procurement_type', 'text')
    .addColumn('procurement_type_fr', 'text')
    .addColumn('procurement_method', 'text')
    .addColumn('procurement_method_fr', 'text')
    .addColumn('category_primary', 'text')
    .addColumn('category_codes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gsin', 'text')
    .addColumn('gsin_description', 'text')
    .addColumn('gsin_description_fr', 'text')
    .addColumn('unspsc', 'text')
    .addColumn('unspsc_description', 'text')
    .addColumn('unspsc_description_fr', 'text')
    .addColumn('delivery_location', 'text')
    .addColumn('regions_of_delivery', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('regions_of_delivery_fr', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('regions_of_opportunity', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('regions_of_opportunity_fr', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('region_keys', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('selection_criteria', 'text')
    .addColumn('selection_criteria_fr', 'text')
    .addColumn('limited_tendering_reason', 'text')
    .addColumn('trade_agreements', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('trade_agreements_fr', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contracting_entity_name', 'text')
    .addColumn('contracting_entity_name_fr', 'text')
    .addColumn('contracting_entity_address', 'text')
    .addColumn('contracting_entity_city', 'text')
    .addColumn('contracting_entity_province', 'text')
    .addColumn('contracting_entity_postal_code', 'text')
    .addColumn('contracting_entity_country', 'text')
    .addColumn('end_user_entity', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_fax', 'text')
    .addColumn('contact_address', 'text')
    .addColumn('published_date', 'text')
    .addColumn('closing_date', 'text')
    .addColumn('contract_start_date', 'text')
    .addColumn('contract_end_date', 'text')
    .addColumn('source_url', 'text')
    .addColumn('attachment_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('estimated_value', 'real')
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tender_status_closing_idx').on('tender').columns(['status', 'closing_date']).execute();
  await db.schema.createIndex('tender_published_idx').on('tender').column('published_date').execute();
  await db.schema.createIndex('tender_entity_idx').on('tender').column('contracting_entity_name').execute();
  await db.schema.createIndex('tender_source_idx').on('tender').columns(['source', 'created_at']).execute();

  await db.schema
    .createTable('tender_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tender_id', 'text', (c) => c.notNull().references('tender.id').onDelete('cascade'))
    .addColumn('amendment_number', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tender_version_tender_idx')
    .on('tender_version')
    .columns(['tender_id', 'replaced_at'])
    .execute();

  await db.schema
    .createTable('ingest_run')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('ingest_run_started_idx').on('ingest_run').columns(['source', 'started_at']).execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_meta', 'ingest_run', 'tender_version', 'tender']) await db.schema.dropTable(t).execute();
}
