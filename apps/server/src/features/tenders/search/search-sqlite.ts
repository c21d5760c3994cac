import type SQLite from 'better-sqlite3';
import { SEARCH_DESCRIPTION_LENGTH } from '@app/shared/tender';
import type { DbHandle } from '../../../db/connect.ts';
import type { TenderRow } from '../tender-row.ts';
import type { MatchQuery, SearchBackend } from './search.ts';
import { filterClause, hasValueBound, type FilterColumns, type Scope, type SearchFilters } from './search-filters.ts';
import type { Candidate } from './search-scoring.ts';
import { words, type SearchTerm } from './search-terms.ts';

/**
 * SQLite: FTS5 through the raw better-sqlite3 handle, with prepared statements cached by SQL
 * text (Kysely would rebuild and recompile each query; at a few ms per search that matters).
 * Tables come from migrations 2026-11-22-02 and 2026-11-23-01: tender_fts (contentless FTS5,
 * rowid = tender.rowid, with a `state` facet) and tender_search (narrow filter columns,
 * doc_id = tender.rowid). Open notices are normally searched in memory (open-index.ts); this
 * engine answers the other statuses, and the open ones while that index is not ready.
 */

const INDEX = 'tender_fts';
// bm25 column weights: title, codes, description; the facet columns count for nothing. Only
// a tie-breaker (see search-scoring.ts).
const bm25 = `bm25(${INDEX}, 10.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0)`;
/** The state facet is exact when the sweep ran at most this long before the search's `now`. */
const SWEEP_FRESH_MS = 1_000;

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
  // tender_search has no ingestion time; tender_created_idx makes this set small and quick.
  firstSeenAfter: 's.doc_id IN (SELECT rowid FROM tender WHERE created_at > ?)',
  like: 'LIKE',
};

/** An FTS5 query from our own words, each quoted: user text never becomes FTS5 syntax. */
const quoted = (word: string) => `"${word}"`;
const anyVariant = (t: SearchTerm) => `(${t.variants.map(quoted).join(' OR ')})`;

export function ftsQuery(
  required: SearchTerm[],
  inTitle?: SearchTerm[],
  filters?: SearchFilters,
  states?: string[],
): string {
  // Keywords are only looked for in the text columns, never in the facet columns.
  const parts = [`{title codes description} : (${required.map(anyVariant).join(' AND ')})`];
  if (inTitle?.length) parts.push(`{title} : (${inTitle.flatMap((t) => t.variants.map(quoted)).join(' OR ')})`);
  if (filters) parts.push(...facetTerms(filters));
  if (states?.length) parts.push(`{state} : (${states.map(quoted).join(' OR ')})`);
  return parts.join(' AND ');
}

/**
 * The `state` facet values a status filter wants (migration 2026-11-23-01), or undefined when
 * the facet cannot be trusted: a caller-supplied `now` away from the clock, or words that are
 * not single tokens.
 */
export function stateTerms(filters: SearchFilters, sweptAt: number): string[] | undefined {
  const now = Date.parse(filters.now);
  if (!(now >= sweptAt && now - sweptAt <= SWEEP_FRESH_MS)) return undefined;
  const states = [...(filters.status.open ? ['open'] : []), ...(filters.status.closed ? ['closed'] : [])];
  for (const other of filters.status.others) {
    const w = words(other);
    if (w.length !== 1) return undefined;
    states.push(w[0] as string);
  }
  return states;
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
  /** When the sweep last made the state facet exact (ms); 0: never. */
  let sweptAt = 0;
  const states = (filters: SearchFilters) => stateTerms(filters, sweptAt);

  /** FROM … WHERE of a text query over tender_fts joined to the filter columns. */
  const matchFrom = (query: MatchQuery): { from: string; params: unknown[] } => {
    const { where, params } = filterClause(query.filters, COLUMNS);
    // FTS5 wants its table name, not an alias, left of MATCH and in bm25(). CROSS JOIN makes
    // SQLite keep the index as the outer loop: left to itself it scans tender_search and runs
    // the MATCH once per row (100× slower), and cannot use FTS5's rowid order for the LIMIT.
    return {
      from: `FROM ${INDEX} CROSS JOIN tender_search s ON s.doc_id = ${INDEX}.rowid WHERE ${INDEX} MATCH ? AND ${where}`,
      params: [ftsQuery(query.required, query.inTitle, query.filters, states(query.filters)), ...params],
    };
  };

  return {
    async refreshOpenIndex() {
      // Notices indexed as open whose closing time has passed are re-indexed (a touch fires the
      // update trigger, which writes state `closed` and logs the change), so that the state
      // facet is exact. A few rows a minute in steady state. Uses the real clock: a `now`
      // passed by a caller must never re-index notices that are still open.
      const at = Date.now();
      // At most twice a second: the facet stays exact for searches within SWEEP_FRESH_MS.
      if (at - sweptAt < SWEEP_FRESH_MS / 2) return;
      const iso = new Date(at).toISOString();
      const stale = prepare(
        `SELECT doc_id FROM tender_search WHERE open_indexed = 1 AND closing_sort <= ? LIMIT 2000`,
      ).pluck();
      const touch = prepare(`UPDATE tender SET status = status WHERE rowid = ?`);
      try {
        for (let ids = stale.all(iso) as number[]; ids.length > 0; ids = stale.all(iso) as number[]) {
          db.transaction(() => {
            for (const id of ids) touch.run(id);
          })();
        }
        sweptAt = at;
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

    async documentFrequency(_scope, term, cap) {
      return count(`SELECT count(*) FROM (SELECT 1 FROM ${INDEX} WHERE ${INDEX} MATCH ? LIMIT ?)`, [
        ftsQuery([term]),
        cap,
      ]);
    },

    async scopeSize() {
      // Only weighs words against each other: max(doc_id) is close enough.
      return count(`SELECT coalesce(max(doc_id), 0) FROM tender_search`, []);
    },

    countIsCheap() {
      // Every count goes through the join (the status filter at least): read the matches then.
      return false;
    },

    async countMatches(query, cap) {
      const { from, params } = matchFrom(query);
      return count(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT ?)`, [...params, cap]);
    },

    async findCandidates(query, limit, withRank) {
      const { from, params } = matchFrom(query);
      // ORDER BY rowid DESC is consumed by FTS5, so LIMIT stops the scan early and the join runs
      // for the rows returned, not for every match of a common word. bm25 is asked for only
      // when matches are few: its first call reads each word's whole doclist for the IDF.
      // bm25 would also read the doclists of facet words ("for" of "Request for Proposal").
      const facets = facetTerms(query.filters).length > 0 || states(query.filters) !== undefined;
      const rank = withRank && !facets ? bm25 : '0';
      const text = `SELECT ${INDEX}.rowid AS k, ${rank} AS r, s.title_text AS t, s.code_text AS c, s.estimated_value AS v
        ${from} ORDER BY ${INDEX}.rowid DESC${limit === undefined ? '' : ' LIMIT ?'}`;
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
      const facetStates = states(filters);
      if (facetStates) facets.push(`{state} : (${facetStates.map(quoted).join(' OR ')})`);
      if (facets.length > 0 && page.offset + page.limit <= page.cap) {
        // Facet filters (regions, categories, notice types, organisations, states): FTS5 finds
        // the candidates from its facet columns, the join checks every filter exactly.
        const from = `FROM ${INDEX} CROSS JOIN tender_search s ON s.doc_id = ${INDEX}.rowid
          WHERE ${INDEX} MATCH ? AND ${clause.where}`;
        const params = [facets.join(' AND '), ...clause.params];
        const total = count(`SELECT count(*) FROM (SELECT 1 ${from} LIMIT ?)`, [...params, page.cap]);
        if (total < page.cap) {
          // Few: sort them all (at most the cap) and take the page.
          const keys = prepare(`SELECT s.doc_id ${from} ORDER BY ${browseOrder(scope, filters)} LIMIT ? OFFSET ?`)
            .pluck()
            .all(...params, page.limit, page.offset) as number[];
          return { keys, total };
        }
      }
      // Open notices: the partial closing-order index of rows indexed as open holds them all
      // (a notice is re-indexed only after it closes), so the scan reads no closed history.
      const open = scope === 'open';
      const from = open ? 'tender_search s INDEXED BY tender_search_open_closing_idx' : 'tender_search s';
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
      return rowsWhere('rowid', keys);
    },

    async loadRowsById(ids) {
      return rowsWhere('id', ids);
    },
  };

  /**
   * Rows by rowid or id (a row deleted meanwhile is simply missing). Results carry description
   * snippets only (SEARCH_DESCRIPTION_LENGTH) and never the raw row: read no more than that
   * (the raw JSON alone is several KB of overflow pages).
   */
  function rowsWhere(column: 'rowid' | 'id', keys: Array<number | string>): Map<number | string, TenderRow> {
    if (keys.length === 0) return new Map();
    const rows = prepare(
      `SELECT ${column} AS _k, ${resultColumns()} FROM tender WHERE ${column} IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(keys)) as Array<TenderRow & { _k: number | string }>;
    return new Map(rows.map(({ _k, ...row }) => [_k, row]));
  }
}

/** Open tenders: soonest closing first. Past ones: latest closing first. Unknown amounts last. */
function browseOrder(scope: Scope, filters: SearchFilters): string {
  const valueFirst = hasValueBound(filters) ? 's.estimated_value IS NULL, ' : '';
  return `${valueFirst}s.closing_sort ${scope === 'open' ? 'ASC' : 'DESC'}, s.doc_id DESC`;
}
