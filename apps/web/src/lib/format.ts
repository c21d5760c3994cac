import { currentLocale, i18n } from './i18n.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const full = `${currentLocale()}|${key}`;
  let format = formats.get(full);
  if (!format) {
    format = make();
    formats.set(full, format);
  }
  return format as T;
}

const dateFormat = () =>
  cached('date', () => new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' }));
// A date without a time (2026-11-30) names a calendar day, not an instant: format it in UTC,
// where Date.parse put it, or it shows as the day before west of Greenwich.
const calendarDateFormat = () =>
  cached(
    'calendar-date',
    () =>
      new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
const numberFormat = () => cached('number', () => new Intl.NumberFormat(currentLocale()));

/** "Nov 30, 2026" / "30 nov. 2026" in the UI's language; spec §5: "Not specified" when missing, "Invalid date" when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return i18n.t('format.notSpecified');
  const time = Date.parse(value);
  if (Number.isNaN(time)) return i18n.t('format.invalidDate');
  return (DATE_ONLY.test(value) ? calendarDateFormat() : dateFormat()).format(time);
}

/** "Nov 30, 2026, 2:00 p.m." in the UI's language; "Invalid date" when unreadable (spec §9). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return i18n.t('format.notSpecified');
  const time = Date.parse(value);
  if (Number.isNaN(time)) return i18n.t('format.invalidDate');
  return cached(
    'date-time',
    () =>
      new Intl.DateTimeFormat(currentLocale(), {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(time);
}

/** Whole Canadian dollars: "$50,000" / "50 000 $". */
export function formatMoney(dollars: number | null | undefined, fallback = i18n.t('format.notSpecified')): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return fallback;
  return cached(
    'money',
    () => new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }),
  ).format(dollars);
}

/** A search score as a match percentage (spec §9: score × 10, capped at 100). */
export function matchPercentage(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 10)));
}

export function formatCount(value: number): string {
  return numberFormat().format(value);
}

/** "1 result", "2,345 results". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
