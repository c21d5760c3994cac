/** Pure display rules of the tender detail page (spec §4 status colour and countdown, §5). */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Spec §9: urgent deadline threshold. */
export const URGENT_DAYS = 7;

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric' });
const calendarDateFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** Spec §5: Canadian English; missing → 'Not specified', unreadable → 'Invalid date'. */
export function formatTenderDate(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return 'Invalid date';
  // A calendar date (no time) is parsed as UTC midnight: format it in UTC so it keeps its day.
  return (DATE_ONLY.test(value) ? calendarDateFormat : dateFormat).format(time);
}

/** Closing date and time; a date without a time is shown as a date only. */
export function formatTenderDateTime(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return 'Invalid date';
  return DATE_ONLY.test(value) ? calendarDateFormat.format(time) : dateTimeFormat.format(time);
}

export type StatusTone = 'green' | 'red' | 'grey' | 'blue' | 'yellow';

/** Spec §4: open/active green, closed red, cancelled grey, awarded blue, anything else yellow. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch (status?.trim().toLowerCase()) {
    case 'open':
    case 'active':
      return 'green';
    case 'closed':
      return 'red';
    case 'cancelled':
    case 'canceled':
      return 'grey';
    case 'awarded':
      return 'blue';
    default:
      return 'yellow';
  }
}

export function statusLabel(status: string | null | undefined): string {
  const s = status?.trim();
  if (!s) return 'Status Unknown';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const CATEGORY_NAMES: Record<string, string> = {
  CNST: 'Construction',
  GD: 'Goods',
  SRV: 'Services',
  SRVTGD: 'Service related to Goods',
};

/** Spec §5: codes separated by '*' (CNST, GD, SRV, SRVTGD); anything else is 'Unknown'. */
export function decodeCategory(value: string | null | undefined): string {
  const codes = (value ?? '')
    .split('*')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0) return 'Unknown';
  return [...new Set(codes.map((c) => CATEGORY_NAMES[c] ?? 'Unknown'))].join(', ');
}

export interface Countdown {
  label: string;
  urgent: boolean;
  closed: boolean;
}

/** The instant a closing value ends: a bare date closes at the end of that day, local time. */
function closingInstant(value: string): Date | null {
  const day = DATE_ONLY.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59, 59, 999);
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * Spec §4 "Closing countdown": past → 'Closed'; 0 days → 'Closes today'; 1 → 'Closes tomorrow';
 * otherwise 'N days remaining'; urgent at 7 days or fewer. Days are calendar days, local time.
 */
export function closingCountdown(value: string | null | undefined, now: Date = new Date()): Countdown | null {
  if (!value) return null;
  const closing = closingInstant(value);
  if (!closing) return null;
  if (closing.getTime() < now.getTime()) return { label: 'Closed', urgent: false, closed: true };
  const days = Math.round((startOfDay(closing) - startOfDay(now)) / DAY_MS);
  const label = days <= 0 ? 'Closes today' : days === 1 ? 'Closes tomorrow' : `${days} days remaining`;
  return { label, urgent: days <= URGENT_DAYS, closed: false };
}

/** UNSPSC codes (joined ', ') paired with their descriptions (joined '; ') when the counts agree. */
export function unspscEntries(codes: string | null | undefined, descriptions: string | null | undefined): string[] {
  const c = (codes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const d = (descriptions ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  if (c.length === 0) return d;
  if (c.length === d.length) return c.map((code, i) => `${code} — ${d[i]}`);
  return d.length ? [...c, ...d] : c;
}
