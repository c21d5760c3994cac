import { describe, expect, test } from 'vitest';
import { countdown, isUrgent } from './countdown.ts';

describe('countdown', () => {
  const now = new Date(2026, 10, 20, 10, 0); // 20 Nov 2026, 10:00 local

  test('past closing is closed, whatever the day', () => {
    expect(countdown(new Date(2026, 10, 20, 9, 0).toISOString(), now)).toEqual({ kind: 'closed' });
  });

  test('later today, tomorrow, and N days by calendar day', () => {
    expect(countdown(new Date(2026, 10, 20, 23, 0).toISOString(), now)).toEqual({ kind: 'today' });
    expect(countdown(new Date(2026, 10, 21, 1, 0).toISOString(), now)).toEqual({ kind: 'tomorrow' });
    expect(countdown(new Date(2026, 10, 27, 8, 0).toISOString(), now)).toEqual({ kind: 'days', days: 7 });
  });

  test('missing or unreadable dates have no countdown', () => {
    expect(countdown(null, now)).toBeNull();
    expect(countdown('not a date', now)).toBeNull();
  });

  test('urgent at 7 days or fewer, not when closed', () => {
    expect(isUrgent({ kind: 'days', days: 7 })).toBe(true);
    expect(isUrgent({ kind: 'days', days: 8 })).toBe(false);
    expect(isUrgent({ kind: 'closed' })).toBe(false);
    expect(isUrgent({ kind: 'today' })).toBe(true);
  });
});
