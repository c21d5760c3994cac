import { describe, expect, test } from 'vitest';
import { matchBand, matchPercent, maxRelevance, withoutPart } from './match.ts';

describe('match percentage (spec §9)', () => {
  test('score × 10, capped at 100, 85 when absent', () => {
    expect(matchPercent(7.34)).toBe(73);
    expect(matchPercent(9.96)).toBe(100);
    expect(matchPercent(12)).toBe(100);
    expect(matchPercent(0)).toBe(0);
    expect(matchPercent(null)).toBe(85);
    expect(matchPercent(undefined)).toBe(85);
    expect(matchPercent(Number.NaN)).toBe(85);
  });

  test('three bands: 90 and above, 75 and above, below 75', () => {
    expect(matchBand(100)).toBe('high');
    expect(matchBand(90)).toBe('high');
    expect(matchBand(89)).toBe('medium');
    expect(matchBand(75)).toBe('medium');
    expect(matchBand(74)).toBe('low');
    expect(matchBand(85)).toBe('medium');
  });

  test('max relevance has one decimal', () => {
    expect(maxRelevance(9.234)).toBe(92.3);
    expect(maxRelevance(10)).toBe(100);
    expect(maxRelevance(null)).toBeNull();
  });
});

describe('withoutPart', () => {
  test('removes the words a parsed part came from', () => {
    expect(withoutPart('IT services contracts in Ontario under $100K', 'in Ontario')).toBe(
      'IT services contracts under $100K',
    );
    expect(withoutPart('IT services contracts in Ontario under $100K', 'under $100K')).toBe(
      'IT services contracts in Ontario',
    );
    expect(withoutPart('software RFP, in Quebec', 'RFP')).toBe('software, in Quebec');
    expect(withoutPart('Construction in Alberta', 'construction')).toBe('in Alberta');
    expect(withoutPart('in Ontario', 'in Ontario')).toBe('');
    expect(withoutPart('roads', 'bridges')).toBe('roads');
  });
});
