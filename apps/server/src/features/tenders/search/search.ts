import {
  SEARCH_DESCRIPTION_LENGTH,
  type SearchCriteria,
  type SearchResponse,
  type SearchResult,
} from '@app/shared/tender';
import type { DbHandle } from '../../../db/connect.ts';
import { toTender, type TenderRow } from '../tender-row.ts';
import { parseQuery, type ParsedQuery } from './query-parser.ts';
import { LiveOpenIndex } from './open-index-live.ts';
import type { OpenIndex } from './open-index.ts';
import { hasValueBound, resolveFilters, scopeOf, type Scope, type SearchFilters } from './search-filters.ts';
import { postgresSearchBackend } from './search-postgres.ts';
import {
  browseScore,
  idf,
  rank,
  scoreCandidate,
  type Candidate,
  type Ranked,
  type WeightedTerm,
} from './search-scoring.ts';
import { sqliteSearchBackend } from './search-sqlite.ts';
import { searchTerms, type SearchTerm } from './search-terms.ts';

/**
 * Full-text search with filters (ADR 0004). The algorithm lives here; each database supplies
 * the few primitives below. A broad query never ranks every match: matches are counted (up to
 * COUNT_CAP), and only a bounded candidate set is scored, the newest matches plus the newest
 * matches with a query word in the title, unless all matches fit in FULL_RANK_LIMIT.
 */
export interface MatchQuery {
  scope: Scope;
  filters: SearchFilters;
  required: SearchTerm[];
  /** When set, at least one of these words must be in the title. */
  inTitle?: SearchTerm[];
}

export interface SearchBackend {
  /** Housekeeping before a search (SQLite: re-index notices that have just closed, for the state facet). */
  refreshOpenIndex?(): Promise<void>;
  /** Changes whenever the data may have changed; undefined when it cannot tell (no caching). */
  dataVersion?(): string | undefined;
  /** Notices containing the word (any variant) in the scope, counting at most `cap`. */
  documentFrequency(scope: Scope, term: SearchTerm, cap: number): Promise<number>;
  scopeSize(scope: Scope): Promise<number>;
  /** True when countMatches reads the index only (no join): then counting first is cheaper. */
  countIsCheap?(query: MatchQuery): boolean;
  /** Matches of the query, counting at most `cap`. */
  countMatches(query: MatchQuery, cap: number): Promise<number>;
  /** Matches newest first, at most `limit` (all when undefined); the engine rank if `withRank`. */
  findCandidates(query: MatchQuery, limit: number | undefined, withRank: boolean): Promise<Candidate[]>;
  /** Filter-only listing ordered by closing date; keys of one page and the (capped) count. */
  browse(
    scope: Scope,
    filters: SearchFilters,
    page: { offset: number; limit: number; cap: number },
  ): Promise<{ keys: Array<number | string>; total: number }>;
  /**
   * Rows by key (a row deleted meanwhile is simply missing). The descriptions may be cut after
   * SEARCH_DESCRIPTION_LENGTH + 1 characters and `raw` left empty: results carry snippets only.
   */
  loadRows(keys: Array<number | string>): Promise<Map<number | string, TenderRow>>;
  /** loadRows by tender id (what the in-memory open index returns). */
  loadRowsById(ids: string[]): Promise<Map<number | string, TenderRow>>;
}

/** Matches are counted exactly up to here ("1,000+" beyond): counting is bounded work (ADR 0004). */
export const COUNT_CAP = 1_000;
export const FULL_RANK_LIMIT = 500;
export const CANDIDATES = 200;
const DF_CAP = 20_000;
const CACHE_TTL_MS = 10 * 60_000;

// Document frequencies and index sizes only weigh words against each other; a few minutes
// out of date changes no ranking, and looking them up costs as much as the search.
interface StatsCache {
  at: number;
  values: Map<string, number>;
}
const statsCaches = new WeakMap<SearchBackend, StatsCache>();

async function cachedStat(backend: SearchBackend, key: string, load: () => Promise<number>): Promise<number> {
  let cache = statsCaches.get(backend);
  if (!cache || Date.now() - cache.at > CACHE_TTL_MS || cache.values.size > 20_000) {
    cache = { at: Date.now(), values: new Map() };
    statsCaches.set(backend, cache);
  }
  const hit = cache.values.get(key);
  if (hit !== undefined) return hit;
  const value = await load();
  cache.values.set(key, value);
  return value;
}

const backends = new WeakMap<DbHandle, SearchBackend>();
function backendFor(dbh: DbHandle): SearchBackend {
  let backend = backends.get(dbh);
  if (!backend) {
    backend = dbh.dialect === 'sqlite' ? sqliteSearchBackend(dbh) : postgresSearchBackend(dbh);
    backends.set(dbh, backend);
  }
  return backend;
}

const liveIndexes = new WeakMap<DbHandle, LiveOpenIndex>();
/** The process's in-memory index of open notices for this database (open-index-live.ts). */
export function liveOpenIndex(dbh: DbHandle): LiveOpenIndex {
  let live = liveIndexes.get(dbh);
  if (!live) liveIndexes.set(dbh, (live = new LiveOpenIndex(dbh, (msg, err) => console.error(msg, err))));
  return live;
}

/** Drops the cached statistics, e.g. after a large ingestion or in tests. */
export function resetSearchStats(dbh: DbHandle): void {
  const backend = backends.get(dbh);
  if (backend) statsCaches.delete(backend);
}

// Recent responses, per database handle. Only where the backend can tell when data changed
// (SQLite, one process); short-lived because statuses change with the clock.
const RESULT_TTL_MS = 15_000;
const RESULT_CACHE_SIZE = 500;
let resultCacheEnabled = true;
type Form = 'object' | 'json';
const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');
/** The 'object' form's json (never sent). */
const NO_JSON = Buffer.alloc(0);
const resultCaches = new WeakMap<SearchBackend, Map<string, { at: number; version: string; answer: Answer }>>();

/** The benchmark measures the engine itself with the cache off. */
export function setSearchResultCache(enabled: boolean): void {
  resultCacheEnabled = enabled;
}

/** Server-side narrowing that is not part of the public criteria. */
export interface SearchOptions {
  /** Only tenders first ingested after this ISO instant: the alert job's "new since its last run" (ADR 0012). */
  firstSeenAfter?: string;
}

export async function searchTenders(
  dbh: DbHandle,
  criteria: SearchCriteria,
  now = new Date(),
  options: SearchOptions = {},
): Promise<SearchResponse> {
  return (await answer(dbh, criteria, now, 'object', options)).response;
}

/** What the HTTP route sends: the response as UTF-8 JSON, with the figures the route logs. */
export interface SearchJson {
  json: Buffer;
  total: number;
  lowerBound: boolean;
}

/**
 * searchTenders for the HTTP route: the same answer, serialised. Open notices' results are
 * kept as JSON per notice (open-index-live.ts), so a page of them is joined, not rebuilt.
 */
export async function searchTendersJson(dbh: DbHandle, criteria: SearchCriteria): Promise<SearchJson> {
  const { json, total, lowerBound } = await answer(dbh, criteria, new Date(), 'json');
  return { json, total, lowerBound };
}

interface Answer extends SearchJson {
  /** Only for the 'object' form (the JSON form has no result objects). */
  response: SearchResponse;
  engine: 'memory' | 'database';
}

async function answer(
  dbh: DbHandle,
  criteria: SearchCriteria,
  now: Date,
  form: Form,
  options: SearchOptions = {},
): Promise<Answer> {
  const started = performance.now();
  const backend = backendFor(dbh);
  await backend.refreshOpenIndex?.();
  // The caches and the in-memory index describe the present: a caller-supplied `now` (tests,
  // "as of" questions) away from the clock always runs on the database. So does the alert job's
  // narrowing to tenders first seen after an instant (ADR 0012), which only the database engines know.
  const present = Math.abs(now.getTime() - Date.now()) < 1000;
  const narrowed = options.firstSeenAfter !== undefined;
  const live = present && !narrowed ? liveOpenIndex(dbh) : undefined;
  const version = resultCacheEnabled && present && !narrowed ? backend.dataVersion?.() : undefined;
  if (version === undefined) return runSearch(backend, live, criteria, now, started, form, options);

  let cache = resultCaches.get(backend);
  if (!cache) resultCaches.set(backend, (cache = new Map()));
  const key = `${form}|${JSON.stringify(criteria)}`;
  const hit = cache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < RESULT_TTL_MS) return hit.answer;
  const fresh = await runSearch(backend, live, criteria, now, started, form);
  // An open search the database answered because the index was catching up is not kept: the
  // index may be current a moment later, with exact counts.
  if (fresh.engine === 'database' && isOpenScope(criteria, now)) return fresh;
  cache.delete(key);
  cache.set(key, { at: Date.now(), version, answer: fresh });
  if (cache.size > RESULT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return fresh;
}

// The parser reads dates to the day ("closing this month"): its result for a text is the same
// for the rest of the minute. Many searches repeat a text with other filters or pages.
const parses = new Map<string, ParsedQuery>();
function parsedQuery(q: string, now: Date): ParsedQuery {
  const key = `${now.toISOString().slice(0, 16)}|${q}`;
  let parsed = parses.get(key);
  if (!parsed) {
    if (parses.size >= 2_000) parses.delete(parses.keys().next().value as string);
    parsed = parseQuery(q, now);
    parses.set(key, parsed);
  }
  return parsed;
}

const isOpenScope = (criteria: SearchCriteria, now: Date) =>
  scopeOf(resolveFilters(criteria, { regions: [], categories: [], notice_types: [] }, now)) === 'open';

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

async function runSearch(
  backend: SearchBackend,
  live: LiveOpenIndex | undefined,
  criteria: SearchCriteria,
  now: Date,
  started: number,
  form: Form,
  options: SearchOptions = {},
): Promise<Answer> {
  const parsed: ParsedQuery = criteria.parse_query
    ? parsedQuery(criteria.q, now)
    : { keywords: criteria.q.trim(), filters: { regions: [], categories: [], notice_types: [] }, understood: [] };
  const filters: SearchFilters = {
    ...resolveFilters(criteria, parsed.filters, now),
    ...(options.firstSeenAfter !== undefined && { firstSeenAfter: options.firstSeenAfter }),
  };
  const terms = searchTerms(parsed.keywords);

  const index = live && scopeOf(filters) === 'open' ? await live.current() : undefined;
  const metadata = (found: Omit<Found, 'page'>, shown: number): SearchResponse['search_metadata'] => ({
    max_score: found.maxScore,
    query: criteria.q,
    keywords: parsed.keywords,
    understood: parsed.understood,
    offset: criteria.offset,
    limit: criteria.limit,
    has_more: found.lowerBound || criteria.offset + shown < found.total,
    took_ms: elapsed(started),
    total_is_lower_bound: found.lowerBound,
    optional_keywords: found.optional,
    engine: index ? 'memory' : 'database',
  });

  if (live && index) {
    const hits = inMemory(index, terms, filters, criteria);
    const loadResults = async (ids: string[]) => {
      const rows = await backend.loadRowsById(ids);
      return new Map([...rows.values()].map((row) => [row.id, toSearchResult(row, now, 0)]));
    };
    if (form === 'json') {
      const fragments = await live.fragmentsOf(hits.ids, loadResults);
      const parts: Buffer[] = [RESULTS_OPEN];
      let shown = 0;
      hits.ids.forEach((id, i) => {
        const f = fragments.get(id);
        if (f === undefined) return;
        if (shown++ > 0) parts.push(COMMA);
        parts.push(f, Buffer.from(`,"search_score":${JSON.stringify(hits.scores[i])}}`, 'latin1'));
      });
      const meta = metadata(hits, shown);
      parts.push(Buffer.from(`],"total_results":${hits.total},"search_metadata":${JSON.stringify(meta)}}`));
      const json = Buffer.concat(parts);
      return {
        json,
        total: hits.total,
        lowerBound: false,
        engine: 'memory',
        response: emptyResponse(hits.total, meta),
      };
    }
    const shown = await live.resultsOf(hits.ids, loadResults);
    const results = hits.ids.flatMap((id, i) => {
      const r = shown.get(id);
      return r ? [{ ...r, search_score: hits.scores[i] as number }] : [];
    });
    const response = { results, total_results: hits.total, search_metadata: metadata(hits, results.length) };
    return { response, json: NO_JSON, total: hits.total, lowerBound: false, engine: 'memory' };
  }

  const found =
    terms.length > 0 ? await textSearch(backend, terms, filters, criteria) : await browse(backend, filters, criteria);
  const rows = found.rows ?? (await backend.loadRows(found.page.map((r) => r.candidate.key)));
  const results = found.page.flatMap(({ candidate, score }) => {
    const row = rows.get(candidate.key);
    return row ? [toSearchResult(row, now, score)] : [];
  });
  const response: SearchResponse = {
    results,
    total_results: found.total,
    search_metadata: metadata(found, results.length),
  };
  const json = form === 'json' ? Buffer.from(JSON.stringify(response)) : NO_JSON;
  return { response, json, total: found.total, lowerBound: found.lowerBound, engine: 'database' };
}

const emptyResponse = (total: number, meta: SearchResponse['search_metadata']): SearchResponse => ({
  results: [],
  total_results: total,
  search_metadata: meta,
});

/** A description cut at a word boundary near SEARCH_DESCRIPTION_LENGTH, with an ellipsis. */
export function snippet(text: string | null): { text: string | null; cut: boolean } {
  if (text === null || text.length <= SEARCH_DESCRIPTION_LENGTH) return { text, cut: false };
  const head = text.slice(0, SEARCH_DESCRIPTION_LENGTH);
  const space = head.search(/\s\S*$/);
  return { text: `${(space > SEARCH_DESCRIPTION_LENGTH * 0.75 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

function toSearchResult(row: TenderRow, now: Date, score: number): SearchResult {
  const description = snippet(row.description);
  const descriptionFr = snippet(row.description_fr);
  return {
    ...toTender(row, now),
    description: description.text,
    description_fr: descriptionFr.text,
    description_truncated: description.cut || descriptionFr.cut,
    search_score: score,
  };
}

interface Found {
  page: Ranked[];
  total: number;
  lowerBound: boolean;
  maxScore: number | null;
  optional: string[];
  /** Already loaded (browse reads them to score). */
  rows?: Map<number | string, TenderRow>;
}

/** Open notices from the in-memory index: every match counted and ranked exactly. */
function inMemory(index: OpenIndex, terms: SearchTerm[], filters: SearchFilters, criteria: SearchCriteria) {
  const query = { filters, offset: criteria.offset, limit: criteria.limit };
  const result = terms.length > 0 ? index.search({ ...query, terms }) : index.browse(query);
  return { ...result, lowerBound: false };
}

async function textSearch(
  backend: SearchBackend,
  terms: SearchTerm[],
  filters: SearchFilters,
  criteria: SearchCriteria,
): Promise<Found> {
  const scope = scopeOf(filters);
  const weighted = await weighTerms(backend, scope, terms);
  // Rarest first: if no notice has every word, the commonest words become optional.
  const byRarity = [...weighted].sort((a, b) => b.idf - a.idf);
  // Where counting needs the join anyway (filters, other statuses), read the matches in the
  // same pass: up to COUNT_CAP + 1 of them, newest first. They are the count, all the
  // candidates when few, and the newest candidates otherwise. bm25 only when every word is
  // rarer than DF_CAP (its first call reads each word's whole doclist).
  const together = backend.countIsCheap ? !backend.countIsCheap({ scope, filters, required: byRarity }) : false;
  const probe = async (required: WeightedTerm[]): Promise<{ count: number; rows?: Candidate[] }> => {
    const query = { scope, filters, required };
    if (!together) return { count: await backend.countMatches(query, COUNT_CAP + 1) };
    const withRank = required.every((t) => (t.df ?? DF_CAP) < DF_CAP);
    const rows = await backend.findCandidates(query, COUNT_CAP + 1, withRank);
    return { count: rows.length, rows };
  };
  let required = byRarity;
  let found = await probe(required);
  while (found.count === 0 && required.length > 1) {
    required = required.slice(0, -1);
    found = await probe(required);
  }
  const { count } = found;
  const requiredWords = new Set(required.map((t) => t.word));
  const scored = weighted.map((t) => ({ ...t, required: requiredWords.has(t.word) }));
  const optional = scored.filter((t) => !t.required).map((t) => t.word);
  if (count === 0) return { page: [], total: 0, lowerBound: false, maxScore: null, optional };

  const candidates = await findCandidates(backend, { scope, filters, required }, scored, count, criteria, found.rows);
  const ranked = rank(candidates, scored, hasValueBound(filters));
  return {
    page: ranked.slice(criteria.offset, criteria.offset + criteria.limit),
    total: Math.min(count, COUNT_CAP),
    lowerBound: count > COUNT_CAP,
    maxScore: ranked[0]?.score ?? null,
    optional,
  };
}

async function weighTerms(backend: SearchBackend, scope: Scope, terms: SearchTerm[]): Promise<Array<WeightedTerm>> {
  const size = await cachedStat(backend, `size:${scope}`, () => backend.scopeSize(scope));
  return Promise.all(
    terms.map(async (t) => {
      const df = await cachedStat(backend, `df:${scope}:${t.word}`, () => backend.documentFrequency(scope, t, DF_CAP));
      return { ...t, df, idf: idf(size, df), required: true };
    }),
  );
}

/**
 * All matches when few; else the newest matches plus the newest with a query word in the title.
 * The second set is skipped when the newest already fill the requested page with full scores
 * (every word in the title): nothing can outrank them, and ties keep the newest first.
 */
async function findCandidates(
  backend: SearchBackend,
  query: MatchQuery,
  all: WeightedTerm[],
  count: number,
  criteria: SearchCriteria,
  /** The first matches newest first, when already read (at least FULL_RANK_LIMIT + 1, or all). */
  read?: Candidate[],
): Promise<Candidate[]> {
  if (count <= FULL_RANK_LIMIT) return read ?? backend.findCandidates(query, undefined, true);
  const limit = Math.max(CANDIDATES, criteria.offset + criteria.limit);
  const newest =
    read && read.length >= limit ? read.slice(0, limit) : await backend.findCandidates(query, limit, false);
  const bound = hasValueBound(query.filters);
  let perfect = 0;
  for (const c of newest) if (scoreCandidate(c, all, bound) >= 10) perfect++;
  if (perfect >= criteria.offset + criteria.limit) return newest;
  const titled = await backend.findCandidates({ ...query, inTitle: all }, limit, false);
  const seen = new Set(newest.map((c) => c.key));
  return newest.concat(titled.filter((c) => !seen.has(c.key)));
}

async function browse(backend: SearchBackend, filters: SearchFilters, criteria: SearchCriteria): Promise<Found> {
  const page = { offset: criteria.offset, limit: criteria.limit, cap: COUNT_CAP + 1 };
  const { keys, total } = await backend.browse(scopeOf(filters), filters, page);
  const rows = await backend.loadRows(keys);
  const bound = hasValueBound(filters);
  const ranked = keys.flatMap((key) => {
    const row = rows.get(key);
    if (!row) return [];
    const candidate = { key, titleText: row.title, codeText: '', nativeRank: 0, estimatedValue: row.estimated_value };
    return [{ candidate, score: browseScore(row.estimated_value, bound) }];
  });
  return {
    page: ranked,
    total: Math.min(total, COUNT_CAP),
    lowerBound: total > COUNT_CAP,
    maxScore: ranked.reduce<number | null>((m, r) => (m === null || r.score > m ? r.score : m), null),
    optional: [],
    rows,
  };
}
