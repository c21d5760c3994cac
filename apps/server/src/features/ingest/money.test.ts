import { describe, expect, test } from 'vitest';
import { extractEstimatedValue } from './money.ts';
import {
  normalizeProvince,
  normalizeStatus,
  parseClosing,
  parseDay,
  regionKeys,
  starList,
  urlList,
  cleanText,
} from './normalize.ts';

describe('estimated value from the notice text', () => {
  test.each([
    ['The estimated value is $1,250,000.00 (taxes included).', 1_250_000],
    ['Budget: $50K', 50_000],
    ['up to $2.5 million', 2_500_000],
    ['valeur de 50 000 $ taxes incluses', 50_000],
    ['1 250 000,00 $', 1_250_000],
    ['2,5 millions de dollars', 2_500_000],
    ['$12,000 for phase 1 and $40,000 for phase 2.', 40_000],
    ['a $25 fee', null],
    ['no amount here', null],
  ])('%s → %s', (text, value) => {
    expect(extractEstimatedValue(text)).toBe(value);
  });
});

describe('field normalisation', () => {
  test('provinces: abbreviations, trailing spaces, French names; unknown kept', () => {
    for (const v of ['ON', 'Ontario ', 'Ontario', 'ont']) expect(normalizeProvince(v)).toBe('Ontario');
    for (const v of ['QC', 'Québec', 'Quebec']) expect(normalizeProvince(v)).toBe('Quebec');
    expect(normalizeProvince('(C.-B.)')).toBe('British Columbia');
    expect(normalizeProvince(' Ottawa ')).toBe('Ottawa');
    expect(normalizeProvince('')).toBeNull();
  });

  test('region keys from the entity province and the delivery regions', () => {
    expect(regionKeys('Quebec', ['Ontario (except NCR)'])).toBe('|Ontario|Quebec|');
    expect(regionKeys('Ottawa', ['National Capital Region (NCR)'])).toBe('|Ontario|Quebec|');
    expect(regionKeys(null, ['Canada', 'World'])).toBe('');
  });

  test('statuses', () => {
    expect(normalizeStatus('Expired', '')).toBe('Closed');
    expect(normalizeStatus('', 'Annulée')).toBe('Cancelled');
    expect(normalizeStatus('AWARDED', '')).toBe('Awarded');
    expect(normalizeStatus('', '')).toBe('Open');
  });

  test('dates: impossible days are refused; closing times are Toronto time stored as UTC', () => {
    expect(parseDay('2024-02-29', 'd')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDay('2024-02-30', 'd').ok).toBe(false);
    expect(parseDay('2024-13-01', 'd').ok).toBe(false);
    expect(parseClosing('2024-12-27T14:00:00', 'c')).toEqual({ ok: true, value: '2024-12-27T19:00:00.000Z' });
    expect(parseClosing('2025-07-15 14:00:00', 'c')).toEqual({ ok: true, value: '2025-07-15T18:00:00.000Z' });
    expect(parseClosing('2025-03-09T03:30:00', 'c')).toEqual({ ok: true, value: '2025-03-09T07:30:00.000Z' }); // DST day
    expect(parseClosing('2025-07-15T14:00:00Z', 'c')).toEqual({ ok: true, value: '2025-07-15T14:00:00.000Z' });
    expect(parseClosing('2024-02-30T14:00:00', 'c').ok).toBe(false);
    expect(parseClosing('soon', 'c').ok).toBe(false);
  });

  test('lists and text', () => {
    expect(starList('*84131608\n*85101700\n\n* \n*None')).toEqual(['84131608', '85101700', 'None']);
    expect(urlList('https://a/1.pdf,https://a/2.pdf\nhttps://a/3.pdf')).toEqual([
      'https://a/1.pdf',
      'https://a/2.pdf',
      'https://a/3.pdf',
    ]);
    expect(cleanText(' A&amp;B&nbsp;C\tD \r\nE ')).toBe('A&B C D\nE');
    expect(cleanText('   ')).toBeNull();
  });
});

describe('CSV reader', () => {
  test('an unreadable record is reported with its row number after the good ones', async () => {
    const { Readable } = await import('node:stream');
    const { readCanadaBuysCsv } = await import('./csv-reader.ts');
    const { REQUIRED_COLUMNS } = await import('./canadabuys-columns.ts');
    const header = REQUIRED_COLUMNS.map((c) => `"${c}"`).join(',');
    const good = (ref: string) =>
      REQUIRED_COLUMNS.map((c) => (c.startsWith('reference') ? `"${ref}"` : '"x"')).join(',');
    // Relaxed parsing reads stray quotes; what it cannot read is a quote never closed.
    const bad = REQUIRED_COLUMNS.map((_, i) => (i === 1 ? '"never closed' : '"x"')).join(',');
    const text = [header, good('a'), good('b'), good('c'), bad].join('\r\n') + '\r\n';
    const rows: Array<[number, string]> = [];
    for await (const item of readCanadaBuysCsv(Readable.from([text])))
      rows.push([item.row, 'error' in item ? 'error' : 'ok']);
    expect(rows).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'ok'],
      [4, 'error'],
    ]);
  });
});
