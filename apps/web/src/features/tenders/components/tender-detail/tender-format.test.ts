import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import {
  categoryCodes,
  closingCountdown,
  countdownText,
  formatTenderDate,
  statusKey,
  statusTone,
  unspscEntries,
} from './tender-format.ts';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('statusTone and statusKey', () => {
  test('follow spec §4 colours', () => {
    expect(statusTone('Open')).toBe('green');
    expect(statusTone('active')).toBe('green');
    expect(statusTone('closed')).toBe('red');
    expect(statusTone('cancelled')).toBe('grey');
    expect(statusTone('awarded')).toBe('blue');
    expect(statusTone('amended')).toBe('yellow');
    expect(statusTone(null)).toBe('yellow');
  });

  test('a missing status is null (shown as Status Unknown); known ones are canonical', () => {
    expect(statusKey('')).toBeNull();
    expect(statusKey(null)).toBeNull();
    expect(statusKey('open')).toEqual({ known: 'Open' });
    expect(statusKey('amended')).toEqual({ other: 'Amended' });
  });
});

describe('categoryCodes', () => {
  test('decodes codes joined by *', () => {
    expect(categoryCodes('CNST')).toEqual(['CNST']);
    expect(categoryCodes('*SRV*GD')).toEqual(['SRV', 'GD']);
    expect(categoryCodes('SRVTGD')).toEqual(['SRVTGD']);
    expect(categoryCodes('XYZ')).toEqual(['Unknown']);
    expect(categoryCodes(null)).toEqual(['Unknown']);
  });
});

describe('formatTenderDate', () => {
  test('missing and unreadable dates', () => {
    expect(formatTenderDate(null)).toBe('Not specified');
    expect(formatTenderDate('soon')).toBe('Invalid date');
  });

  test('a calendar date keeps its day', () => {
    expect(formatTenderDate('2026-11-30')).toMatch(/November 30, 2026/);
  });

  test('follows the language', async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(formatTenderDate('2026-11-30')).toMatch(/30 novembre 2026/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('closingCountdown (spec §4)', () => {
  const now = new Date(2026, 10, 22, 10, 0, 0);
  const at = (days: number, hour = 14) => new Date(2026, 10, 22 + days, hour).toISOString();
  const text = (value: string | null, when = now) => {
    const c = closingCountdown(value, when);
    return c && countdownText(c);
  };

  test('past, today, tomorrow and N days', () => {
    expect(closingCountdown(at(-1), now)).toEqual({ kind: 'closed', urgent: false, closed: true });
    expect(text(at(0, 9))).toBe('Closed'); // earlier today
    expect(text(at(0))).toBe('Closes today');
    expect(closingCountdown(at(0), now)?.urgent).toBe(true);
    expect(text(at(1))).toBe('Closes tomorrow');
    expect(closingCountdown(at(1), now)?.urgent).toBe(true);
    expect(text(at(5))).toBe('5 days remaining');
    expect(closingCountdown(at(7), now)?.urgent).toBe(true);
    expect(closingCountdown(at(8), now)).toEqual({ kind: 'days', days: 8, urgent: false, closed: false });
    expect(text(at(8))).toBe('8 days remaining');
    expect(closingCountdown(null, now)).toBeNull();
    expect(closingCountdown('nonsense', now)).toBeNull();
  });

  test('a bare date closes at the end of that day', () => {
    expect(text('2026-11-22')).toBe('Closes today');
    expect(text('2026-11-23')).toBe('Closes tomorrow');
    expect(text('2026-11-21')).toBe('Closed');
  });

  test('late in the evening, tomorrow morning is still tomorrow', () => {
    const late = new Date(2026, 10, 22, 23, 30);
    expect(text(new Date(2026, 10, 23, 8).toISOString(), late)).toBe('Closes tomorrow');
  });
});

describe('unspscEntries', () => {
  test('pairs codes with descriptions', () => {
    expect(unspscEntries('72101500, 81112000', 'Building services; Data services')).toEqual([
      '72101500 — Building services',
      '81112000 — Data services',
    ]);
    expect(unspscEntries(null, null)).toEqual([]);
  });
});
