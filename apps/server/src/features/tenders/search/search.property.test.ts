import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { searchResponseSchema } from '@app/shared/tender';
import { buildTestApp } from '../../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../../test/factories.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

// Text that tries to be query syntax, SQL, odd Unicode, or a filter the parser reads.
const nasty = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 60 }), // lone surrogates included
  fc.constantFrom(
    '"',
    '*',
    'NEAR(a b)',
    'a OR b',
    'a AND NOT b',
    '-x',
    '^x',
    'title:x',
    '{title}: x',
    "'; DROP TABLE tender; --",
    '🪑🚧',
    '\uD800',
    "a:* & !b | 'c'",
    'under $50K in Ontario closing next week',
    'between $1M and $5',
    'closing before 31 Feb',
    'x'.repeat(500),
    'x'.repeat(501),
  ),
  fc
    .array(
      fc.constantFrom(
        'IT',
        'services',
        'snow',
        'in',
        'Ontario',
        'under',
        '$100K',
        'RFP',
        'closing',
        'this',
        'month',
        'OR',
        '"',
        '*',
      ),
      { maxLength: 12 },
    )
    .map((w) => w.join(' ')),
);
const dateLike = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('2026-13-45', '2026-02-30', 'yesterday', '', '0000-01-01', '9999-12-31', '2026-11-30T25:00:00Z'),
  fc.anything(),
);
const list = fc.oneof(
  fc.array(nasty, { maxLength: 5 }),
  fc.array(fc.constantFrom('Ontario', 'QC', 'Closed', 'Open', 'CNST', 'Awarded'), { maxLength: 4 }),
  fc.anything(),
);
const number = fc.oneof(
  fc.integer({ min: -5, max: 20_000 }),
  fc.constantFrom(0, 1, 100, 101, 1000, -1, 1.5, Number.MAX_SAFE_INTEGER),
  fc.anything(),
);

const criteria = fc.record(
  {
    q: fc.oneof(nasty, fc.anything()),
    regions: list,
    procurement_method: fc.oneof(nasty, fc.anything()),
    procurement_category: list,
    notice_type: list,
    tender_status: list,
    contracting_entity_name: list,
    closing_date_after: dateLike,
    closing_date_before: dateLike,
    publication_date_after: dateLike,
    publication_date_before: dateLike,
    value_min: number,
    value_max: number,
    limit: number,
    offset: number,
    parse_query: fc.oneof(fc.boolean(), fc.anything()),
    unexpected: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('POST /api/tenders/searchTenders with arbitrary criteria', () => {
  let app: App;
  beforeAll(async () => {
    const built = await buildTestApp();
    app = built.app;
    await insertTenders(built.dbh.db, [
      buildTenderRow({ title: 'IT services in Ontario', estimated_value: 50_000 }),
      buildTenderRow({ title: 'Snow removal', status: 'Closed', closing_date: '2020-01-01T00:00:00.000Z' }),
      buildTenderRow({ title: 'Bridge construction', category_codes: '|CNST|', region_keys: '|Quebec|' }),
    ]);
  });

  test('answers 200 with a valid body or 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(criteria, async (body) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/tenders/searchTenders',
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect([200, 400], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) {
          const parsed = searchResponseSchema.safeParse(res.json());
          expect(parsed.success, res.body).toBe(true);
          for (const r of parsed.data?.results ?? []) expect(r.search_score).toBeGreaterThanOrEqual(0);
        } else {
          // invalid_json: Fastify refuses `__proto__` keys (prototype poisoning) before validation.
          expect(res.json()).toMatchObject({
            statusCode: 400,
            code: expect.stringMatching(/^(validation_failed|invalid_json)$/),
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
