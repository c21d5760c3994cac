import type SQLite from 'better-sqlite3';
import { SEARCH_DESCRIPTION_LENGTH } from '@app/shared/tender';
import type { DbHandle } from '../../../db/connect.ts';
import type { TenderRow } from '../tender-row.ts';
import type { MatchQuery, SearchBackend } from './search.ts';
import {
  filterClause,
  hasValueBound,
  isOpenOnly,
  type FilterColumns,
  type Scope,
  type SearchFilters,
} from './search-filters.ts';
import type { Candidate } from './search-scoring.ts';
import { words, type SearchTerm } from './search-terms.ts';

/**
 * SQLite: FTS5 through the raw better-sqlite3 handle, with prepared statements cached by SQL
 * text (Kysely would rebuild and recompile each query; at a few ms per search that matters).
 * Tables come from migration 2026-11-22-02: tender_fts_open / tender_fts (contentless FTS5,
 * rowid = tender.rowid) and tender_search (narrow filter columns, doc_id = tender.rowid).
 */

const INDEX: Record<Scope, string> = { open: 'tender_fts_open', all: 'tender_fts' };
// bm25 column weights: title, codes, description; the facet columns count for nothing. Only
// a tie-breaker (see search-scoring.ts).
const bm25 = (index: string) => `bm25(${index}, 10.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0)`;

const COLUMNS: FilterColumns = {
  status: 's.status_key',
  // closing_sort is the closing instant, or 9999-… when unknown, so "not closed" is one range.
  notClosedAfter: 's.closing_sort > ?',
  closedBy: 's.closing_sort <= ?',
  regionKeys: 's.region_keys',
  categoryCodes: 's.category_codes',
  kindText: 's.kind_text',
  noticeKey: 's.notice_key',
  entityKey: 's.entity_key',
  closingDate: 's.closing_date',
  publishedDate: 's.published_date',
  estimatedValue: 's.estimated_value',
  like: 'LIKE',
};

/** An FTS5 query from our own words, each quoted: user text never becomes FTS5 syntax. */
const quoted = (word: string) => `"${word}"`;
const anyVariant = (t: SearchTerm) => `(${t.variants.map(quoted).join(' OR ')})`;

export function ftsQuery(required: SearchTerm[], inTitle?: SearchTerm[], filters?: SearchFilters): string {
  // Keywords are only looked for in the text columns, never in the facet columns.
  const parts = [`{title codes description} : (${required.map(anyVariant).join(' AND ')})`];
  if (inTitle?.length) parts.push(`{title} : (${inTitle.flatMap((t) => t.variants.map(quoted)).join(' OR ')})`);
  if (filters) parts.push(...facetTerms(filters));
  return parts.join(' AND ');
}

/**
 * Filter values as FTS5 terms over the facet columns. A necessary condition only (the exact
 * SQL filter still runs on what FTS5 returns), so a word-level match is enough: "British
 * Columbia" → {regions} : ("british" AND "columbia"). A value with no words can't narrow.
 */
function facetTerms(f: SearchFilters): string[] {
  const facets: Array<[string, string[]]> = [
    ['regions', f.regions],
    ['categories', f.categories],
    ['notice', f.noticeTypes],
    ['entity', f.entities],
  ];
  return facets.flatMap(([column, values]) => {
    const groups = values.map((v) => words(v).map(quoted));
    if (groups.length === 0 || groups.some((g) => g.length === 0)) return [];
    return [`{${column}} : (${groups.map((g) => `(${g.join(' AND ')})`).join(' OR ')})`];
  });
}

export function sqliteSearchBackend(dbh: DbHandle): SearchBackend {
  const db = dbh.sqlite;
  if (!db) throw new Error('sqliteSearchBackend needs the better-sqlite3 handle');
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string) => {
    let stmt = statements.get(text);
    if (!stmt) {
      if (statements.size > 500) statements.clear(); // filter combinations are many but few are hot
      stmt = db.prepare(text);
      statements.set(text, stmt);
    }
    return stmt;
  };
  const count = (text: string, params: unknown[]) =>
    Number(
      prepare(text)
        .pluck()
        .get(...params) ?? 0,
    );
  let columns: string | undefined;
  const resultColumns = () =>
    (columns ??= (db.pragma('table_info(tender)') as Array<{ name: string }>)
      .map(({ name }) =>
        name === 'raw'
          ? `'' AS raw`
          : name === 'description' || name === 'description_fr'
            ? `substr(${name}, 1, ${SEARCH_DESCRIPTION_LENGTH + 1}) AS ${name}`
            : name,
      )
      .join(', '));
  /** Instant up to which tender_fts_open holds only notices still open (see refreshOpenIndex). */
  let openIndexExactAt = '';

  /** True when the open index alone answers "open at `now`": no join needed to count. */
  const openIndexSuffices = (query: MatchQuery) =>
    query.scope === 'open' && isOpenOnly(query.filters) && query.filters.now <= openIndexExactAt;

  return {
    async refreshOpenIndex() {
      // Takes notices whose closing time has passed out of the open index, so that it holds
      // exactly the notices open now. A few rows a minute in steady state. Uses the real clock:
      // a `now` passed by a caller must never remove notices that are still open.
      const at = new Date().toISOString();
      const stale = prepare(
        `SELECT doc_id FROM tender_search WHERE open_indexed = 1 AND closing_sort <= ? LIMIT 2000`,
      ).pluck();
      const unindex = prepare(`DELETE FROM tender_fts_open WHERE rowid = ?`);
      const mark = prepare(`UPDATE tender_search SET open_indexed = 0 WHERE doc_id = ?`);
      try {
        for (let ids = stale.all(at) as number[]; ids.length > 0; ids = stale.all(at) as number[]) {
          db.transaction(() => {
            for (const id of ids) {
              unindex.run(id);
              mark.run(id);
            }
          })();
        }
        openIndexExactAt = at;
      } catch (err) {
        // Busy or read-only: searches still answer correctly through the join, only slower.
        if (!(err instanceof Error && 'code' in err && /^SQLITE_(BUSY|LOCKED|READONLY)/.test(String(err.code))))
          throw err;
      }
    },

    dataVersion() {
      // data_version moves when another connection commits; total_changes when this one writes.
      return `${String(db.pragma('data_version', { simple: true }))}:${String(prepare('SELECT total_changes()').pluck().get())}`;
    },

    async documentFrequency(scope, term, cap) {
      const index = INDEX[scope];
      return count(`SELECT count(*) FROM (SELECT 1 FROM ${index} WHERE ${index} MATCH ? LIMIT ?)`, [
        ftsQuery([term]),
        cap,
      ]);
    },

    async scopeSize(scope) {
      // Only weighs words against each other: max(doc_id) is close enough for the full index.
      return scope === 'open'
        ? count(`SELECT count(*) FROM tender_search WHERE open_indexed = 1`, [])
        : count(`SELECT coalesce(max(doc_id), 0) FROM tender_search`, []);
    },

    countIsCheap(query) {
      return openIndexSuffices(query);
    },

    async countMatches(query, cap) {
      if (openIndexSuffices(query)) {
        // The everyday search: counted inside FTS5 (doclists only), 3× faster than the join.
        return count(`SELECT count(*) FROM (SELECT 1 FROM tender_fts_open WHERE tender_fts_open MATCH ? LIMIT ?)`, [
          ftsQuery(query.required, query.inTitle),
          cap,
        ]);
      }
      const { from, params } = matchFrom(query);
      return count(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT ?)`, [...params, cap]);
    },

    async findCandidates(query, limit, withRank) {
      const { from, params } = matchFrom(query);
      // ORDER BY rowid DESC is consumed by FTS5, so LIMIT stops the scan early and the join runs
      // for the rows returned, not for every match of a common word. bm25 is asked for only
      // when matches are few: its first call reads each word's whole doclist for the IDF.
      const index = INDEX[query.scope];
      // bm25 would also read the doclists of facet words ("for" of "Request for Proposal").
      const rank = withRank && facetTerms(query.filters).length === 0 ? bm25(index) : '0';
      const text = `SELECT ${index}.rowid AS k, ${rank} AS r, s.title_text AS t, s.code_text AS c, s.estimated_value AS v
        ${from} ORDER BY ${index}.rowid DESC${limit === undefined ? '' : ' LIMIT ?'}`;
      const rows = prepare(text).all(...params, ...(limit === undefined ? [] : [limit])) as Array<{
        k: number;
        r: number;
        t: string;
        c: string;
        v: number | null;
      }>;
      return rows.map((row): Candidate => ({
        key: row.k,
        titleText: row.t,
        codeText: row.c,
        nativeRank: -row.r,
        estimatedValue: row.v,
      }));
    },

    async browse(scope, filters, page) {
      const clause = filterClause(filters, COLUMNS);
      const facets = facetTerms(filters);
      if (scope === 'open' && facets.length > 0 && page.offset + page.limit <= page.cap) {
        // Facet filters (regions, categories, notice types, organisations): FTS5 finds the
        // candidates from its facet columns, the join checks every filter exactly. Counting
        // this way reads the facet doclists instead of scanning the 50k open notices with LIKE.
        const from = `FROM tender_fts_open CROSS JOIN tender_search s ON s.doc_id = tender_fts_open.rowid
          WHERE tender_fts_open MATCH ? AND ${clause.where}`;
        const params = [facets.join(' AND '), ...clause.params];
        const total = count(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT ?)`, [...params, page.cap]);
        if (total < page.cap) {
          // Few: sort them all (at most the cap) and take the page.
          const keys = prepare(
            `SELECT s.doc_id ${from} ORDER BY ${browseOrder(scope, filters)} LIMIT ? OFFSET ?`,
          )
            .pluck()
            .all(...params, page.limit, page.offset) as number[];
          return { keys, total };
        }
        // Many: the closing-order index finds a page quickly (matches are dense).
        const keys = prepare(
          `SELECT s.doc_id FROM tender_search s INDEXED BY tender_search_open_idx WHERE s.open_indexed = 1 AND ${clause.where}
            ORDER BY ${browseOrder(scope, filters)} LIMIT ? OFFSET ?`,
        )
          .pluck()
          .all(...clause.params, page.limit, page.offset) as number[];
        return { keys, total };
      }
      // In the open scope, read only the covering partial index of open notices (open_indexed
      // = 1 holds for every open notice, so the extra condition changes nothing). Left alone,
      // SQLite prefers (status_key, closing_sort) and reads 50k table rows: 100 ms.
      const open = scope === 'open';
      const from = open ? 'tender_search s INDEXED BY tender_search_open_idx' : 'tender_search s';
      const where = open ? `s.open_indexed = 1 AND ${clause.where}` : clause.where;
      const params = clause.params;
      const total = count(`SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ?)`, [...params, page.cap]);
      const keys = prepare(
        `SELECT s.doc_id FROM ${from} WHERE ${where} ORDER BY ${browseOrder(scope, filters)} LIMIT ? OFFSET ?`,
      )
        .pluck()
        .all(...params, page.limit, page.offset) as number[];
      return { keys, total };
    },

    async loadRows(keys) {
      if (keys.length === 0) return new Map();
      // Results carry description snippets only (SEARCH_DESCRIPTION_LENGTH) and never the raw
      // row: read no more than that (the raw JSON alone is several KB of overflow pages).
      const rows = prepare(`SELECT rowid AS _k, ${resultColumns()} FROM tender WHERE rowid IN (SELECT value FROM json_each(?))`).all(
        JSON.stringify(keys),
      ) as Array<TenderRow & { _k: number }>;
      return new Map(rows.map(({ _k, ...row }) => [_k, row]));
    },
  };
}

/** FROM … WHERE of a text query over the scope's index joined to the filter columns. */
function matchFrom(query: MatchQuery): { from: string; params: unknown[] } {
  const { where, params } = filterClause(query.filters, COLUMNS);
  // FTS5 wants its table name, not an alias, left of MATCH and in bm25(). CROSS JOIN makes
  // SQLite keep the index as the outer loop: left to itself it scans tender_search and runs
  // the MATCH once per row (100× slower), and cannot use FTS5's rowid order for the LIMIT.
  const index = INDEX[query.scope];
  return {
    from: `FROM ${index} CROSS JOIN tender_search s ON s.doc_id = ${index}.rowid WHERE ${index} MATCH ? AND ${where}`,
    params: [ftsQuery(query.required, query.inTitle, query.filters), ...params],
  };
}

/** Open tenders: soonest closing first. Past ones: latest closing first. Unknown amounts last. */
function browseOrder(scope: Scope, filters: SearchFilters): string {
  const valueFirst = hasValueBound(filters) ? 's.estimated_value IS NULL, ' : '';
  return `${valueFirst}s.closing_sort ${scope === 'open' ? 'ASC' : 'DESC'}, s.doc_id DESC`;
}
