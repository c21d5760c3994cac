/**
 * Pure display rules of the tender screens (spec §4 status colour, §5 dates and categories). The
 * closing countdown is the shared rule of `@app/shared/countdown` (`lib/countdown.ts`).
 */
import { CATEGORY_LABELS, TENDER_STATUSES, type CategoryCode, type TenderStatus } from '@app/shared/constants';
import { currentLocale, i18n } from '../../../../lib/i18n.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'date' | 'calendar' | 'dateTime'): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const day = { year: 'numeric', month: 'long', day: 'numeric' } as const;
    f = new Intl.DateTimeFormat(
      locale,
      kind === 'date'
        ? day
        : kind === 'calendar'
          ? { ...day, timeZone: 'UTC' }
          : { ...day, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    );
    formats.set(key, f);
  }
  return f;
}

/** Spec §5: missing → 'Not specified', unreadable → 'Invalid date'; long dates in the UI's language. */
export function formatTenderDate(value: string | null | undefined): string {
  if (!value) return i18n.t('format.notSpecified');
  const time = Date.parse(value);
  if (Number.isNaN(time)) return i18n.t('format.invalidDate');
  // A calendar date (no time) is parsed as UTC midnight: format it in UTC so it keeps its day.
  return format(DATE_ONLY.test(value) ? 'calendar' : 'date').format(time);
}

/** Closing date and time; a date without a time is shown as a date only. */
export function formatTenderDateTime(value: string | null | undefined): string {
  if (!value) return i18n.t('format.notSpecified');
  const time = Date.parse(value);
  if (Number.isNaN(time)) return i18n.t('format.invalidDate');
  return format(DATE_ONLY.test(value) ? 'calendar' : 'dateTime').format(time);
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

/**
 * A status as shown: one of the five known statuses (`domain.statuses.*`), another value
 * capitalised as it is, or null when missing (the caller shows 'Status Unknown').
 */
export function statusKey(status: string | null | undefined): { known: TenderStatus } | { other: string } | null {
  const s = status?.trim();
  if (!s) return null;
  const known = TENDER_STATUSES.find((k) => k.toLowerCase() === s.toLowerCase());
  return known ? { known } : { other: s.charAt(0).toUpperCase() + s.slice(1) };
}

/** Spec §5: codes separated by '*' (CNST, GD, SRV, SRVTGD); anything else is 'Unknown'. */
export function categoryCodes(value: string | null | undefined): Array<CategoryCode | 'Unknown'> {
  const codes = (value ?? '')
    .split('*')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0) return ['Unknown'];
  return [...new Set(codes.map((c) => (c in CATEGORY_LABELS ? (c as CategoryCode) : 'Unknown')))];
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
