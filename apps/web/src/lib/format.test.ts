import { describe, expect, test } from 'vitest';
import { formatDate, matchPercentage, pluralize } from './format.ts';

describe('matchPercentage', () => {
  test('scales the search score by ten', () => {
    expect(matchPercentage(8.7)).toBe(87);
    expect(matchPercentage(0.04)).toBe(0);
  });

  test('caps at 100 and never goes below 0', () => {
    expect(matchPercentage(12.5)).toBe(100);
    expect(matchPercentage(-3)).toBe(0);
    expect(matchPercentage(Number.NaN)).toBe(0);
  });
});

describe('formatDate', () => {
  test('formats a calendar date in Canadian English on the same day everywhere', () => {
    expect(formatDate('2026-11-30')).toMatch(/^Nov\.? 30, 2026$/);
  });

  test('formats an instant', () => {
    expect(formatDate('2026-11-30T12:00:00Z')).toMatch(/^Nov\.? 30, 2026$/);
  });

  test('spec §5: "Not specified" for a missing date, "Invalid date" for an unreadable one', () => {
    expect(formatDate(null)).toBe('Not specified');
    expect(formatDate(undefined)).toBe('Not specified');
    expect(formatDate('')).toBe('Not specified');
    expect(formatDate('someday')).toBe('Invalid date');
    expect(formatDate('2026-13-45')).toBe('Invalid date');
  });
});

describe('pluralize', () => {
  test('uses the singular for one and groups thousands', () => {
    expect(pluralize(1, 'result')).toBe('1 result');
    expect(pluralize(2345, 'result')).toBe('2,345 results');
  });
});

describe('in French', () => {
  test('dates, money and the placeholders follow the Canadian French format', async () => {
    const { setLanguage } = await import('./i18n.ts');
    const { formatDateTime, formatMoney } = await import('./format.ts');
    await setLanguage('fr');
    try {
      expect(formatDate('2026-11-30')).toBe('30 nov. 2026');
      expect(formatMoney(50000)).toBe('50\u00a0000\u00a0$');
      expect(formatDate(null)).toBe('Non précisé');
      expect(formatDate('someday')).toBe('Date invalide');
      expect(formatDateTime('someday')).toBe('Date invalide');
    } finally {
      await setLanguage('en');
    }
    expect(formatMoney(50000)).toBe('$50,000');
    expect(formatDateTime('someday')).toBe('Invalid date');
  });
});
