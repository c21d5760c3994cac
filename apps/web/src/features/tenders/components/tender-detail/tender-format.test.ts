import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { categoryCodes, formatTenderDate, statusKey, statusTone, unspscEntries } from './tender-format.ts';

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

describe('unspscEntries', () => {
  test('pairs codes with descriptions', () => {
    expect(unspscEntries('72101500, 81112000', 'Building services; Data services')).toEqual([
      '72101500 — Building services',
      '81112000 — Data services',
    ]);
    expect(unspscEntries(null, null)).toEqual([]);
  });
});
