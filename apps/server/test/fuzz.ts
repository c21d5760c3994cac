import fc from 'fast-check';
import { expect } from 'vitest';

// The building blocks of the "no 5xx for any input" property tests (ADR 0013).

/**
 * Text a property sends: short strings, long ones of any UTF-16 code units (lone surrogates
 * included), the empty, blank, NUL and oversized values, the values given that mean something
 * to the endpoint, and any further text arbitraries.
 */
export function fuzzText(meaningful: readonly string[], ...more: Array<fc.Arbitrary<string>>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ maxLength: 300, unit: 'binary' }),
    fc.constantFrom('', ' ', '\u0000', '💥'.repeat(70), ...meaningful),
    ...more,
  );
}

/** Any JSON value where a field goes: `text`, numbers, booleans, null, arrays and small objects. */
export function fuzzValue(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(text, { maxLength: 4 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

/** A 5xx fails the property with what was sent; anything else must at least be a status. */
export function assertNo5xx(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode >= 500) throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 500)}`);
  expect(res.statusCode).toBeGreaterThanOrEqual(200);
}
