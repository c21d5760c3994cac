import { describe, expect, test } from 'vitest';
import { parseQuery } from './query-parser.ts';

// Sunday 22 November 2026, 15:00 UTC.
const now = new Date('2026-11-22T15:00:00.000Z');
const parse = (text: string) => parseQuery(text, now);

describe('parseQuery: the spec examples', () => {
  test('IT services contracts in Ontario under $100K', () => {
    const r = parse('IT services contracts in Ontario under $100K');
    expect(r.keywords).toBe('IT services');
    expect(r.filters).toMatchObject({ regions: ['Ontario'], value_max: 100_000 });
    expect(r.understood.map((u) => u.label)).toEqual(['under $100,000', 'Ontario']);
  });

  test('Construction projects in Alberta over $500K', () => {
    const r = parse('Construction projects in Alberta over $500K');
    expect(r.keywords).toBe('');
    expect(r.filters).toMatchObject({ regions: ['Alberta'], categories: ['CNST'], value_min: 500_000 });
  });

  test('Consulting opportunities closing this month', () => {
    const r = parse('Consulting opportunities closing this month');
    expect(r.keywords).toBe('Consulting');
    expect(r.filters.closing_before).toBe('2026-11-30');
    expect(r.understood).toEqual([
      { kind: 'closing_before', text: 'closing this month', label: 'closing by 30 Nov 2026', value: '2026-11-30' },
    ]);
  });

  test('Software development with government agencies', () => {
    const r = parse('Software development with government agencies');
    expect(r.keywords).toBe('Software development');
    expect(r.understood).toEqual([]);
  });

  test('IT services under $50K in Ontario', () => {
    const r = parse('IT services under $50K in Ontario');
    expect(r.keywords).toBe('IT services');
    expect(r.filters).toMatchObject({ regions: ['Ontario'], value_max: 50_000 });
  });
});

describe('parseQuery: regions', () => {
  test.each([
    ['cleaning in Ontario', 'Ontario'],
    ['cleaning ON', 'Ontario'],
    ['cleaning in Québec', 'Quebec'],
    ['cleaning quebec', 'Quebec'],
    ['cleaning QC', 'Quebec'],
    ['cleaning BC', 'British Columbia'],
    ['cleaning in Nova Scotia', 'Nova Scotia'],
    ['cleaning en Colombie-Britannique', 'British Columbia'],
    ['cleaning PEI', 'Prince Edward Island'],
  ])('%s → %s', (text, region) => {
    const r = parse(text);
    expect(r.filters.regions).toEqual([region]);
    expect(r.keywords).toBe('cleaning');
  });

  test('short abbreviations count only in capitals', () => {
    expect(parse('work on roofs').filters.regions).toEqual([]);
    expect(parse('que faire').filters.regions).toEqual([]);
    expect(parse('work on roofs').keywords).toBe('work on roofs');
  });

  test('several regions', () => {
    const r = parse('paving in Ontario and Manitoba');
    expect(r.filters.regions.sort()).toEqual(['Manitoba', 'Ontario']);
    expect(r.keywords).toBe('paving');
  });
});

describe('parseQuery: money', () => {
  test.each([
    ['under $50K', { value_max: 50_000 }],
    ['less than 100,000', { value_max: 100_000 }],
    ['below $2.5 million', { value_max: 2_500_000 }],
    ['up to 75k', { value_max: 75_000 }],
    ['over $500K', { value_min: 500_000 }],
    ['above $1M', { value_min: 1_000_000 }],
    ['at least $250,000', { value_min: 250_000 }],
    ['between $50K and $250K', { value_min: 50_000, value_max: 250_000 }],
    ['between 50 and 250K', { value_min: 50_000, value_max: 250_000 }],
    ['from $1M to $3M', { value_min: 1_000_000, value_max: 3_000_000 }],
    ['$2.5 million', { value_min: 1_250_000, value_max: 3_750_000 }],
  ])('%s', (text, expected) => {
    const r = parse(`paving ${text}`);
    expect(r.filters).toMatchObject(expected);
    expect(r.keywords).toBe('paving');
  });

  test('numbers that are not money stay keywords', () => {
    expect(parse('over 5 years of experience').filters.value_min).toBeUndefined();
    expect(parse('under 30 days').filters.value_max).toBeUndefined();
    expect(parse('Windows 11 licences').keywords).toBe('Windows 11 licences');
  });

  test('labels are formatted dollars', () => {
    expect(parse('between $50K and $250K').understood.map((u) => u.label)).toEqual(['over $50,000', 'under $250,000']);
  });
});

describe('parseQuery: closing dates', () => {
  test.each([
    ['closing before Dec 15', { closing_before: '2026-12-14' }, ['closing before 15 Dec 2026']],
    ['closing by December 15, 2026', { closing_before: '2026-12-15' }, ['closing by 15 Dec 2026']],
    ['closing after 2026-12-01', { closing_after: '2026-12-02' }, ['closing after 1 Dec 2026']],
    [
      'closing next week',
      { closing_after: '2026-11-23', closing_before: '2026-11-29' },
      ['closing from 23 Nov 2026', 'closing by 29 Nov 2026'],
    ],
    ['closing this week', { closing_before: '2026-11-22' }, ['closing by 22 Nov 2026']],
    [
      'closing next month',
      { closing_after: '2026-12-01', closing_before: '2026-12-31' },
      ['closing from 1 Dec 2026', 'closing by 31 Dec 2026'],
    ],
    ['due within 30 days', { closing_before: '2026-12-22' }, ['closing within 30 days (by 22 Dec 2026)']],
    ['closing in the next 2 weeks', { closing_before: '2026-12-06' }, ['closing within 2 weeks (by 6 Dec 2026)']],
    [
      'due tomorrow',
      { closing_after: '2026-11-23', closing_before: '2026-11-23' },
      ['closing from 23 Nov 2026', 'closing by 23 Nov 2026'],
    ],
    [
      'closing in January',
      { closing_after: '2027-01-01', closing_before: '2027-01-31' },
      ['closing in Jan 2027', 'closing in Jan 2027'],
    ],
  ])('%s', (text, filters, labels) => {
    const r = parse(`snow removal ${text}`);
    expect(r.filters).toMatchObject(filters);
    expect(r.understood.map((u) => u.label)).toEqual(labels);
    expect(r.keywords).toBe('snow removal');
  });

  test('a date without a closing word is not a filter', () => {
    const r = parse('Christmas lights December 15');
    expect(r.filters.closing_before).toBeUndefined();
  });
});

describe('parseQuery: methods, notice types and categories', () => {
  test.each([
    ['RFP for translation', 'Request for Proposal'],
    ['request for proposals translation', 'Request for Proposal'],
    ['RFQ translation', 'Request for Quotation'],
    ['RFSO translation', 'Standing Offer'],
    ['standing offer for translation', 'Standing Offer'],
    ['invitation to qualify translation', 'Invitation to Qualify'],
  ])('%s', (text, method) => {
    const r = parse(text);
    expect(r.filters.procurement_method).toBe(method);
    expect(r.keywords).toBe('translation');
  });

  test('ACAN is a notice type', () => {
    const r = parse('ACAN software licences');
    expect(r.filters.notice_types).toEqual(['Advance Contract Award Notice']);
    expect(r.keywords).toBe('software licences');
  });

  test('only explicit category phrases become categories', () => {
    expect(parse('construction projects').filters.categories).toEqual(['CNST']);
    expect(parse('goods contracts').filters.categories).toEqual(['GD']);
    expect(parse('category: services').filters.categories).toEqual(['SRV']);
    expect(parse('IT services').filters.categories).toEqual([]);
    expect(parse('construction management').filters.categories).toEqual([]);
    expect(parse('construction management').keywords).toBe('construction management');
  });
});

describe('parseQuery: anything goes', () => {
  test.each([
    '',
    '   ',
    '"',
    '$',
    '$$$ under',
    'NEAR(',
    "'; DROP TABLE tender; --",
    '🚧 in 🚧',
    '\uD800',
    'x'.repeat(600),
  ])('%j parses', (text) => {
    const r = parse(text);
    expect(typeof r.keywords).toBe('string');
    expect(Array.isArray(r.understood)).toBe(true);
  });
});
