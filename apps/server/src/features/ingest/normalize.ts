import { decodeHTML } from 'entities';
import { DateTime } from 'luxon';
import { PROVINCE_ALIASES, PROVINCES, type Province, type TenderStatus } from '@app/shared/constants';

// Field-level clean-up shared by source adapters. Every function is pure and total: bad
// input gives null (or a rejection reason from the date parsers), never an exception.

// Control characters other than LF; a MERX description cut mid-entity ("VIA Rail&#3") decodes to \u0003.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** Anything cleanText must replace besides CR (tested first: most texts have none). */
// eslint-disable-next-line no-control-regex
const SPECIAL = /[\u0000-\u0009\u000b-\u001f\u007f\u00a0\u202f]/;

/** Trimmed text, or null when empty. */
export function text(value: string | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Free text as users should read it: HTML entities decoded (MERX rows carry `&rsquo;`,
 * `&nbsp;`), CRLF → LF, tabs and no-break spaces → space, control characters and spaces at line
 * ends dropped, trimmed.
 */
export function cleanText(value: string | undefined): string | null {
  if (!value) return null;
  let v = value.includes('&') ? decodeHTML(value) : value;
  if (v.includes('\r')) v = v.replace(/\r\n?/g, '\n');
  if (SPECIAL.test(v)) v = v.replace(/[\t\u00a0\u202f]/g, ' ').replace(CONTROL_CHARS, '');
  if (v.includes(' \n')) v = v.replace(/ +\n/g, '\n'); // spaces left at line ends
  return text(v);
}

/** One-line text (titles): cleanText with every run of whitespace collapsed to one space. */
export function cleanLine(value: string | undefined): string | null {
  const v = cleanText(value);
  return v && v.replace(/\s+/g, ' ');
}

/** `*84131608\n*85101700` → ['84131608', '85101700']: stars stripped, items trimmed, empties dropped. */
export function starList(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split('\n')) {
    const item = part.replace(/^\s*\*/, '').trim();
    if (item) out.push(cleanLine(item) ?? item);
  }
  return out;
}

/** Attachment cells hold URLs one per line or comma-separated, depending on the source. */
export function urlList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\r?\n|,(?=\s*https?:\/\/)/)
    .map((u) => u.replace(/^\s*\*/, '').trim())
    .filter((u) => /^https?:\/\//i.test(u));
}

/** Lower-case, accents folded, so `Québec` and `QUEBEC` compare equal. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const PROVINCE_BY_KEY = new Map<string, Province>();
for (const p of PROVINCES) PROVINCE_BY_KEY.set(fold(p), p);
for (const [alias, p] of Object.entries(PROVINCE_ALIASES)) PROVINCE_BY_KEY.set(fold(alias), p);

/** `ON`, `Ontario `, `(C.-B.)`, `Québec` → the canonical English name; undefined when not a province. */
export function provinceOf(value: string | undefined): Province | undefined {
  if (!value) return undefined;
  return (
    memo(provinceCache, value, () => {
      const key = fold(
        value
          .trim()
          .replace(/^\((.*)\)$/, '$1')
          .trim(),
      );
      return PROVINCE_BY_KEY.get(key) ?? PROVINCE_BY_KEY.get(key.replace(/\.$/, '')) ?? null;
    }) ?? undefined
  );
}

// Provinces, regions and closing instants repeat across thousands of rows; caching their
// parsing matters for ingest speed (the time-zone arithmetic is the costly part).
const provinceCache = new Map<string, Province | null>();
const closingCache = new Map<string, Parsed<string | null>>();
const MEMO_LIMIT = 20_000;

function memo<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let v = cache.get(key);
  if (v === undefined) {
    if (cache.size >= MEMO_LIMIT) cache.clear();
    v = compute();
    cache.set(key, v);
  }
  return v;
}

/** Entity province as stored: canonical when recognised, otherwise the trimmed text (a city, say). */
export function normalizeProvince(value: string | undefined): string | null {
  return provinceOf(value) ?? text(value);
}

/** Provinces a delivery region names: "Ontario (except NCR)" → Ontario; the NCR spans two. */
export function provincesOfRegion(region: string): Province[] {
  const r = fold(region);
  if (r.includes('national capital region') || r.includes('capitale nationale')) return ['Ontario', 'Quebec'];
  const p = provinceOf(region.replace(/\s*\(.*\)\s*$/, ''));
  return p ? [p] : [];
}

/** `|Ontario|Quebec|` in PROVINCES order, or '' when no province is known. */
export function regionKeys(entityProvince: string | null, deliveryRegions: string[]): string {
  const set = new Set<Province>();
  const own = provinceOf(entityProvince ?? undefined);
  if (own) set.add(own);
  for (const region of deliveryRegions) for (const p of provincesOfRegion(region)) set.add(p);
  const ordered = PROVINCES.filter((p) => set.has(p));
  return ordered.length ? `|${ordered.join('|')}|` : '';
}

const STATUS_WORDS: Record<string, TenderStatus> = {
  open: 'Open',
  active: 'Active',
  closed: 'Closed',
  expired: 'Closed',
  cancelled: 'Cancelled',
  canceled: 'Cancelled',
  awarded: 'Awarded',
  ouvert: 'Open',
  actif: 'Active',
  ferme: 'Closed',
  expire: 'Closed',
  annule: 'Cancelled',
  attribue: 'Awarded',
  adjuge: 'Awarded',
};

/**
 * One of Open, Closed, Cancelled, Awarded, Active. English first, then the French column;
 * an empty or unknown status reads as Open (the effective status still turns Closed once the
 * closing date passes, at read time).
 */
export function normalizeStatus(en: string | undefined, fr: string | undefined): TenderStatus {
  for (const v of [en, fr]) {
    // French past participles may be feminine (fermée, annulée): drop the final e before the look-up.
    const key = v ? fold(v.trim()) : '';
    const s = STATUS_WORDS[key] ?? STATUS_WORDS[key.replace(/ee$/, 'e')];
    if (s) return s;
  }
  return 'Open';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD`, checked to be a real day; empty gives null. */
export function parseDay(value: string | undefined, column: string): Parsed<string | null> {
  const v = value?.trim();
  if (!v) return { ok: true, value: null };
  const m = DAY.exec(v);
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
    return { ok: false, reason: `${column}: "${v.slice(0, 40)}" is not a valid date (YYYY-MM-DD)` };
  }
  return { ok: true, value: v };
}

/**
 * The closing date has no time zone; CanadaBuys means Eastern time, so it is read as
 * America/Toronto (DST included) and stored as a UTC instant. A bare day closes at the end of
 * that day; an explicit offset is honoured.
 */
export function parseClosing(value: string | undefined, column: string): Parsed<string | null> {
  const v = value?.trim();
  if (!v) return { ok: true, value: null };
  return memo(closingCache, `${column}\u0000${v}`, () => parseInstant(v, column));
}

function parseInstant(v: string, column: string): Parsed<string | null> {
  const bad = { ok: false as const, reason: `${column}: "${v.slice(0, 40)}" is not a valid date and time` };
  if (WITH_OFFSET.test(v)) {
    const dt = DateTime.fromISO(v, { setZone: true });
    return dt.isValid ? { ok: true, value: dt.toUTC().toISO() ?? '' } : bad;
  }
  const day = DAY.exec(v);
  const m = day ? ([...day, '23', '59', '59'] as const) : DATE_TIME.exec(v);
  if (!m) return bad;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return bad;
  const offset = torontoOffsetMinutes(y, mo, d, h, mi, s);
  return { ok: true, value: new Date(Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000).toISOString() };
}

const dayOffsetCache = new Map<string, number | null>();

/**
 * UTC offset of America/Toronto at a local wall time, through luxon (which knows the DST
 * rules). Asking luxon per row is slow, so a day whose offset is the same at 00:00 and 23:59
 * is cached; only the two DST-change days are computed per time.
 */
function torontoOffsetMinutes(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const at = (hour: number, minute: number, second: number) =>
    DateTime.fromObject({ year: y, month: mo, day: d, hour, minute, second }, { zone: 'America/Toronto' }).offset;
  const whole = memo(dayOffsetCache, `${y}-${mo}-${d}`, () => {
    const start = at(0, 0, 0);
    return start === at(23, 59, 59) ? start : null;
  });
  return whole ?? at(h, mi, s);
}
