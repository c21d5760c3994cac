import { describe, expect, test } from 'vitest';
import { pageItems } from './pagination.ts';

describe('pageItems', () => {
  test('up to 5 pages: every number, no ellipsis', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  test('more than 5 pages: ellipses around the current page', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 'gap', 6]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageItems(4, 20)).toEqual([1, 'gap', 3, 4, 5, 'gap', 20]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 'gap', 7]);
  });
});
