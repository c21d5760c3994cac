/** Dates, times and time zones as Canadian solicitations print them. */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?`;
const WEEKDAY = String.raw`(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+)?`;

/** "Thursday, February 13th, 2025", "August 30 , 2024", "2025-03-06", "6 March 2025". */
export const DATE_SOURCE = String.raw`(?:${WEEKDAY}${MONTH}\s+\d{1,2}(?:\s*(?:st|nd|rd|th))?\s*,?\s*\d{4}|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\s+${MONTH}\s+\d{4})`;
export const dateRe = () => new RegExp(DATE_SOURCE, 'i');
/** A month and day without a year ("July 25"), for addenda that omit it. */
export const DAY_MONTH_SOURCE = String.raw`\b${MONTH}\s+\d{1,2}(?:\s*(?:st|nd|rd|th))?\b`;

/** "2:00:00 p.m.", "14:00", "02:00 PM", "11.00 a.m.", "2:00pm". */
export const TIME_SOURCE = String.raw`(?:\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\b\.?)?|\b\d{1,2}(?:\.\d{2})?\s*[ap]\.?\s?m\b\.?)`;
export const timeRe = () => new RegExp(TIME_SOURCE, 'i');

const ZONE_NAMES: Record<string, string> = {
  mountain: 'M',
  pacific: 'P',
  eastern: 'E',
  central: 'C',
  atlantic: 'A',
  newfoundland: 'N',
};
export const ZONE_SOURCE = String.raw`(?:\b(?:Mountain|Pacific|Eastern|Central|Atlantic|Newfoundland)\s+(?:Standard\s+|Daylight\s+|Prevailing\s+)?Time\b|\b(?:MST|MDT|PST|PDT|EST|EDT|CST|CDT|AST|ADT|NST|NDT|ET|MT|PT|CT|UTC)\b)`;
export const zoneRe = () => new RegExp(ZONE_SOURCE);

/** "Mountain Standard Time" → "MST"; an abbreviation stays as printed. */
export function zoneAbbreviation(printed: string): string {
  const m = /^(\w+)\s+(Standard|Daylight|Prevailing)?\s*Time$/i.exec(printed.replace(/\s+/g, ' ').trim());
  if (!m) return printed.trim();
  const letter = ZONE_NAMES[(m[1] ?? '').toLowerCase()] ?? '';
  const kind = (m[2] ?? '').toLowerCase();
  return letter + (kind === 'standard' ? 'ST' : kind === 'daylight' ? 'DT' : 'T');
}

/** ISO date of a printed date, or null when it cannot be read. */
export function isoDate(printed: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(printed);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const words = printed.toLowerCase().replace(/[.,]/g, ' ');
  const monthIndex = MONTHS.findIndex((m) => new RegExp(`\\b${m.slice(0, 3)}[a-z]*\\b`).test(words));
  const year = /\b(\d{4})\b/.exec(words)?.[1];
  const day = /\b(\d{1,2})(?:\s*(?:st|nd|rd|th))?\b(?!\d)/.exec(words.replace(/\b\d{4}\b/g, ''))?.[1];
  if (monthIndex < 0 || !year || !day) return null;
  const d = Number(day);
  if (d < 1 || d > 31) return null;
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Tidies a printed date for display: "August 30 , 2024" → "August 30, 2024". */
export const tidyDate = (printed: string) => printed.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim();

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
