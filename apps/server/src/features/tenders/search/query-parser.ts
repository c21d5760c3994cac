import * as chrono from 'chrono-node';
import { PROVINCE_ALIASES, PROVINCES, type CategoryCode } from '@app/shared/constants';
import type { UnderstoodPart } from '@app/shared/tender';

/**
 * Natural-language search text → filters plus the keywords left over.
 * "IT services contracts in Ontario under $100K" → region Ontario, value ≤ 100,000, keywords
 * "IT services". Pure: the only input besides the text is `now`. Calendar arithmetic is in UTC,
 * like the stored instants. Recognisers run in order and each one blanks the words it used,
 * so "in" of "in Ontario" is never read twice.
 */

export interface ParsedFilters {
  regions: string[];
  categories: CategoryCode[];
  notice_types: string[];
  procurement_method?: string;
  value_min?: number;
  value_max?: number;
  /** YYYY-MM-DD, inclusive. */
  closing_after?: string;
  /** YYYY-MM-DD, inclusive. */
  closing_before?: string;
}

export interface ParsedQuery {
  keywords: string;
  filters: ParsedFilters;
  understood: UnderstoodPart[];
}

/** The text being parsed: the original, and a lower-cased accent-free copy with used words blanked. */
class Work {
  readonly original: string;
  folded: string;
  constructor(text: string) {
    this.original = text;
    // Fold char by char so both strings keep the same indexes.
    this.folded = Array.from(text, (c) => {
      const f = c
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      return f.length === c.length ? f : c.toLowerCase().length === c.length ? c.toLowerCase() : c;
    }).join('');
  }
  consume(start: number, end: number): void {
    this.folded = this.folded.slice(0, start) + ' '.repeat(end - start) + this.folded.slice(end);
  }
  slice(start: number, end: number): string {
    return this.original.slice(start, end).trim();
  }
}

type Recogniser = (work: Work, out: ParsedQuery, now: Date) => void;

// Patterns with Unicode classes are slow to compile; each is built once and reused.
const compiled = new Map<string, RegExp>();
function pattern(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let r = compiled.get(key);
  if (!r) compiled.set(key, (r = new RegExp(source, flags)));
  r.lastIndex = 0;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Money

const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const SUFFIX = String.raw`(k|thousand|mm|m|mil|million|millions|b|bn|billion|billions)?`;
const AMOUNT = String.raw`(\$\s?)?${NUM}\s*${SUFFIX}(?![\p{L}\p{N}])(\s?\$)?`;
const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mil: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
};

interface Amount {
  value: number;
  /** Written as money ($ or a k/million suffix) rather than a bare number. */
  money: boolean;
}

/** Reads the AMOUNT groups starting at `i` of a match: $, number, suffix, trailing $. */
function amountAt(m: RegExpExecArray, i: number): Amount | undefined {
  const n = Number.parseFloat((m[i + 1] ?? '').replace(/,/g, ''));
  if (!Number.isFinite(n)) return undefined;
  const suffix = m[i + 2];
  const value = n * (suffix ? (MULTIPLIERS[suffix] ?? 1) : 1);
  return { value: Math.round(value * 100) / 100, money: Boolean(m[i] || suffix || m[i + 3]) };
}

/** A bare "under 5" is not money; "under 5,000", "under $5" and "under 5K" are. */
const plausible = (a: Amount | undefined): a is Amount => a !== undefined && (a.money || a.value >= 1000);

export const formatMoney = (v: number) => `$${v.toLocaleString('en-CA', { maximumFractionDigits: 2 })}`;

const MAX_WORDS = String.raw`under|below|less than|lower than|up to|at most|no more than|not more than|not exceeding|maximum of|maximum|max|moins de|jusqu'à|<=|<`;
const MIN_WORDS = String.raw`over|above|more than|greater than|at least|exceeding|minimum of|minimum|min|plus de|>=|>`;

function setValueMax(out: ParsedQuery, text: string, value: number, label = `under ${formatMoney(value)}`): void {
  out.filters.value_max = Math.min(out.filters.value_max ?? Infinity, value);
  out.understood.push({ kind: 'value_max', text, label, value });
}

function setValueMin(out: ParsedQuery, text: string, value: number, label = `over ${formatMoney(value)}`): void {
  out.filters.value_min = Math.max(out.filters.value_min ?? 0, value);
  out.understood.push({ kind: 'value_min', text, label, value });
}

const recogniseMoneyRange: Recogniser = (work, out) => {
  const re = pattern(String.raw`(?<![\p{L}\p{N}])(?:between|from)\s+${AMOUNT}\s*(?:and|to|-|–)\s*${AMOUNT}`, 'giu');
  for (const m of work.folded.matchAll(re)) {
    let low = amountAt(m, 1);
    const high = amountAt(m, 5);
    if (!low || !plausible(high)) continue;
    // "between 50 and 250K": the first number borrows the second one's multiplier.
    if (!m[3] && m[7] && low.value < 1000) low = { value: low.value * (MULTIPLIERS[m[7]] ?? 1), money: true };
    const [a, b] = low.value <= high.value ? [low.value, high.value] : [high.value, low.value];
    const text = work.slice(m.index, m.index + m[0].length);
    setValueMin(out, text, a, `over ${formatMoney(a)}`);
    setValueMax(out, text, b, `under ${formatMoney(b)}`);
    work.consume(m.index, m.index + m[0].length);
  }
};

const recogniseMoneyBounds: Recogniser = (work, out) => {
  for (const [words, set] of [
    [MAX_WORDS, setValueMax],
    [MIN_WORDS, setValueMin],
  ] as const) {
    const re = pattern(String.raw`(?<![\p{L}\p{N}])(?:${words})\s*${AMOUNT}`, 'giu');
    for (const m of work.folded.matchAll(re)) {
      const amount = amountAt(m, 1);
      if (!plausible(amount)) continue;
      set(out, work.slice(m.index, m.index + m[0].length), amount.value);
      work.consume(m.index, m.index + m[0].length);
    }
  }
};

/** "$2.5 million" with no comparison: about that much, read as half to one and a half times. */
const recogniseMoneyAround: Recogniser = (work, out) => {
  const re = pattern(
    String.raw`(?<![\p{L}\p{N}])(?:around|about|approximately|worth|valued at|~)?\s*(\$\s?)${NUM}\s*${SUFFIX}(?![\p{L}\p{N}])()`,
    'giu',
  );
  for (const m of work.folded.matchAll(re)) {
    const amount = amountAt(m, 1);
    if (!amount || amount.value <= 0) continue;
    const text = work.slice(m.index, m.index + m[0].length);
    const about = `about ${formatMoney(amount.value)}`;
    setValueMin(
      out,
      text,
      Math.round(amount.value * 0.5),
      `${about} (from ${formatMoney(Math.round(amount.value * 0.5))})`,
    );
    setValueMax(
      out,
      text,
      Math.round(amount.value * 1.5),
      `${about} (to ${formatMoney(Math.round(amount.value * 1.5))})`,
    );
    work.consume(m.index, m.index + m[0].length);
  }
};

// ---------------------------------------------------------------------------------------------
// Closing dates

const DATE_WORDS = String.raw`closing|closes|close|due|deadline|deadlines|ending|ends|expiring|expires|submissions? due`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
export const formatDay = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`;

function setClosingBefore(out: ParsedQuery, text: string, day: Date, label = `closing by ${formatDay(day)}`): void {
  const value = ymd(day);
  if (!out.filters.closing_before || value < out.filters.closing_before) out.filters.closing_before = value;
  out.understood.push({ kind: 'closing_before', text, label, value });
}

function setClosingAfter(out: ParsedQuery, text: string, day: Date, label = `closing from ${formatDay(day)}`): void {
  const value = ymd(day);
  if (!out.filters.closing_after || value > out.filters.closing_after) out.filters.closing_after = value;
  out.understood.push({ kind: 'closing_after', text, label, value });
}

/** [first, last] day of "this week", "next month", … (weeks start on Monday). */
function period(which: string, unit: string, now: Date): [Date, Date] {
  const today = utcDay(now);
  if (unit === 'today') return [today, today];
  if (unit === 'tomorrow') return [addDays(today, 1), addDays(today, 1)];
  if (unit === 'week') {
    const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
    const start = which === 'next' ? addDays(monday, 7) : monday;
    return [which === 'next' ? start : today, addDays(start, 6)];
  }
  const month = now.getUTCMonth() + (which === 'next' ? 1 : 0);
  const first = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0));
  return [which === 'next' ? first : today, last];
}

const recogniseClosingPeriod: Recogniser = (work, out, now) => {
  const re = pattern(
    String.raw`(?<![\p{L}])(?:${DATE_WORDS})\s+(?:(this|next)\s+(week|month)|(today|tomorrow)|(soon))(?![\p{L}])`,
    'giu',
  );
  for (const m of work.folded.matchAll(re)) {
    const text = work.slice(m.index, m.index + m[0].length);
    if (m[4]) {
      setClosingBefore(
        out,
        text,
        addDays(utcDay(now), 7),
        `closing within 7 days (by ${formatDay(addDays(utcDay(now), 7))})`,
      );
    } else {
      const [first, last] = period(m[1] ?? 'this', m[2] ?? m[3] ?? 'today', now);
      if (m[1] === 'next' || m[3] === 'tomorrow') setClosingAfter(out, text, first);
      setClosingBefore(out, text, last);
    }
    work.consume(m.index, m.index + m[0].length);
  }
};

const recogniseClosingWithin: Recogniser = (work, out, now) => {
  const re = pattern(
    String.raw`(?<![\p{L}])(?:${DATE_WORDS})\s+(?:with)?in\s+(?:the\s+)?(?:next\s+)?(\d{1,3})\s+(days?|weeks?|months?)(?![\p{L}])`,
    'giu',
  );
  for (const m of work.folded.matchAll(re)) {
    const n = Number(m[1]);
    const unit = m[2] ?? 'days';
    const today = utcDay(now);
    const last = unit.startsWith('day')
      ? addDays(today, n)
      : unit.startsWith('week')
        ? addDays(today, 7 * n)
        : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + n, today.getUTCDate()));
    const text = work.slice(m.index, m.index + m[0].length);
    setClosingBefore(out, text, last, `closing within ${n} ${unit} (by ${formatDay(last)})`);
    work.consume(m.index, m.index + m[0].length);
  }
};

/** "closing before Dec 15", "due by 2026-12-01", "closing after January 5", "closing in March". */
const recogniseClosingDate: Recogniser = (work, out, now) => {
  const re = pattern(
    String.raw`(?<![\p{L}])(?:${DATE_WORDS})\s+(on or before|on or after|before|by|until|after|from|on|in)\s+`,
    'giu',
  );
  for (const m of work.folded.matchAll(re)) {
    const restStart = m.index + m[0].length;
    const rest = work.original.slice(restStart, restStart + 40);
    const parsed = chrono.parse(rest, { instant: now, timezone: 'UTC' }, { forwardDate: true })[0];
    if (!parsed || parsed.index !== 0) continue;
    const end = restStart + parsed.text.length;
    const text = work.slice(m.index, end);
    const day = utcDay(parsed.start.date());
    const prep = m[1] ?? '';
    if (prep === 'in' && !parsed.start.isCertain('day')) {
      const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0));
      const label = `closing in ${MONTHS[day.getUTCMonth()] ?? ''} ${day.getUTCFullYear()}`;
      setClosingAfter(out, text, day, label);
      setClosingBefore(out, text, last, label);
    } else if (prep === 'before') {
      setClosingBefore(out, text, addDays(day, -1), `closing before ${formatDay(day)}`);
    } else if (prep === 'after') {
      setClosingAfter(out, text, addDays(day, 1), `closing after ${formatDay(day)}`);
    } else if (prep === 'on or after' || prep === 'from') {
      setClosingAfter(out, text, day);
    } else if (prep === 'on' || prep === 'in') {
      setClosingAfter(out, text, day, `closing on ${formatDay(day)}`);
      setClosingBefore(out, text, day, `closing on ${formatDay(day)}`);
    } else {
      setClosingBefore(out, text, day);
    }
    work.consume(m.index, end);
  }
};

// ---------------------------------------------------------------------------------------------
// Procurement method, notice type, category

const METHODS: Array<{ re: string; kind: 'method' | 'notice_type'; value: string }> = [
  {
    re: String.raw`requests? for (?:a )?standing offers?|standing offers?|rfsos?`,
    kind: 'method',
    value: 'Standing Offer',
  },
  {
    re: String.raw`requests? for (?:a )?supply arrangements?|supply arrangements?|rfsas?`,
    kind: 'method',
    value: 'Supply Arrangement',
  },
  { re: String.raw`requests? for (?:a )?proposals?|rfps?`, kind: 'method', value: 'Request for Proposal' },
  { re: String.raw`requests? for (?:a )?quot(?:ations?|es?)|rfqs?`, kind: 'method', value: 'Request for Quotation' },
  { re: String.raw`invitations? to qualify|itqs?`, kind: 'method', value: 'Invitation to Qualify' },
  {
    re: String.raw`advance contract award notices?|acans?`,
    kind: 'notice_type',
    value: 'Advance Contract Award Notice',
  },
  { re: String.raw`requests? for information|rfis?`, kind: 'notice_type', value: 'Request for Information' },
];

const recogniseMethod: Recogniser = (work, out) => {
  for (const method of METHODS) {
    const m = pattern(String.raw`(?<![\p{L}\p{N}])(?:${method.re})(?![\p{L}\p{N}])`, 'iu').exec(work.folded);
    if (!m) continue;
    if (method.kind === 'method') {
      if (out.filters.procurement_method) continue; // one method only; later ones stay keywords
      out.filters.procurement_method = method.value;
    } else if (!out.filters.notice_types.includes(method.value)) {
      out.filters.notice_types.push(method.value);
    }
    out.understood.push({
      kind: method.kind,
      text: work.slice(m.index, m.index + m[0].length),
      label: method.value,
      value: method.value,
    });
    work.consume(m.index, m.index + m[0].length);
  }
};

const NOISE_AFTER = String.raw`projects?|works?|contracts?|tenders?|jobs?|opportunit(?:y|ies)|bids?|procurements?|notices?`;
// Only explicit category phrases: "construction projects", "goods contracts", "category:
// services". A bare "services" stays a keyword ("IT services" must not become a category).
const CATEGORIES: Array<{ re: string; code: CategoryCode; label: string }> = [
  {
    re: String.raw`(?:categor(?:y|ies)\s*:?\s*)?construction(?=\s+(?:${NOISE_AFTER})(?![\p{L}]))`,
    code: 'CNST',
    label: 'Construction',
  },
  {
    re: String.raw`(?:categor(?:y|ies)\s*:?\s*)?goods(?=\s+(?:${NOISE_AFTER})(?![\p{L}]))`,
    code: 'GD',
    label: 'Goods',
  },
  { re: String.raw`categor(?:y|ies)\s*:?\s*construction`, code: 'CNST', label: 'Construction' },
  { re: String.raw`categor(?:y|ies)\s*:?\s*goods`, code: 'GD', label: 'Goods' },
  { re: String.raw`categor(?:y|ies)\s*:?\s*services`, code: 'SRV', label: 'Services' },
];

const recogniseCategory: Recogniser = (work, out) => {
  for (const cat of CATEGORIES) {
    const m = pattern(String.raw`(?<![\p{L}\p{N}])(?:${cat.re})(?![\p{L}\p{N}])`, 'iu').exec(work.folded);
    if (!m) continue;
    if (!out.filters.categories.includes(cat.code)) {
      out.filters.categories.push(cat.code);
      out.understood.push({
        kind: 'category',
        text: work.slice(m.index, m.index + m[0].length),
        label: cat.label,
        value: cat.code,
      });
    }
    work.consume(m.index, m.index + m[0].length);
  }
};

// ---------------------------------------------------------------------------------------------
// Regions

const FRENCH_NAMES: Record<string, (typeof PROVINCES)[number]> = {
  'colombie britannique': 'British Columbia',
  'nouvelle ecosse': 'Nova Scotia',
  'nouveau brunswick': 'New Brunswick',
  'terre neuve et labrador': 'Newfoundland and Labrador',
  'terre neuve': 'Newfoundland and Labrador',
  'ile du prince edouard': 'Prince Edward Island',
  'territoires du nord ouest': 'Northwest Territories',
};

/** [folded name pattern, province, written in capitals only]; longest first. */
const REGION_NAMES: Array<[string, (typeof PROVINCES)[number], boolean]> = (() => {
  const entries: Array<[string, (typeof PROVINCES)[number]]> = [
    ...PROVINCES.map((p) => [p.toLowerCase(), p] as [string, (typeof PROVINCES)[number]]),
    ...Object.entries(FRENCH_NAMES),
    ...Object.entries(PROVINCE_ALIASES).map(
      ([alias, p]) => [alias.normalize('NFKD').replace(/\p{M}+/gu, ''), p] as [string, (typeof PROVINCES)[number]],
    ),
  ];
  return entries
    .map(([name, p]): [string, (typeof PROVINCES)[number], boolean] => [
      name,
      p,
      name.replace(/[^a-z]/g, '').length <= 4,
    ])
    .sort((a, b) => b[0].length - a[0].length);
})();

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, String.raw`[\s-]+`);

// Compiled once: ~70 patterns with Unicode classes are too slow to build per query.
const REGION_PATTERNS = REGION_NAMES.map(
  ([name, province, capitalsOnly]) =>
    [
      pattern(
        String.raw`(?<![\p{L}\p{N}])(?:(?:in|within|across|throughout|en|au|dans)\s+)?(${escapeRe(name)})(?![\p{L}\p{N}])`,
        'giu',
      ),
      province,
      capitalsOnly,
    ] as const,
);

const recogniseRegion: Recogniser = (work, out) => {
  for (const [re, province, capitalsOnly] of REGION_PATTERNS) {
    for (const m of work.folded.matchAll(re)) {
      const nameStart = m.index + m[0].length - (m[1] ?? '').length;
      const written = work.original.slice(nameStart, m.index + m[0].length);
      // "ON", "BC", "Ont." count; "on", "que", "ont" are ordinary words.
      if (capitalsOnly && (written.length <= 2 ? written !== written.toUpperCase() : !/^\p{Lu}/u.test(written)))
        continue;
      if (!out.filters.regions.includes(province)) {
        out.filters.regions.push(province);
        out.understood.push({
          kind: 'region',
          text: work.slice(m.index, m.index + m[0].length),
          label: province,
          value: province,
        });
      }
      work.consume(m.index, m.index + m[0].length);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Leftover keywords

// Words that only say "I want tenders": removed from the keywords.
const NOISE_PHRASES = [
  String.raw`(?:with|for|from)?\s*(?:the\s+)?(?:federal\s+)?government\s+(?:agenc(?:y|ies)|departments?)`,
  String.raw`public\s+sector`,
  String.raw`(?:show|find|give)\s+me`,
  String.raw`looking\s+for`,
  String.raw`i\s+(?:need|want)`,
];
const NOISE_WORDS = new Set(
  'contract contracts opportunity opportunities project projects tender tenders notice notices bid bids solicitation solicitations in for with the a an and of any all some'.split(
    ' ',
  ),
);

function leftoverKeywords(work: Work): string {
  for (const phrase of NOISE_PHRASES) {
    for (const m of work.folded.matchAll(pattern(String.raw`(?<![\p{L}\p{N}])${phrase}(?![\p{L}\p{N}])`, 'giu'))) {
      work.consume(m.index, m.index + m[0].length);
    }
  }
  const kept: string[] = [];
  for (const m of work.folded.matchAll(/\S+/gu)) {
    const original = work.original.slice(m.index, m.index + m[0].length);
    const word = original.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!word || NOISE_WORDS.has(m[0].replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))) continue;
    kept.push(word);
  }
  return kept.join(' ');
}

const RECOGNISERS: Recogniser[] = [
  recogniseMoneyRange,
  recogniseMoneyBounds,
  recogniseMoneyAround,
  recogniseClosingPeriod,
  recogniseClosingWithin,
  recogniseClosingDate,
  recogniseMethod,
  recogniseCategory,
  recogniseRegion,
];

export function parseQuery(text: string, now: Date = new Date()): ParsedQuery {
  const out: ParsedQuery = { keywords: '', filters: { regions: [], categories: [], notice_types: [] }, understood: [] };
  const work = new Work(text.slice(0, 500));
  for (const recognise of RECOGNISERS) recognise(work, out, now);
  out.keywords = leftoverKeywords(work);
  return out;
}
