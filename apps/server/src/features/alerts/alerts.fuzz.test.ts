import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { ALERT_FREQUENCIES } from '@app/shared/alerts';
import { createConfirmedUser, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { assertNo5xx, fuzzText, fuzzValue } from '../../../test/fuzz.ts';

/**
 * Bad alert bodies never give a 5xx: arbitrary JSON, nearly-valid bodies (real field names and
 * criteria keys with arbitrary values), raw text and odd ids and queries, on every alert call.
 * A body that is accepted (2xx) or refused (4xx) alike leaves the list readable.
 */
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;
let alertId = '';
const password = 'fuzzing passphrase 9';

beforeAll(async () => {
  ctx = await buildTestApp();
  await insertTenders(ctx.dbh.db, [
    buildTenderRow({ id: 'fz-1', title: 'Cybersecurity services' }),
    buildTenderRow({ id: 'fz-2', title: 'Snow removal' }),
  ]);
  await createConfirmedUser(ctx.dbh, 'fuzz-alerts@example.ca', password);
  client = new TestClient(ctx.app);
  await client.signIn('fuzz-alerts@example.ca', password);
  // Enterprise: unlimited alerts, so accepted bodies never run into the plan limit.
  expect(
    (await client.post('/api/subscriptions/checkout', { planId: 'enterprise', billingCycle: 'monthly' })).statusCode,
  ).toBe(200);
  const res = await client.post('/api/alerts', { name: 'Seed', criteria: { q: 'cybersecurity' } });
  expect(res.statusCode).toBe(201);
  alertId = res.json<{ id: string }>().id;
});

const text = fuzzText([
  'Ontario',
  'ON',
  'CNST',
  'Request for Proposal',
  '2026-13-45',
  '2026-12-01',
  'null',
  ...ALERT_FREQUENCIES,
]);
const value = fuzzValue(text);
const CRITERIA_KEYS = [
  'q',
  'regions',
  'procurement_method',
  'procurement_category',
  'notice_type',
  'tender_status',
  'contracting_entity_name',
  'closing_date_after',
  'closing_date_before',
  'publication_date_after',
  'publication_date_before',
  'value_min',
  'value_max',
  'parse_query',
  'limit',
  'offset',
];
const criteria = fc.oneof(fc.dictionary(fc.constantFrom(...CRITERIA_KEYS), value, { maxKeys: 6 }), value);
const nearlyValid = fc.record(
  { name: value, criteria, frequency: value, active: value, extra: value },
  { requiredKeys: [] },
);
/** Bodies of the right shape with arbitrary text: these reach the database and the search engine. */
const rightShape = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 120, unit: 'binary' }),
    criteria: fc.record(
      {
        q: fc.string({ maxLength: 200, unit: 'binary' }),
        regions: fc.array(fc.string({ maxLength: 30, unit: 'binary' }), { maxLength: 3 }),
        procurement_method: fc.string({ maxLength: 40 }),
        procurement_category: fc.array(fc.constantFrom('CNST', 'SRV', 'GD', 'x', ''), { maxLength: 3 }),
        value_max: fc.integer({ min: 0, max: 10_000_000 }),
      },
      { requiredKeys: ['q'] },
    ),
    frequency: fc.constantFrom(...ALERT_FREQUENCIES),
  },
  { requiredKeys: ['name', 'criteria'] },
);
const body = fc.oneof(nearlyValid, rightShape, fc.jsonValue({ maxDepth: 3 }));

describe('no 5xx for any alert input', () => {
  test('arbitrary and nearly-valid JSON bodies to create and update', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH'), body, async (method, payload) => {
        const url = method === 'POST' ? '/api/alerts' : `/api/alerts/${alertId}`;
        const res = await ctx.app.inject({
          method,
          url,
          headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json', cookie: client.cookie ?? '' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        assertNo5xx(res, `${method} ${url} ${JSON.stringify(payload)}`);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
        else accepted += 1;
      }),
      { numRuns: 300 },
    );
    // Some bodies got through to the database and the search (the property is not only about refusals).
    expect(accepted).toBeGreaterThan(10);
  }, 90_000);

  test('raw bodies and odd content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH'),
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
        async (method, payload, contentType) => {
          const url = method === 'POST' ? '/api/alerts' : `/api/alerts/${alertId}`;
          const res = await ctx.app.inject({
            method,
            url,
            headers: {
              origin: PUBLIC_ORIGIN,
              cookie: client.cookie ?? '',
              ...(contentType ? { 'content-type': contentType } : {}),
            },
            payload,
          });
          assertNo5xx(res, `${method} ${url} ${contentType} ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  test('arbitrary ids and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 150, unit: 'binary' }),
        fc.string({ maxLength: 30 }),
        async (param, limit) => {
          const id = encodeURIComponent(param);
          for (const [method, url] of [
            ['GET', `/api/alerts/${id}`],
            ['PATCH', `/api/alerts/${id}`],
            ['DELETE', `/api/alerts/${id}`],
            ['GET', `/api/alerts/${id}/matches?limit=${encodeURIComponent(limit)}`],
            ['GET', `/api/alerts/${alertId}/matches?limit=${encodeURIComponent(limit)}`],
          ] as const) {
            const res = await ctx.app.inject({
              method,
              url,
              headers: { origin: PUBLIC_ORIGIN, cookie: client.cookie ?? '' },
              ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
            });
            assertNo5xx(res, `${method} ${url}`);
          }
        },
      ),
      { numRuns: 150 },
    );
    // The seed alert and the list survived.
    expect((await client.get(`/api/alerts/${alertId}`)).statusCode).toBe(200);
    expect((await client.get('/api/alerts')).statusCode).toBe(200);
  }, 90_000);
});
