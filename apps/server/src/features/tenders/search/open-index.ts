import type { SearchFilters } from './search-filters.ts';
import {
  browseScore,
  FIELD_WEIGHTS,
  idf,
  roundScore,
  UNKNOWN_VALUE_FACTOR,
  type WeightedTerm,
} from './search-scoring.ts';
import { words, type SearchTerm } from './search-terms.ts';

/**
 * The notices open now, indexed in this process's memory (ADR 0004, "Open notices in memory").
 *
 * Every search without a status filter (the default, the home page, the chat, the
 * recommendations) reads only open notices: tens of thousands at most, against a history of
 * millions. Held as an inverted index of typed arrays, they are searched, filtered, counted
 * exactly and ranked completely in well under a millisecond, where FTS5 or GIN spend several
 * reading doclists and joining filter columns. The database stays the source of truth: the
 * index is built from it, kept current from the `tender_change` log (so every app process, on
 * SQLite or PostgreSQL, sees the writes of the others), and a search falls back to the
 * database engine whenever the index is not caught up.
 *
 * Postings hold, per word, the documents containing it and a field mask (title, organisation
 * and codes, description): exactly what the match percentage needs (search-scoring.ts), so
 * scoring reads no text.
 */

/** The columns of a tender row the index reads. */
export interface IndexableRow {
  id: string;
  status: string;
  closing_date: string | null;
  published_date: string | null;
  region_keys: string;
  category_codes: string;
  estimated_value: number | null;
  title: string;
  title_fr: string | null;
  description: string | null;
  description_fr: string | null;
  contracting_entity_name: string | null;
  contracting_entity_name_fr: string | null;
  category_primary: string | null;
  gsin: string | null;
  gsin_description: string | null;
  gsin_description_fr: string | null;
  unspsc: string | null;
  unspsc_description: string | null;
  unspsc_description_fr: string | null;
  procurement_type: string | null;
  procurement_type_fr: string | null;
  procurement_method: string | null;
  procurement_method_fr: string | null;
}

export const INDEXABLE_COLUMNS = [
  'id',
  'status',
  'closing_date',
  'published_date',
  'region_keys',
  'category_codes',
  'estimated_value',
  'title',
  'title_fr',
  'description',
  'description_fr',
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
] as const satisfies ReadonlyArray<keyof IndexableRow>;

const TITLE = 1;
const CODES = 2;
const DESCRIPTION = 4;

// The same words as the database indexes' `codes` column (migration 2026-11-23-01), so that
// "construction" or "biens" find coded notices in both engines.
const CATEGORY_WORDS: Record<string, string> = {
  CNST: 'Construction',
  GD: 'Goods Biens',
  SRV: 'Services',
  SRVTGD: 'Services related to goods Services liés aux biens',
};

const CODE_FIELDS = [
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

/** Stored Open/Active and closing after `nowMs` (or no closing date): the notices this index holds. */
export function isOpenRow(row: Pick<IndexableRow, 'status' | 'closing_date'>, nowMs: number): boolean {
  const status = row.status.toLowerCase();
  return (status === 'open' || status === 'active') && closingMsOf(row.closing_date) > nowMs;
}

/** No closing date: open until further notice (a finite number, so that keys compare with `-`). */
const NO_CLOSING = Number.MAX_SAFE_INTEGER;
const closingMsOf = (iso: string | null) => (iso === null ? NO_CLOSING : Date.parse(iso));

interface Posting {
  docs: Int32Array;
  masks: Uint8Array;
  n: number;
}

const EMPTY: Posting = { docs: new Int32Array(0), masks: new Uint8Array(0), n: 0 };

export interface IndexQuery {
  terms: SearchTerm[];
  filters: SearchFilters;
  offset: number;
  limit: number;
}

export interface IndexResult {
  ids: string[];
  scores: number[];
  total: number;
  maxScore: number | null;
  /** Words dropped because no open notice contains every word (the commonest go first). */
  optional: string[];
}

/**
 * A bounded min-heap of the best `k` documents by a key of four numbers compared in order
 * (larger is better): typed arrays, no allocation per document offered.
 */
class TopK {
  private n = 0;
  private readonly keys: Float64Array;
  private readonly ords: Int32Array;
  constructor(private readonly k: number) {
    this.keys = new Float64Array(k * 4);
    this.ords = new Int32Array(k);
  }

  offer(ord: number, a: number, b: number, c: number, d: number): void {
    if (this.k === 0) return;
    if (this.n < this.k) {
      this.set(this.n, ord, a, b, c, d);
      this.up(this.n++);
    } else if (this.beats(a, b, c, d, 0)) {
      this.set(0, ord, a, b, c, d);
      this.down(0);
    }
  }

  /** Best first: the ordinals and their keys. */
  sorted(): Array<{ ord: number; key: number[] }> {
    const out = Array.from({ length: this.n }, (_, i) => ({
      ord: this.ords[i] as number,
      key: Array.from(this.keys.subarray(i * 4, i * 4 + 4)),
    }));
    return out.sort((x, y) => compareKeys(y.key, x.key));
  }

  private set(i: number, ord: number, a: number, b: number, c: number, d: number): void {
    this.ords[i] = ord;
    const k = this.keys;
    k[i * 4] = a;
    k[i * 4 + 1] = b;
    k[i * 4 + 2] = c;
    k[i * 4 + 3] = d;
  }

  /** Whether (a, b, c, d) is better than the key at slot i. */
  private beats(a: number, b: number, c: number, d: number, i: number): boolean {
    const k = this.keys;
    const j = i * 4;
    if (a !== k[j]) return a > (k[j] as number);
    if (b !== k[j + 1]) return b > (k[j + 1] as number);
    if (c !== k[j + 2]) return c > (k[j + 2] as number);
    return d > (k[j + 3] as number);
  }

  private slotBeats(i: number, j: number): boolean {
    const k = this.keys;
    return this.beats(k[i * 4] as number, k[i * 4 + 1] as number, k[i * 4 + 2] as number, k[i * 4 + 3] as number, j);
  }

  // The root is the worst kept document.
  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.slotBeats(parent, i)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < this.n && this.slotBeats(worst, l)) worst = l;
      if (r < this.n && this.slotBeats(worst, r)) worst = r;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(x: number, y: number): void {
    const o = this.ords[x] as number;
    this.ords[x] = this.ords[y] as number;
    this.ords[y] = o;
    for (let f = 0; f < 4; f++) {
      const t = this.keys[x * 4 + f] as number;
      this.keys[x * 4 + f] = this.keys[y * 4 + f] as number;
      this.keys[y * 4 + f] = t;
    }
  }
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** LIKE '%text%' patterns of the method filter → the text (no other wildcard is ever produced). */
function likeText(pattern: string): string {
  return pattern.replace(/^%|%$/g, '').replace(/\\([\\%_])/g, '$1');
}

/** The filters as the document checks want them: lower case, `|value|` keys, numbers. */
interface PreparedFilters {
  raw: SearchFilters;
  nowMs: number;
  /** Any filter besides "open now". */
  narrowed: boolean;
  regions?: string[];
  categories?: string[];
  methods?: string[];
  noticeTypes?: string[];
  entities?: string[];
}

function prepare(f: SearchFilters): PreparedFilters {
  const list = (values: string[], map: (v: string) => string) => (values.length ? values.map(map) : undefined);
  return {
    raw: f,
    nowMs: Date.parse(f.now),
    narrowed:
      [f.regions, f.categories, f.methodPatterns, f.noticeTypes, f.entities].some((l) => l.length > 0) ||
      [f.closingAfter, f.closingBefore, f.publishedAfter, f.publishedBefore, f.valueMin, f.valueMax].some(
        (v) => v !== undefined,
      ),
    regions: list(f.regions, (r) => `|${r.toLowerCase()}|`),
    categories: list(f.categories, (c) => `|${c.toLowerCase()}|`),
    methods: list(f.methodPatterns, likeText),
    noticeTypes: list(f.noticeTypes, (t) => t.toLowerCase()),
    entities: list(f.entities, (e) => e.toLowerCase()),
  };
}

export class OpenIndex {
  private ids: string[] = [];
  private alive = new Uint8Array(1024);
  private closingMs = new Float64Array(1024);
  private closingIso: Array<string | null> = [];
  private publishedMs = new Float64Array(1024);
  private publishedDay: Array<string | null> = [];
  private values = new Float64Array(1024);
  private regionKeys: string[] = [];
  private categoryCodes: string[] = [];
  private kindText: string[] = [];
  private noticeKey: string[] = [];
  private entityKey: string[] = [];
  private byId = new Map<string, number>();
  private postings = new Map<string, Posting>();
  /** Posting of a word with all its variants, per word; cleared on every change. */
  private unions = new Map<string, Posting>();
  private deadCount = 0;

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces the row; a row that is not open at `nowMs` is removed instead. */
  upsert(row: IndexableRow, nowMs: number): void {
    this.remove(row.id);
    if (!isOpenRow(row, nowMs)) return;
    const ord = this.ids.length;
    this.grow(ord + 1);
    this.ids.push(row.id);
    this.alive[ord] = 1;
    this.closingMs[ord] = closingMsOf(row.closing_date);
    this.closingIso.push(row.closing_date);
    this.publishedMs[ord] = row.published_date ? Date.parse(row.published_date) : -NO_CLOSING;
    this.publishedDay.push(row.published_date);
    this.values[ord] = row.estimated_value ?? NaN;
    this.regionKeys.push(row.region_keys.toLowerCase());
    this.categoryCodes.push(row.category_codes.toLowerCase());
    const type = (row.procurement_type ?? '').toLowerCase();
    this.kindText.push(`|${type}|${(row.procurement_method ?? '').toLowerCase()}|`);
    this.noticeKey.push(type);
    this.entityKey.push((row.contracting_entity_name ?? '').toLowerCase());
    this.byId.set(row.id, ord);

    const masks = new Map<string, number>();
    const add = (text: string | null, bit: number) => {
      if (!text) return;
      for (const w of words(text)) masks.set(w, (masks.get(w) ?? 0) | bit);
    };
    add(row.title, TITLE);
    add(row.title_fr, TITLE);
    for (const field of CODE_FIELDS) add(row[field], CODES);
    for (const [code, text] of Object.entries(CATEGORY_WORDS))
      if (row.category_codes.includes(`|${code}|`)) add(text, CODES);
    add(row.description, DESCRIPTION);
    add(row.description_fr, DESCRIPTION);
    for (const [word, mask] of masks) {
      let p = this.postings.get(word);
      if (!p) this.postings.set(word, (p = { docs: new Int32Array(4), masks: new Uint8Array(4), n: 0 }));
      if (p.n === p.docs.length) {
        const docs = new Int32Array(p.n * 2);
        docs.set(p.docs);
        const m = new Uint8Array(p.n * 2);
        m.set(p.masks);
        p.docs = docs;
        p.masks = m;
      }
      p.docs[p.n] = ord;
      p.masks[p.n] = mask;
      p.n++;
    }
    this.unions.clear();
  }

  remove(id: string): void {
    const ord = this.byId.get(id);
    if (ord === undefined) return;
    this.byId.delete(id);
    this.alive[ord] = 0;
    this.deadCount++;
    this.unions.clear();
  }

  /**
   * Drops notices whose closing time has passed, and reclaims the slots of removed documents
   * once they are a quarter of the index (postings keep dead ordinals until then).
   */
  maintain(nowMs: number): void {
    for (const [id, ord] of this.byId) if ((this.closingMs[ord] as number) <= nowMs) this.remove(id);
    if (this.deadCount > 1_000 && this.deadCount > this.ids.length / 4) this.compact();
  }

  private compact(): void {
    const remap = new Int32Array(this.ids.length).fill(-1);
    let next = 0;
    for (let ord = 0; ord < this.ids.length; ord++) if (this.alive[ord]) remap[ord] = next++;
    for (const [word, p] of this.postings) {
      let n = 0;
      for (let i = 0; i < p.n; i++) {
        const to = remap[p.docs[i] as number] as number;
        if (to < 0) continue;
        p.docs[n] = to;
        p.masks[n] = p.masks[i] as number;
        n++;
      }
      if (n === 0) this.postings.delete(word);
      else p.n = n;
    }
    const keep = <T>(list: T[]) => list.filter((_, ord) => (remap[ord] as number) >= 0);
    const keepTyped = <A extends Float64Array | Uint8Array>(arr: A, make: (n: number) => A) => {
      const out = make(Math.max(1024, next));
      for (let ord = 0; ord < this.ids.length; ord++)
        if ((remap[ord] as number) >= 0) out[remap[ord] as number] = arr[ord] as number;
      return out;
    };
    this.closingMs = keepTyped(this.closingMs, (n) => new Float64Array(n));
    this.publishedMs = keepTyped(this.publishedMs, (n) => new Float64Array(n));
    this.values = keepTyped(this.values, (n) => new Float64Array(n));
    this.alive = keepTyped(this.alive, (n) => new Uint8Array(n));
    this.ids = keep(this.ids);
    this.closingIso = keep(this.closingIso);
    this.publishedDay = keep(this.publishedDay);
    this.regionKeys = keep(this.regionKeys);
    this.categoryCodes = keep(this.categoryCodes);
    this.kindText = keep(this.kindText);
    this.noticeKey = keep(this.noticeKey);
    this.entityKey = keep(this.entityKey);
    this.byId = new Map(this.ids.map((id, ord) => [id, ord]));
    this.deadCount = 0;
    this.unions.clear();
  }

  private grow(n: number): void {
    if (n <= this.alive.length) return;
    const size = Math.max(n, this.alive.length * 2);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    const u8 = new Uint8Array(size);
    u8.set(this.alive);
    this.alive = u8;
    this.closingMs = f64(this.closingMs);
    this.publishedMs = f64(this.publishedMs);
    this.values = f64(this.values);
  }

  /** Documents containing the word in any of its spellings, with the union of their masks. */
  private posting(term: SearchTerm): Posting {
    const cached = this.unions.get(term.word);
    if (cached) return cached;
    const lists = term.variants.map((v) => this.postings.get(v)).filter((p): p is Posting => p !== undefined);
    let merged = lists[0] ?? EMPTY;
    for (const other of lists.slice(1)) merged = mergePostings(merged, other);
    this.unions.set(term.word, merged);
    return merged;
  }

  /** Whether the document passes every filter (status: open at `filters.now`). */
  private passes(ord: number, f: PreparedFilters): boolean {
    if (!this.alive[ord] || (this.closingMs[ord] as number) <= f.nowMs) return false;
    if (!f.narrowed) return true;
    if (f.regions && !containsAny(this.regionKeys[ord] as string, f.regions)) return false;
    if (f.categories && !containsAny(this.categoryCodes[ord] as string, f.categories)) return false;
    if (f.methods && !containsAny(this.kindText[ord] as string, f.methods)) return false;
    if (f.noticeTypes && !f.noticeTypes.includes(this.noticeKey[ord] as string)) return false;
    if (f.entities && !f.entities.includes(this.entityKey[ord] as string)) return false;
    const { raw } = f;
    const closing = this.closingIso[ord] ?? null;
    if (raw.closingAfter !== undefined && (closing === null || closing < raw.closingAfter)) return false;
    if (raw.closingBefore !== undefined && (closing === null || closing > raw.closingBefore)) return false;
    const published = this.publishedDay[ord] ?? null;
    if (raw.publishedAfter !== undefined && (published === null || published < raw.publishedAfter)) return false;
    if (raw.publishedBefore !== undefined && (published === null || published >= raw.publishedBefore)) return false;
    const value = this.values[ord] as number;
    if (raw.valueMin !== undefined && !Number.isNaN(value) && value < raw.valueMin) return false;
    if (raw.valueMax !== undefined && !Number.isNaN(value) && value > raw.valueMax) return false;
    return true;
  }

  /**
   * Keyword search: every word required (rarest first); if no open notice has them all, the
   * commonest are made optional one by one, as the database engine does. Every match is
   * counted and scored; the page is the best `offset + limit`.
   */
  search(q: IndexQuery): IndexResult {
    const filters = prepare(q.filters);
    const size = Math.max(1, this.byId.size);
    const weighted = q.terms
      .map((t) => {
        const p = this.posting(t);
        return { ...t, p, df: p.n, idf: idf(size, p.n), required: true };
      })
      .sort((a, b) => b.idf - a.idf);
    let requiredCount = weighted.length;
    for (;;) {
      const result = this.run(weighted.slice(0, requiredCount), weighted.slice(requiredCount), q, filters);
      if (result.total > 0 || requiredCount <= 1) {
        const dropped = new Set(weighted.slice(requiredCount).map((t) => t.word));
        return { ...result, optional: q.terms.filter((t) => dropped.has(t.word)).map((t) => t.word) };
      }
      requiredCount--;
    }
  }

  private run(
    required: Array<WeightedTerm & { p: Posting }>,
    optional: Array<WeightedTerm & { p: Posting }>,
    q: IndexQuery,
    filters: PreparedFilters,
  ): Omit<IndexResult, 'optional'> {
    const all = [...required, ...optional.map((t) => ({ ...t, required: false }))];
    const totalIdf = all.reduce((sum, t) => sum + t.idf, 0);
    const bound = q.filters.valueMin !== undefined || q.filters.valueMax !== undefined;
    // Cursors walk each list forward: candidates come in increasing document order.
    const cursors = new Int32Array(all.length);
    const masks = new Uint8Array(all.length);
    const idfs = all.map((t) => t.idf);
    const isRequired = all.map((t) => t.required);
    const lists = all.map((t) => t.p);
    const lead = required[0]?.p ?? EMPTY;
    const top = new TopK(q.offset + q.limit);
    let total = 0;
    candidates: for (let x = 0; x < lead.n; x++) {
      const ord = lead.docs[x] as number;
      masks[0] = lead.masks[x] as number;
      for (let t = 1; t < lists.length; t++) {
        const p = lists[t] as Posting;
        const c = advance(p, cursors[t] as number, ord);
        cursors[t] = c;
        const here = c < p.n && p.docs[c] === ord;
        if (!here && t < required.length) continue candidates;
        masks[t] = here ? (p.masks[c] as number) : 0;
      }
      if (!this.passes(ord, filters)) continue;
      total++;
      let got = 0;
      let tie = 0;
      for (let t = 0; t < lists.length; t++) {
        const m = masks[t] as number;
        const w = idfs[t] as number;
        if (m & TITLE) got += w * FIELD_WEIGHTS.title;
        else if (m & CODES) got += w * FIELD_WEIGHTS.codes;
        else if (isRequired[t]) got += w * FIELD_WEIGHTS.description;
        tie += w * ((m & TITLE) + ((m & CODES) >> 1) + ((m & DESCRIPTION) >> 2));
      }
      const factor = bound && Number.isNaN(this.values[ord]) ? UNKNOWN_VALUE_FACTOR : 1;
      const score = roundScore(totalIdf > 0 ? (10 * got * factor) / totalIdf : 0);
      top.offer(ord, score, tie, this.publishedMs[ord] as number, ord);
    }
    return this.page(top, q, total);
  }

  /**
   * No keywords: every open notice that passes the filters, soonest closing first (notices
   * without an amount last when a value bound was asked for), newest first among equals.
   */
  browse(q: Omit<IndexQuery, 'terms'>): IndexResult {
    const filters = prepare(q.filters);
    const bound = q.filters.valueMin !== undefined || q.filters.valueMax !== undefined;
    const top = new TopK(q.offset + q.limit);
    let total = 0;
    for (let ord = 0; ord < this.ids.length; ord++) {
      if (!this.passes(ord, filters)) continue;
      total++;
      const unknownValue = Number.isNaN(this.values[ord]);
      const score = browseScore(unknownValue ? null : 0, bound);
      top.offer(ord, bound && unknownValue ? 0 : 1, -(this.closingMs[ord] as number), ord, score);
    }
    const page = this.page(top, { ...q, terms: [] }, total, (key) => key[3] as number);
    return { ...page, optional: [] };
  }

  private page(
    top: TopK,
    q: IndexQuery,
    total: number,
    scoreOf: (key: number[]) => number = (key) => key[0] as number,
  ): Omit<IndexResult, 'optional'> {
    const best = top.sorted();
    const slice = best.slice(q.offset, q.offset + q.limit);
    return {
      ids: slice.map((b) => this.ids[b.ord] as string),
      scores: slice.map((b) => scoreOf(b.key)),
      total,
      maxScore: best.length ? Math.max(...best.map((b) => scoreOf(b.key))) : null,
    };
  }
}

/**
 * The first position at or after `from` whose document is ≥ `ord`: a few steps, then galloping
 * (doubling, then halving), so intersecting a rare word with a common one reads
 * O(rare × log(common / rare)) entries instead of the whole common list.
 */
function advance(p: Posting, from: number, ord: number): number {
  const docs = p.docs;
  let lo = from;
  for (let i = 0; i < 4; i++, lo++) if (lo >= p.n || (docs[lo] as number) >= ord) return lo;
  let step = 8;
  let hi = lo + step;
  while (hi < p.n && (docs[hi] as number) < ord) {
    lo = hi + 1;
    step *= 2;
    hi = lo + step;
  }
  if (hi > p.n) hi = p.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((docs[mid] as number) < ord) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function containsAny(text: string, parts: string[]): boolean {
  for (const part of parts) if (text.includes(part)) return true;
  return false;
}

function mergePostings(a: Posting, b: Posting): Posting {
  const docs = new Int32Array(a.n + b.n);
  const masks = new Uint8Array(a.n + b.n);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.n || j < b.n) {
    const da = i < a.n ? (a.docs[i] as number) : Infinity;
    const db = j < b.n ? (b.docs[j] as number) : Infinity;
    if (da === db) {
      docs[n] = da;
      masks[n++] = (a.masks[i++] as number) | (b.masks[j++] as number);
    } else if (da < db) {
      docs[n] = da;
      masks[n++] = a.masks[i++] as number;
    } else {
      docs[n] = db;
      masks[n++] = b.masks[j++] as number;
    }
  }
  return { docs, masks, n };
}
