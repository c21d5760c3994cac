const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });
// A date without a time (2026-11-30) names a calendar day, not an instant: format it in UTC,
// where Date.parse put it, or it shows as the day before west of Greenwich.
const calendarDateFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const numberFormat = new Intl.NumberFormat('en-CA');

/** "Nov 30, 2026" in Canadian English; "Not specified" when the date is missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return 'Not specified';
  return (DATE_ONLY.test(value) ? calendarDateFormat : dateFormat).format(time);
}

/** A search score as a match percentage (spec §9: score × 10, capped at 100). */
export function matchPercentage(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 10)));
}

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "1 result", "2,345 results". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
