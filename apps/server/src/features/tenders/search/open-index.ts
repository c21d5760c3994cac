import type { SearchFilters } from './search-filters.ts';
import {
  browseScore,
  FIELD_WEIGHTS,
  idf,
  roundScore,
  UNKNOWN_VALUE_FACTOR,
  type WeightedTerm,
} from './search-scoring.ts';
import { PROVINCES } from '@app/shared/constants';
import { CODE_COLUMNS } from './search-fields.ts';
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
  ...CODE_COLUMNS,
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

/** Strings stored once, by number: the filter columns with few distinct values. */
class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  /** 1 for each value `accept` takes, by id. */
  table(accept: (value: string) => boolean): Uint8Array {
    return Uint8Array.from(this.values, (v) => (accept(v) ? 1 : 0));
  }
}

const REGION_BIT = new Map<string, number>(PROVINCES.map((p, i) => [p.toLowerCase(), 1 << i]));
/** Category codes get a bit each, up to 31; a document with another code has bit 31 set. */
const CATEGORY_OVERFLOW = 1 << 31;

/** The filters as the document checks want them: bit masks, look-up tables by id, numbers. */
interface PreparedFilters {
  nowMs: number;
  /** Any filter besides "open now". */
  narrowed: boolean;
  /** A filter nothing can pass (a region that is not a province). */
  impossible: boolean;
  regionBits: number;
  categoryBits: number;
  /** Codes without a bit of their own, checked on the text of documents with the overflow bit. */
  categoryOthers?: string[];
  kinds?: Uint8Array;
  notices?: Uint8Array;
  entities?: Uint8Array;
  closingAfter: number;
  closingBefore: number;
  publishedAfter: number;
  publishedBefore: number;
  valueMin: number;
  valueMax: number;
}

const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00.000Z`);

export class OpenIndex {
  private ids: string[] = [];
  private capacity = 1024;
  private alive = new Uint8Array(this.capacity);
  private closingMs = new Float64Array(this.capacity);
  private publishedMs = new Float64Array(this.capacity);
  private values = new Float64Array(this.capacity);
  private regionBits = new Uint16Array(this.capacity);
  private categoryBits = new Uint32Array(this.capacity);
  private kindId = new Int32Array(this.capacity);
  private noticeId = new Int32Array(this.capacity);
  private entityId = new Int32Array(this.capacity);
  /** `|code|code|` in lower case, read only for codes beyond the 31 with a bit. */
  private categoryText: string[] = [];
  private readonly kinds = new Dictionary();
  private readonly notices = new Dictionary();
  private readonly entities = new Dictionary();
  private readonly categoryBit = new Map<string, number>();
  /** Documents by region bit, notice type id and organisation id: where a browse starts. */
  private readonly byRegion: Growable[] = PROVINCES.map(() => new Growable());
  private readonly byNotice = new Map<number, Growable>();
  private readonly byEntity = new Map<number, Growable>();
  private byId = new Map<string, number>();
  private postings = new Map<string, Posting>();
  /** Posting of a word with all its variants, per word; cleared on every change. */
  private unions = new Map<string, Posting>();
  /** A word's posting positions in ranking order (single-word searches); cleared on every change. */
  private rankings = new Map<string, Int32Array>();
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
    this.publishedMs[ord] = row.published_date ? dayMs(row.published_date) : NaN;
    this.values[ord] = row.estimated_value ?? NaN;
    let regions = 0;
    for (const r of row.region_keys.toLowerCase().split('|')) regions |= REGION_BIT.get(r) ?? 0;
    this.regionBits[ord] = regions;
    const categories = row.category_codes.toLowerCase();
    let bits = 0;
    for (const code of categories.split('|')) if (code) bits |= this.bitOfCategory(code);
    this.categoryBits[ord] = bits;
    this.categoryText.push(categories);
    const type = (row.procurement_type ?? '').toLowerCase();
    this.kindId[ord] = this.kinds.id(`|${type}|${(row.procurement_method ?? '').toLowerCase()}|`);
    this.noticeId[ord] = this.notices.id(type);
    this.entityId[ord] = this.entities.id((row.contracting_entity_name ?? '').toLowerCase());
    this.byId.set(row.id, ord);
    for (let b = 0; b < PROVINCES.length; b++) if (regions & (1 << b)) (this.byRegion[b] as Growable).push(ord);
    listOf(this.byNotice, this.noticeId[ord]).push(ord);
    listOf(this.byEntity, this.entityId[ord]).push(ord);

    const masks = new Map<string, number>();
    const add = (text: string | null, bit: number) => {
      if (!text) return;
      for (const w of words(text)) masks.set(w, (masks.get(w) ?? 0) | bit);
    };
    add(row.title, TITLE);
    add(row.title_fr, TITLE);
    for (const field of CODE_COLUMNS) add(row[field], CODES);
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
    this.changed();
  }

  remove(id: string): void {
    const ord = this.byId.get(id);
    if (ord === undefined) return;
    this.byId.delete(id);
    this.alive[ord] = 0;
    this.deadCount++;
    this.changed();
  }

  private changed(): void {
    this.unions.clear();
    this.rankings.clear();
  }

  private bitOfCategory(code: string): number {
    let bit = this.categoryBit.get(code);
    if (bit === undefined) {
      bit = this.categoryBit.size < 31 ? 1 << this.categoryBit.size : CATEGORY_OVERFLOW;
      this.categoryBit.set(code, bit);
    }
    return bit;
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
    const count = this.ids.length;
    const move = <A extends { [i: number]: number }>(arr: A) => {
      for (let ord = 0; ord < count; ord++) {
        const to = remap[ord] as number;
        if (to >= 0) arr[to] = arr[ord] as number;
      }
    };
    for (const arr of [
      this.alive,
      this.closingMs,
      this.publishedMs,
      this.values,
      this.regionBits,
      this.categoryBits,
      this.kindId,
      this.noticeId,
      this.entityId,
    ])
      move(arr);
    for (const list of [...this.byRegion, ...this.byNotice.values(), ...this.byEntity.values()]) list.remap(remap);
    this.ids = this.ids.filter((_, ord) => (remap[ord] as number) >= 0);
    this.categoryText = this.categoryText.filter((_, ord) => (remap[ord] as number) >= 0);
    this.byId = new Map(this.ids.map((id, ord) => [id, ord]));
    this.deadCount = 0;
    this.changed();
  }

  private grow(n: number): void {
    if (n <= this.capacity) return;
    const size = Math.max(n, this.capacity * 2);
    const copy = <A extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
      a: A,
      make: new (n: number) => A,
    ) => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.alive = copy(this.alive, Uint8Array);
    this.closingMs = copy(this.closingMs, Float64Array);
    this.publishedMs = copy(this.publishedMs, Float64Array);
    this.values = copy(this.values, Float64Array);
    this.regionBits = copy(this.regionBits, Uint16Array);
    this.categoryBits = copy(this.categoryBits, Uint32Array);
    this.kindId = copy(this.kindId, Int32Array);
    this.noticeId = copy(this.noticeId, Int32Array);
    this.entityId = copy(this.entityId, Int32Array);
    this.capacity = size;
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

  private prepare(f: SearchFilters): PreparedFilters {
    const nowMs = Date.parse(f.now);
    let impossible = false;
    let regionBits = 0;
    if (f.regions.length) {
      for (const r of f.regions) regionBits |= REGION_BIT.get(r.toLowerCase()) ?? 0;
      if (regionBits === 0) impossible = true; // no province by that name: nothing matches
    }
    let categoryBits = 0;
    let categoryOthers: string[] | undefined;
    for (const c of f.categories) {
      const code = c.toLowerCase();
      const bit = this.categoryBit.get(code);
      if (bit === undefined) continue; // no open notice has it
      if (bit === CATEGORY_OVERFLOW) (categoryOthers ??= []).push(`|${code}|`);
      else categoryBits |= bit;
    }
    if (f.categories.length && categoryBits === 0 && !categoryOthers) impossible = true;
    const methods = f.methodPatterns.map(likeText);
    const num = (v: number | undefined, empty: number) => (v === undefined ? empty : v);
    return {
      nowMs,
      impossible,
      narrowed:
        [f.regions, f.categories, f.methodPatterns, f.noticeTypes, f.entities].some((l) => l.length > 0) ||
        [f.closingAfter, f.closingBefore, f.publishedAfter, f.publishedBefore, f.valueMin, f.valueMax].some(
          (v) => v !== undefined,
        ),
      regionBits,
      categoryBits,
      ...(categoryOthers ? { categoryOthers } : {}),
      ...(methods.length ? { kinds: this.kinds.table((k) => methods.some((m) => k.includes(m))) } : {}),
      ...(f.noticeTypes.length ? { notices: this.notices.table((n) => f.noticeTypes.includes(n)) } : {}),
      ...(f.entities.length ? { entities: this.entities.table((e) => f.entities.includes(e)) } : {}),
      closingAfter: f.closingAfter ? Date.parse(f.closingAfter) : -Infinity,
      closingBefore: f.closingBefore ? Date.parse(f.closingBefore) : Infinity,
      publishedAfter: f.publishedAfter ? dayMs(f.publishedAfter) : -Infinity,
      publishedBefore: f.publishedBefore ? dayMs(f.publishedBefore) : Infinity,
      valueMin: num(f.valueMin, -Infinity),
      valueMax: num(f.valueMax, Infinity),
    };
  }

  /** Whether the document passes every filter (status: open at `filters.now`). */
  private passes(ord: number, f: PreparedFilters): boolean {
    if (this.alive[ord] === 0 || (this.closingMs[ord] as number) <= f.nowMs) return false;
    if (!f.narrowed) return true;
    if (f.impossible) return false;
    if (f.regionBits !== 0 && ((this.regionBits[ord] as number) & f.regionBits) === 0) return false;
    if (f.categoryBits !== 0 || f.categoryOthers) {
      const bits = this.categoryBits[ord] as number;
      const others = f.categoryOthers;
      if (
        (bits & f.categoryBits) === 0 &&
        !(
          others &&
          (bits & CATEGORY_OVERFLOW) !== 0 &&
          others.some((c) => (this.categoryText[ord] as string).includes(c))
        )
      )
        return false;
    }
    if (f.kinds && f.kinds[this.kindId[ord] as number] !== 1) return false;
    if (f.notices && f.notices[this.noticeId[ord] as number] !== 1) return false;
    if (f.entities && f.entities[this.entityId[ord] as number] !== 1) return false;
    const closing = this.closingMs[ord] as number;
    // No closing date (NO_CLOSING) fails either closing bound, as NULL does in SQL.
    if (f.closingAfter !== -Infinity && (closing === NO_CLOSING || closing < f.closingAfter)) return false;
    if (f.closingBefore !== Infinity && (closing === NO_CLOSING || closing > f.closingBefore)) return false;
    const published = this.publishedMs[ord] as number;
    if (f.publishedAfter !== -Infinity && !(published >= f.publishedAfter)) return false;
    if (f.publishedBefore !== Infinity && !(published < f.publishedBefore)) return false;
    const value = this.values[ord] as number;
    if (value < f.valueMin || value > f.valueMax) return false; // NaN (no amount) passes
    return true;
  }

  /**
   * Keyword search: every word required (rarest first); if no open notice has them all, the
   * commonest are made optional one by one, as the database engine does. Every match is
   * counted and scored; the page is the best `offset + limit`.
   */
  search(q: IndexQuery): IndexResult {
    const filters = this.prepare(q.filters);
    const size = Math.max(1, this.byId.size);
    const weighted = q.terms
      .map((t) => {
        const p = this.posting(t);
        return { ...t, p, df: p.n, idf: idf(size, p.n), required: true };
      })
      .sort((a, b) => b.idf - a.idf);
    const bound = q.filters.valueMin !== undefined || q.filters.valueMax !== undefined;
    const only = weighted[0];
    if (weighted.length === 1 && only && !bound) return { ...this.single(only, q, filters), optional: [] };
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

  /**
   * One word (no value bound): a document's score depends only on the field holding the word,
   * so the posting, sorted once into ranking order (title, organisation/codes, description;
   * then more fields; then newest), gives the page by reading only its first entries. Counting
   * still checks every document, with integer tests only.
   */
  private single(term: { word: string; p: Posting }, q: IndexQuery, f: PreparedFilters): Omit<IndexResult, 'optional'> {
    const { p } = term;
    let total = 0;
    for (let x = 0; x < p.n; x++) if (this.passes(p.docs[x] as number, f)) total++;
    const order = this.ranking(term.word, p);
    const want = q.offset + q.limit;
    const picked: number[] = [];
    for (let y = 0; y < order.length && picked.length < want; y++) {
      const pos = order[y] as number;
      if (this.passes(p.docs[pos] as number, f)) picked.push(pos);
    }
    const scoreAt = (pos: number) => {
      const m = p.masks[pos] as number;
      const w = m & TITLE ? FIELD_WEIGHTS.title : m & CODES ? FIELD_WEIGHTS.codes : FIELD_WEIGHTS.description;
      return roundScore(10 * w);
    };
    const page = picked.slice(q.offset);
    return {
      ids: page.map((pos) => this.ids[p.docs[pos] as number] as string),
      scores: page.map(scoreAt),
      total,
      maxScore: picked.length ? scoreAt(picked[0] as number) : null,
    };
  }

  private ranking(word: string, p: Posting): Int32Array {
    let order = this.rankings.get(word);
    if (order) return order;
    const tier = (m: number) => (m & TITLE ? 2 : m & CODES ? 1 : 0);
    const fields = (m: number) => (m & TITLE) + ((m & CODES) >> 1) + ((m & DESCRIPTION) >> 2);
    const published = (ord: number) => {
      const v = this.publishedMs[ord] as number;
      return Number.isNaN(v) ? -NO_CLOSING : v;
    };
    order = Int32Array.from({ length: p.n }, (_, i) => i).sort((a, b) => {
      const ma = p.masks[a] as number;
      const mb = p.masks[b] as number;
      const oa = p.docs[a] as number;
      const ob = p.docs[b] as number;
      return tier(mb) - tier(ma) || fields(mb) - fields(ma) || published(ob) - published(oa) || ob - oa;
    });
    this.rankings.set(word, order);
    return order;
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
      const published = this.publishedMs[ord] as number;
      top.offer(ord, score, tie, Number.isNaN(published) ? -NO_CLOSING : published, ord);
    }
    return this.page(top, q, total);
  }

  /**
   * No keywords: every open notice that passes the filters, soonest closing first (notices
   * without an amount last when a value bound was asked for), newest first among equals.
   */
  browse(q: Omit<IndexQuery, 'terms'>): IndexResult {
    const filters = this.prepare(q.filters);
    const bound = q.filters.valueMin !== undefined || q.filters.valueMax !== undefined;
    const top = new TopK(q.offset + q.limit);
    let total = 0;
    const visit = (ord: number) => {
      if (!this.passes(ord, filters)) return;
      total++;
      const unknownValue = Number.isNaN(this.values[ord]);
      const score = browseScore(unknownValue ? null : 0, bound);
      top.offer(ord, bound && unknownValue ? 0 : 1, -(this.closingMs[ord] as number), ord, score);
    };
    const candidates = this.browseCandidates(filters);
    if (candidates) for (const ord of candidates) visit(ord);
    else for (let ord = 0; ord < this.ids.length; ord++) visit(ord);
    const page = this.page(top, { ...q, terms: [] }, total, (key) => key[3] as number);
    return { ...page, optional: [] };
  }

  /**
   * The smallest set of documents a browse must look at: those of the wanted organisations,
   * notice types or regions (each document once); undefined when no such filter narrows it.
   */
  private browseCandidates(f: PreparedFilters): Iterable<number> | undefined {
    if (f.impossible) return [];
    const options: Growable[][] = [];
    const pick = (table: Uint8Array | undefined, lists: Map<number, Growable>) => {
      if (!table) return;
      const chosen: Growable[] = [];
      table.forEach((ok, id) => {
        const list = ok ? lists.get(id) : undefined;
        if (list) chosen.push(list);
      });
      options.push(chosen);
    };
    pick(f.entities, this.byEntity);
    pick(f.notices, this.byNotice);
    if (f.regionBits !== 0) options.push(this.byRegion.filter((_, b) => f.regionBits & (1 << b)));
    if (options.length === 0) return undefined;
    const size = (lists: Growable[]) => lists.reduce((n, l) => n + l.length, 0);
    const best = options.reduce((a, b) => (size(b) < size(a) ? b : a));
    if (best.length === 1) return (best[0] as Growable).values();
    return new Set(best.flatMap((l) => [...l.values()]));
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

/** An append-only list of document ordinals. */
class Growable {
  private items = new Int32Array(8);
  length = 0;
  push(v: number): void {
    if (this.length === this.items.length) {
      const next = new Int32Array(this.length * 2);
      next.set(this.items);
      this.items = next;
    }
    this.items[this.length++] = v;
  }
  values(): Int32Array {
    return this.items.subarray(0, this.length);
  }
  /** Renumbers after a compaction (-1: the document is gone). */
  remap(to: Int32Array): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      const v = to[this.items[i] as number] as number;
      if (v >= 0) this.items[n++] = v;
    }
    this.length = n;
  }
}

function listOf(lists: Map<number, Growable>, id: number): Growable {
  let list = lists.get(id);
  if (!list) lists.set(id, (list = new Growable()));
  return list;
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
