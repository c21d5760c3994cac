import { describe, expect, test } from 'vitest';
import {
  closingCountdown,
  decodeCategory,
  formatTenderDate,
  statusLabel,
  statusTone,
  unspscEntries,
} from './tender-format.ts';

describe('statusTone and statusLabel', () => {
  test('follow spec §4 colours', () => {
    expect(statusTone('Open')).toBe('green');
    expect(statusTone('active')).toBe('green');
    expect(statusTone('closed')).toBe('red');
    expect(statusTone('cancelled')).toBe('grey');
    expect(statusTone('awarded')).toBe('blue');
    expect(statusTone('amended')).toBe('yellow');
    expect(statusTone(null)).toBe('yellow');
  });

  test('a missing status shows Status Unknown', () => {
    expect(statusLabel('')).toBe('Status Unknown');
    expect(statusLabel(null)).toBe('Status Unknown');
    expect(statusLabel('open')).toBe('Open');
  });
});

describe('decodeCategory', () => {
  test('decodes codes joined by *', () => {
    expect(decodeCategory('CNST')).toBe('Construction');
    expect(decodeCategory('*SRV*GD')).toBe('Services, Goods');
    expect(decodeCategory('SRVTGD')).toBe('Service related to Goods');
    expect(decodeCategory('XYZ')).toBe('Unknown');
    expect(decodeCategory(null)).toBe('Unknown');
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
});

describe('closingCountdown', () => {
  const now = new Date(2026, 10, 22, 10, 0, 0);
  const at = (days: number, hour = 14) => new Date(2026, 10, 22 + days, hour).toISOString();

  test('labels', () => {
    expect(closingCountdown(at(-1), now)).toEqual({ label: 'Closed', urgent: false, closed: true });
    expect(closingCountdown(at(0), now)?.label).toBe('Closes today');
    expect(closingCountdown(at(1), now)?.label).toBe('Closes tomorrow');
    expect(closingCountdown(at(5), now)).toEqual({ label: '5 days remaining', urgent: true, closed: false });
    expect(closingCountdown(at(7), now)?.urgent).toBe(true);
    expect(closingCountdown(at(8), now)).toEqual({ label: '8 days remaining', urgent: false, closed: false });
    expect(closingCountdown(null, now)).toBeNull();
    expect(closingCountdown('nonsense', now)).toBeNull();
  });

  test('a bare date closes at the end of that day', () => {
    expect(closingCountdown('2026-11-22', now)?.label).toBe('Closes today');
    expect(closingCountdown('2026-11-21', now)?.label).toBe('Closed');
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
