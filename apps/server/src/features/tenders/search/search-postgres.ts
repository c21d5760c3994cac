import { CompiledQuery } from 'kysely';
import { CATEGORY_LABELS } from '@app/shared/constants';
import type { DbHandle } from '../../../db/connect.ts';
import type { TenderTable } from '../../../db/database.ts';
import type { MatchQuery, SearchBackend } from './search.ts';
import { filterClause, hasValueBound, type FilterColumns, type Scope, type SearchFilters } from './search-filters.ts';
import type { Candidate } from './search-scoring.ts';
import { CODE_COLUMNS } from './search-fields.ts';
import type { SearchTerm } from './search-terms.ts';

/**
 * PostgreSQL: tender.search_vector (weights A title, B organisation/codes, D description; the
 * `breeze_search` configuration folds accents) with a GIN index, from migration 2026-11-22-02.
 * Raw SQL because tsquery operators and ts_rank_cd have no Kysely builder; every value is a
 * parameter.
 */

const COLUMNS: FilterColumns = {
  status: 'lower(t.status)',
  notClosedAfter: '(t.closing_date IS NULL OR t.closing_date > ?)',
  closedBy: 't.closing_date <= ?',
  regionKeys: 't.region_keys',
  categoryCodes: 't.category_codes',
  kindText: `('|' || lower(coalesce(t.procurement_type, '')) || '|' || lower(coalesce(t.procurement_method, '')) || '|')`,
  noticeKey: `lower(coalesce(t.procurement_type, ''))`,
  entityKey: `lower(coalesce(t.contracting_entity_name, ''))`,
  closingDate: 't.closing_date',
  publishedDate: 't.published_date',
  estimatedValue: 't.estimated_value',
  firstSeenAfter: 't.created_at > ?',
  like: 'ILIKE',
};

// Every column but search_vector, which is large and not part of the API.
const TENDER_COLUMNS = [
  'id',
  'source',
  'reference_number',
  'source_reference',
  'amendment_number',
  'amendment_date',
  'title',
  'title_fr',
  'description',
  'description_fr',
  'status',
  'procurement_type',
  'procurement_type_fr',
  'procurement_method',
  'procurement_method_fr',
  'category_primary',
  'category_codes',
  'gsin',
  'gsin_description',
  'gsin_description_fr',
  'unspsc',
  'unspsc_description',
  'unspsc_description_fr',
  'delivery_location',
  'regions_of_delivery',
  'regions_of_delivery_fr',
  'regions_of_opportunity',
  'regions_of_opportunity_fr',
  'region_keys',
  'selection_criteria',
  'selection_criteria_fr',
  'limited_tendering_reason',
  'trade_agreements',
  'trade_agreements_fr',
  'contracting_entity_name',
  'contracting_entity_name_fr',
  'contracting_entity_address',
  'contracting_entity_city',
  'contracting_entity_province',
  'contracting_entity_postal_code',
  'contracting_entity_country',
  'end_user_entity',
  'contact_name',
  'contact_email',
  'contact_phone',
  'contact_fax',
  'contact_address',
  'published_date',
  'closing_date',
  'contract_start_date',
  'contract_end_date',
  'source_url',
  'attachment_urls',
  'estimated_value',
  'content_hash',
  'raw',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof TenderTable>;

/** A to_tsquery text from our own words, each quoted: user text never becomes tsquery syntax. */
const lexeme = (v: string, weight = '') => `'${v}'${weight}`;
const anyVariant = (t: SearchTerm) => `(${t.variants.map((v) => lexeme(v)).join(' | ')})`;
export function tsQuery(required: SearchTerm[], inTitle?: SearchTerm[]): string {
  const all = required.map(anyVariant).join(' & ');
  if (!inTitle?.length) return all;
  return `${all} & (${inTitle.flatMap((t) => t.variants.map((v) => lexeme(v, ':A'))).join(' | ')})`;
}

/** `?` placeholders → `$1, $2, …` (our SQL has no other question marks). */
function compile(text: string, params: unknown[]): CompiledQuery {
  let i = 0;
  return CompiledQuery.raw(
    text.replace(/\?/g, () => `$${++i}`),
    params,
  );
}

export function postgresSearchBackend(dbh: DbHandle): SearchBackend {
  const run = async <R>(text: string, params: unknown[]) => (await dbh.db.executeQuery<R>(compile(text, params))).rows;
  const count = async (text: string, params: unknown[]) => Number((await run<{ n: number }>(text, params))[0]?.n ?? 0);

  return {
    documentFrequency(_scope, term, cap) {
      // One vocabulary for both scopes on PostgreSQL: weights are relative anyway.
      return count(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM tender t WHERE t.search_vector @@ to_tsquery('breeze_search', ?) LIMIT ?) x`,
        [tsQuery([term]), cap],
      );
    },

    scopeSize() {
      return count('SELECT count(*)::int AS n FROM tender', []);
    },

    countMatches(query, cap) {
      const { from, params } = matchFrom(query);
      return count(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ?) x`, [...params, cap]);
    },

    async findCandidates(query, limit) {
      // ts_rank_cd runs on the candidates only (after the LIMIT), so it is always computed.
      const { from, params } = matchFrom(query);
      const codes = CODE_COLUMNS.map((c) => `t.${c}`).join(', ');
      // GIN cannot return matches in order, so "newest" is a top-N sort of the matches; the rank
      // and the texts are computed after the LIMIT, for the candidates only.
      const rows = await run<{ k: string; r: number; t: string; c: string; cat: string; v: number | null }>(
        `SELECT m.id AS k, ts_rank_cd(m.search_vector, to_tsquery('breeze_search', ?)) AS r,
           concat_ws(' ', m.title, m.title_fr) AS t, m.c, m.category_codes AS cat, m.estimated_value AS v
         FROM (SELECT t.id, t.published_date, t.search_vector, t.title, t.title_fr, t.category_codes, t.estimated_value,
                 concat_ws(' ', ${codes}) AS c
               ${from} ORDER BY t.published_date DESC NULLS LAST, t.id DESC${limit === undefined ? '' : ' LIMIT ?'}) m
         ORDER BY m.published_date DESC NULLS LAST, m.id DESC`,
        [tsQuery(query.required), ...params, ...(limit === undefined ? [] : [limit])],
      );
      return rows.map((row): Candidate => ({
        key: row.k,
        titleText: row.t,
        codeText: `${row.c} ${categoryLabels(row.cat)}`,
        nativeRank: row.r,
        estimatedValue: row.v,
      }));
    },

    async browse(scope, filters, page) {
      const { where, params } = filterClause(filters, COLUMNS);
      const total = await count(`SELECT count(*)::int AS n FROM (SELECT 1 FROM tender t WHERE ${where} LIMIT ?) x`, [
        ...params,
        page.cap,
      ]);
      const rows = await run<{ id: string }>(
        `SELECT t.id FROM tender t WHERE ${where} ORDER BY ${browseOrder(scope, filters)} LIMIT ? OFFSET ?`,
        [...params, page.limit, page.offset],
      );
      return { keys: rows.map((r) => r.id), total };
    },

    loadRowsById(ids) {
      return this.loadRows(ids);
    },

    async loadRows(keys) {
      if (keys.length === 0) return new Map();
      const rows = await dbh.db
        .selectFrom('tender')
        .select(TENDER_COLUMNS)
        .where('id', 'in', keys.map(String))
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}

function matchFrom(query: MatchQuery): { from: string; params: unknown[] } {
  const { where, params } = filterClause(query.filters, COLUMNS);
  return {
    from: `FROM tender t WHERE t.search_vector @@ to_tsquery('breeze_search', ?) AND ${where}`,
    params: [tsQuery(query.required, query.inTitle), ...params],
  };
}

function categoryLabels(codes: string): string {
  return Object.entries(CATEGORY_LABELS)
    .filter(([code]) => codes.includes(`|${code}|`))
    .map(([, label]) => label)
    .join(' ');
}

function browseOrder(scope: Scope, filters: SearchFilters): string {
  const valueFirst = hasValueBound(filters) ? 't.estimated_value IS NULL, ' : '';
  return `${valueFirst}t.closing_date ${scope === 'open' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'}, t.id DESC`;
}
