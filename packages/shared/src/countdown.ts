/**
 * The closing countdown of spec §4, one rule for the web app and the server:
 *
 * - **Which instant a closing value means.** A value with an offset (`…Z`, `…-05:00`) is that
 *   instant. A date and time without an offset is that wall-clock time in Eastern time
 *   (`APP_TIME_ZONE`), as CanadaBuys publishes closing times. A date without a time
 *   (`2026-11-30`) closes at the end of that day, 23:59:59.999 Eastern time, the same reading
 *   ingestion gives a closing column with no time (`ingest/normalize.ts`). Anything else has no
 *   countdown.
 * - **Closed** once that instant is reached (`closing <= now`), like the effective status.
 * - **Days** are calendar days between today and the closing day, both read in one time zone:
 *   the viewer's on the web (the dates on screen are in it), Eastern time on the server (its
 *   texts say "ET"). 0 → 'Closes today', 1 → 'Closes tomorrow', else 'N days remaining'.
 * - **Urgent** when it closes today, tomorrow or within URGENT_DEADLINE_DAYS (7) calendar days.
 */
import { URGENT_DEADLINE_DAYS } from './constants.ts';

/** The app's own time zone: CanadaBuys closing times are Eastern time. */
export const APP_TIME_ZONE = 'America/Toronto';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(ms: number, timeZone: string) {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of partsFormatter(timeZone).formatToParts(ms)) {
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  }
  return out;
}

/** Offset of the zone from UTC at an instant, in ms (Toronto in winter: -5 h). */
function zoneOffset(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant of a wall-clock time in a zone (the later one when a DST change repeats it). */
export function zonedInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; ms?: number },
  timeZone: string,
): number {
  const guess = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    wall.ms ?? 0,
  );
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** Days since 1970-01-01 of the calendar date an instant falls on in a time zone. */
export function calendarDay(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
}

/** The instant (ms) a closing value stands for, or null (see the rule at the top of this file). */
export function closingInstant(value: string | null | undefined): number | null {
  const v = value?.trim();
  if (!v) return null;
  const day = DATE_ONLY.exec(v);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!isRealDay(year, month, date)) return null;
    return zonedInstant({ year, month, day: date, hour: 23, minute: 59, second: 59, ms: 999 }, APP_TIME_ZONE);
  }
  const wall = WALL_TIME.exec(v);
  if (wall) {
    const [year, month, date, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(wall[i]));
    const second = Number(wall[6] ?? 0);
    const ms = Number((wall[7] ?? '0').padEnd(3, '0'));
    if (!isRealDay(year!, month!, date!) || hour! > 23 || minute! > 59 || second > 59) return null;
    return zonedInstant({ year: year!, month: month!, day: date!, hour, minute, second, ms }, APP_TIME_ZONE);
  }
  if (!WITH_OFFSET.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : at;
}

function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export type Countdown =
  | { kind: 'closed'; urgent: false }
  | { kind: 'today'; urgent: true }
  | { kind: 'tomorrow'; urgent: true }
  | { kind: 'days'; days: number; urgent: boolean };

export interface CountdownOptions {
  now?: Date;
  /** Where "today" is: the viewer's zone on the web, APP_TIME_ZONE on the server. */
  timeZone?: string;
}

/** Spec §4 closing countdown (the rule at the top of this file); null without a readable closing. */
export function closingCountdown(
  value: string | null | undefined,
  { now = new Date(), timeZone = APP_TIME_ZONE }: CountdownOptions = {},
): Countdown | null {
  const at = closingInstant(value);
  if (at === null) return null;
  if (at <= now.getTime()) return { kind: 'closed', urgent: false };
  const days = calendarDay(at, timeZone) - calendarDay(now.getTime(), timeZone);
  if (days <= 0) return { kind: 'today', urgent: true };
  if (days === 1) return { kind: 'tomorrow', urgent: true };
  return { kind: 'days', days, urgent: days <= URGENT_DEADLINE_DAYS };
}

/** Calendar days left: -1 once closed, 0 today, 1 tomorrow…; null without a readable closing. */
export function daysLeft(value: string | null | undefined, options: CountdownOptions = {}): number | null {
  const c = closingCountdown(value, options);
  if (!c) return null;
  return c.kind === 'closed' ? -1 : c.kind === 'today' ? 0 : c.kind === 'tomorrow' ? 1 : c.days;
}

/**
 * The end of the urgent window: midnight starting the day after the last urgent day (today +
 * URGENT_DEADLINE_DAYS) in the zone. A closing is urgent exactly when now < closing < this.
 */
export function urgentWindowEnd(now: Date = new Date(), timeZone: string = APP_TIME_ZONE): Date {
  const w = wallClock(now.getTime(), timeZone);
  const end = new Date(Date.UTC(w.year, w.month - 1, w.day + URGENT_DEADLINE_DAYS + 1));
  return new Date(
    zonedInstant({ year: end.getUTCFullYear(), month: end.getUTCMonth() + 1, day: end.getUTCDate() }, timeZone),
  );
}
