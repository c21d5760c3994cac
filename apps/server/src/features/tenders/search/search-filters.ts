import { CATEGORY_LABELS, PROVINCE_ALIASES, PROVINCES } from '@app/shared/constants';
import type { SearchCriteria } from '@app/shared/tender';
import type { ParsedFilters } from './query-parser.ts';
import { fold } from './search-terms.ts';

/** Criteria after validation, natural-language merge and normalisation; what the SQL sees. */
export interface SearchFilters {
  /** Effective statuses wanted. Open covers Open and Active notices whose closing is ahead. */
  status: { open: boolean; closed: boolean; others: string[] };
  regions: string[];
  categories: string[];
  noticeTypes: string[];
  /** LIKE patterns over `|notice type|method|`, lower case. */
  methodPatterns: string[];
  entities: string[];
  closingAfter?: string;
  closingBefore?: string;
  publishedAfter?: string;
  /** Exclusive: the day after the requested one. */
  publishedBefore?: string;
  valueMin?: number;
  valueMax?: number;
  /** Only tenders first ingested after this instant (tender.created_at): the alert job's "new since" (ADR 0012). */
  firstSeenAfter?: string;
  /** ISO instant the effective status is computed against. */
  now: string;
}

/** The open-only index answers when every wanted status is Open/Active. */
export type Scope = 'open' | 'all';
export const scopeOf = (f: SearchFilters): Scope => (f.status.closed || f.status.others.length > 0 ? 'all' : 'open');
/** Only the default "open now" status filter: nothing else narrows the results. */
export const isOpenOnly = (f: SearchFilters) =>
  f.status.open &&
  !f.status.closed &&
  f.status.others.length === 0 &&
  [f.regions, f.categories, f.noticeTypes, f.methodPatterns, f.entities].every((l) => l.length === 0) &&
  [
    f.closingAfter,
    f.closingBefore,
    f.publishedAfter,
    f.publishedBefore,
    f.valueMin,
    f.valueMax,
    f.firstSeenAfter,
  ].every((v) => v === undefined);
export const hasValueBound = (f: SearchFilters) => f.valueMin !== undefined || f.valueMax !== undefined;

// Notices are often published under their abbreviation ("RFP"), so each name also matches it.
const ABBREVIATIONS: Record<string, string> = {
  'request for proposal': 'rfp',
  'request for quotation': 'rfq',
  'standing offer': 'rfso',
  'request for standing offer': 'rfso',
  'supply arrangement': 'rfsa',
  'request for supply arrangement': 'rfsa',
  'invitation to qualify': 'itq',
  'advance contract award notice': 'acan',
  'request for information': 'rfi',
  'notice of proposed procurement': 'npp',
};

const clean = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter((v) => v.length > 0);
const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** "ON", "ontario", "Québec" → the canonical name stored in region_keys; unknown text is kept. */
export function normaliseRegion(value: string): string {
  const key = fold(value.trim()).replace(/\s+/g, ' ');
  const province = PROVINCES.find((p) => fold(p) === key);
  if (province) return province;
  const alias = Object.entries(PROVINCE_ALIASES).find(([a]) => fold(a) === key);
  return alias ? alias[1] : value.trim();
}

function normaliseCategory(value: string): string {
  const upper = value.trim().toUpperCase();
  const byLabel = Object.entries(CATEGORY_LABELS).find(([, label]) => label.toUpperCase() === upper);
  return byLabel ? byLabel[0] : upper;
}

function resolveStatus(values: string[]): SearchFilters['status'] {
  const wanted = clean(values).map((v) => v.toLowerCase());
  if (wanted.length === 0) return { open: true, closed: false, others: [] }; // default: open only
  return {
    open: wanted.includes('open') || wanted.includes('active'),
    closed: wanted.includes('closed'),
    others: [...new Set(wanted.filter((v) => v !== 'open' && v !== 'active' && v !== 'closed'))],
  };
}

function methodPatterns(method: string | undefined): string[] {
  const m = method?.trim().toLowerCase();
  if (!m) return [];
  const abbreviation = ABBREVIATIONS[m];
  const patterns = [`%${escapeLike(m)}%`];
  if (abbreviation) patterns.push(`%|${abbreviation}|%`, `%(${abbreviation})%`);
  return patterns;
}

function noticeKeys(values: string[]): string[] {
  const keys = values.map((v) => v.toLowerCase());
  return union(
    keys,
    keys.flatMap((k) => (ABBREVIATIONS[k] ? [ABBREVIATIONS[k]] : [])),
  );
}

/** "2026-11-30" → start (or end) of that UTC day; a full timestamp is kept as an instant. */
export function instantOf(value: string, edge: 'start' | 'end'): string {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(v).toISOString();
}

const dayOf = (value: string) => instantOf(value, 'start').slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
const later = (a?: string, b?: string) => (a === undefined ? b : b === undefined ? a : a > b ? a : b);
const earlier = (a?: string, b?: string) => (a === undefined ? b : b === undefined ? a : a < b ? a : b);
const maxOf = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const minOf = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * Explicit criteria plus what the parser read in the text. Lists are unions (ticking Ontario
 * and typing "in Quebec" means either); bounds take the tighter value; an explicit method wins.
 */
export function resolveFilters(criteria: SearchCriteria, parsed: ParsedFilters, now: Date): SearchFilters {
  const closingAfter = later(
    criteria.closing_date_after && instantOf(criteria.closing_date_after, 'start'),
    parsed.closing_after && instantOf(parsed.closing_after, 'start'),
  );
  const closingBefore = earlier(
    criteria.closing_date_before && instantOf(criteria.closing_date_before, 'end'),
    parsed.closing_before && instantOf(parsed.closing_before, 'end'),
  );
  return {
    status: resolveStatus(criteria.tender_status ?? []),
    regions: union(clean(criteria.regions).map(normaliseRegion), parsed.regions),
    categories: union(clean(criteria.procurement_category).map(normaliseCategory), parsed.categories),
    noticeTypes: noticeKeys(union(clean(criteria.notice_type), parsed.notice_types)),
    methodPatterns: methodPatterns(
      criteria.procurement_method?.trim() ? criteria.procurement_method : parsed.procurement_method,
    ),
    entities: [...new Set(clean(criteria.contracting_entity_name).map((v) => v.toLowerCase()))],
    closingAfter,
    closingBefore,
    publishedAfter: criteria.publication_date_after && dayOf(criteria.publication_date_after),
    publishedBefore: criteria.publication_date_before && nextDay(dayOf(criteria.publication_date_before)),
    valueMin: maxOf(criteria.value_min, parsed.value_min),
    valueMax: minOf(criteria.value_max, parsed.value_max),
    now: now.toISOString(),
  };
}

/** Column expressions of one dialect, over its table alias. */
export interface FilterColumns {
  status: string; // lower case
  notClosedAfter: string; // true when the closing instant is after ? (or unknown)
  closedBy: string; // true when the closing instant is at or before ?
  regionKeys: string;
  categoryCodes: string;
  kindText: string; // '|notice type|method|' lower case
  noticeKey: string;
  entityKey: string;
  closingDate: string;
  publishedDate: string;
  estimatedValue: string;
  /** True when the tender was first ingested after ? (a condition with one placeholder). */
  firstSeenAfter: string;
  like: 'LIKE' | 'ILIKE';
}

/**
 * WHERE clause for the filters, with `?` placeholders (the PostgreSQL module renumbers them).
 * Values are always parameters; only column expressions of our own are spliced in.
 */
export function filterClause(f: SearchFilters, c: FilterColumns): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const anyOf = (expr: string, values: string[]) => {
    parts.push(`(${values.map(() => expr).join(' OR ')})`);
    params.push(...values);
  };
  const inList = (col: string, values: string[]) => {
    parts.push(`${col} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };

  const status: string[] = [];
  if (f.status.open) {
    status.push(`(${c.status} IN ('open', 'active') AND ${c.notClosedAfter})`);
    params.push(f.now);
  }
  if (f.status.closed) {
    status.push(`(${c.status} = 'closed' OR (${c.status} IN ('open', 'active') AND ${c.closedBy}))`);
    params.push(f.now);
  }
  if (f.status.others.length > 0) {
    status.push(`${c.status} IN (${f.status.others.map(() => '?').join(', ')})`);
    params.push(...f.status.others);
  }
  parts.push(`(${status.join(' OR ')})`);

  if (f.regions.length)
    anyOf(
      `${c.regionKeys} ${c.like} ? ESCAPE '\\'`,
      f.regions.map((r) => `%|${escapeLike(r)}|%`),
    );
  if (f.categories.length)
    anyOf(
      `${c.categoryCodes} ${c.like} ? ESCAPE '\\'`,
      f.categories.map((x) => `%|${escapeLike(x)}|%`),
    );
  if (f.methodPatterns.length) anyOf(`${c.kindText} LIKE ? ESCAPE '\\'`, f.methodPatterns);
  if (f.noticeTypes.length) inList(c.noticeKey, f.noticeTypes);
  if (f.entities.length) inList(c.entityKey, f.entities);
  const bound = (expr: string, value: unknown) => {
    parts.push(expr);
    params.push(value);
  };
  if (f.closingAfter) bound(`${c.closingDate} >= ?`, f.closingAfter);
  if (f.closingBefore) bound(`${c.closingDate} <= ?`, f.closingBefore);
  if (f.publishedAfter) bound(`${c.publishedDate} >= ?`, f.publishedAfter);
  if (f.publishedBefore) bound(`${c.publishedDate} < ?`, f.publishedBefore);
  // A tender with no amount in its text may still fit the budget: kept, but ranked lower.
  if (f.valueMin !== undefined) bound(`(${c.estimatedValue} IS NULL OR ${c.estimatedValue} >= ?)`, f.valueMin);
  if (f.valueMax !== undefined) bound(`(${c.estimatedValue} IS NULL OR ${c.estimatedValue} <= ?)`, f.valueMax);
  if (f.firstSeenAfter !== undefined) bound(c.firstSeenAfter, f.firstSeenAfter);
  return { where: parts.join(' AND '), params };
}
