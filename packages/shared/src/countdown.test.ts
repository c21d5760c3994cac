import { describe, expect, test } from 'vitest';
import { closingCountdown, closingInstant, daysLeft, urgentWindowEnd } from './countdown.ts';

// Every expected instant below is worked out by hand: Toronto is UTC-5 in winter (EST) and
// UTC-4 in summer (EDT); DST began on 8 March 2026.
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Sunday 22 November 2026, 10:00 Eastern. */
const now = new Date('2026-11-22T15:00:00.000Z');
const toronto = { now, timeZone: 'America/Toronto' };

describe('closingInstant: what a closing value means', () => {
  test('a date without a time closes at the end of that day, Eastern time', () => {
    expect(iso(closingInstant('2026-11-30'))).toBe('2026-12-01T04:59:59.999Z');
    expect(iso(closingInstant('2026-07-15'))).toBe('2026-07-16T03:59:59.999Z');
  });

  test('a date and time without an offset is Eastern wall-clock time', () => {
    expect(iso(closingInstant('2024-12-27T14:00:00'))).toBe('2024-12-27T19:00:00.000Z');
    expect(iso(closingInstant('2026-06-01 09:30'))).toBe('2026-06-01T13:30:00.000Z');
  });

  test('an offset is taken as given', () => {
    expect(iso(closingInstant('2026-11-30T19:00:00.000Z'))).toBe('2026-11-30T19:00:00.000Z');
    expect(iso(closingInstant('2026-11-30T14:00:00-05:00'))).toBe('2026-11-30T19:00:00.000Z');
  });

  test('nothing readable, no instant', () => {
    for (const v of [null, undefined, '', '  ', 'soon', '2026-02-30', '2026-11-30T25:00', '30/11/2026']) {
      expect(closingInstant(v), String(v)).toBeNull();
    }
  });
});

describe('closingCountdown (spec §4)', () => {
  test('past and exactly now are closed, never urgent', () => {
    expect(closingCountdown('2026-11-22T14:59:59.000Z', toronto)).toEqual({ kind: 'closed', urgent: false });
    expect(closingCountdown('2026-11-22T15:00:00.000Z', toronto)).toEqual({ kind: 'closed', urgent: false });
  });

  test('later today and tomorrow are calendar days in the given zone', () => {
    // 23:59 Eastern on the 22nd, then midnight starting the 23rd.
    expect(closingCountdown('2026-11-23T04:59:00.000Z', toronto)).toEqual({ kind: 'today', urgent: true });
    expect(closingCountdown('2026-11-23T05:00:00.000Z', toronto)).toEqual({ kind: 'tomorrow', urgent: true });
    // 22:00 Eastern on the 22nd is already the 23rd in UTC.
    expect(closingCountdown('2026-11-23T03:00:00.000Z', toronto)?.kind).toBe('today');
    expect(closingCountdown('2026-11-23T03:00:00.000Z', { now, timeZone: 'UTC' })?.kind).toBe('tomorrow');
  });

  test('N days remaining; urgent up to 7 days', () => {
    expect(closingCountdown('2026-11-24T17:00:00.000Z', toronto)).toEqual({ kind: 'days', days: 2, urgent: true });
    expect(closingCountdown('2026-11-29T17:00:00.000Z', toronto)).toEqual({ kind: 'days', days: 7, urgent: true });
    expect(closingCountdown('2026-11-30T17:00:00.000Z', toronto)).toEqual({ kind: 'days', days: 8, urgent: false });
    expect(closingCountdown('2026-12-22T17:00:00.000Z', toronto)).toEqual({ kind: 'days', days: 30, urgent: false });
  });

  test('a bare date counts its whole day, wherever the viewer is', () => {
    expect(closingCountdown('2026-11-22', toronto)?.kind).toBe('today');
    expect(closingCountdown('2026-11-23', toronto)?.kind).toBe('tomorrow');
    expect(closingCountdown('2026-11-21', toronto)?.kind).toBe('closed');
    // It ends at 20:59:59 Pacific on the 22nd.
    expect(closingCountdown('2026-11-22', { now, timeZone: 'America/Vancouver' })?.kind).toBe('today');
    expect(
      closingCountdown('2026-11-22', { now: new Date('2026-11-23T05:00:00.000Z'), timeZone: 'America/Vancouver' })
        ?.kind,
    ).toBe('closed');
  });

  test('no closing, no countdown', () => {
    expect(closingCountdown(null, toronto)).toBeNull();
    expect(closingCountdown('TBD', toronto)).toBeNull();
  });
});

describe('daysLeft and the urgent window', () => {
  test('daysLeft: -1 closed, 0 today, 1 tomorrow, N', () => {
    expect(daysLeft('2026-11-21', toronto)).toBe(-1);
    expect(daysLeft('2026-11-22', toronto)).toBe(0);
    expect(daysLeft('2026-11-23T12:00:00Z', toronto)).toBe(1);
    expect(daysLeft('2026-12-02T12:00:00Z', toronto)).toBe(10);
    expect(daysLeft(null, toronto)).toBeNull();
  });

  test('the window ends at midnight starting the 8th day, in the zone', () => {
    expect(urgentWindowEnd(now, 'America/Toronto').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(urgentWindowEnd(now, 'UTC').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    // Across the change to summer time: 15 March 00:00 EDT.
    expect(urgentWindowEnd(new Date('2026-03-07T15:00:00.000Z'), 'America/Toronto').toISOString()).toBe(
      '2026-03-15T04:00:00.000Z',
    );
  });

  test('a closing is urgent exactly when it falls before the window end', () => {
    const end = urgentWindowEnd(now, 'America/Toronto').getTime();
    for (const at of ['2026-11-30T04:59:59.999Z', '2026-11-30T05:00:00.000Z', '2026-11-25T12:00:00.000Z']) {
      expect(closingCountdown(at, toronto)?.urgent, at).toBe(Date.parse(at) < end);
    }
  });
});
