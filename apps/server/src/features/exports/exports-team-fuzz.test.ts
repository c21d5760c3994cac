import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { assertNo5xx, fuzzText, fuzzValue } from '../../../test/fuzz.ts';

/**
 * Bad input never gives a 5xx (ADR 0013): arbitrary and nearly-valid JSON bodies and odd path
 * parameters against the export and team endpoints, signed in (owner and member) and signed out.
 */
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clients: Array<TestClient | undefined> = [undefined];
const password = 'fuzzing passphrase 9';

beforeAll(async () => {
  ctx = await buildTestApp();
  await insertTenders(ctx.dbh.db, [
    buildTenderRow({ title: '=cmd|calc snow', description: '+1 @x' }),
    buildTenderRow({ title: 'Déneigement' }),
  ]);
  for (const email of ['owner@example.ca', 'member@example.ca']) {
    await createConfirmedUser(ctx.dbh, email, password);
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    clients.push(client);
  }
  const owner = clients[1];
  await owner!.post('/api/subscriptions/checkout', { planId: 'enterprise', billingCycle: 'monthly' });
  await owner!.post('/api/team/invites', { email: 'member@example.ca' });
});

const BODY_ROUTES = [
  ['POST', '/api/exports/tenders'],
  ['POST', '/api/exports/bookmarks'],
  ['POST', '/api/team/invites'],
  ['POST', '/api/team/invites/lookup'],
  ['POST', '/api/team/invites/accept'],
  ['POST', '/api/team/leave'],
  ['POST', '/api/tenders/table'],
] as const;

const text = fuzzText(['=1+1', 'table', 'search', 'fr', 'en', 'archived', 'snow', '"', "'", '%_\\'], fc.emailAddress());
const value = fuzzValue(text);
const inner = fc.dictionary(
  fc.constantFrom(
    'q',
    'regions',
    'categories',
    'statuses',
    'organizations',
    'notice_types',
    'tender_status',
    'procurement_method',
    'closing_date_after',
    'value_min',
    'parse_query',
    'page',
    'offset',
    'limit',
  ),
  value,
  { maxKeys: 5 },
);
const nearlyValid = fc.oneof(
  fc.record(
    { source: fc.constantFrom('table', 'search', 'x'), query: inner, criteria: inner, locale: value },
    { requiredKeys: ['source'] },
  ),
  fc.dictionary(fc.constantFrom('email', 'token', 'status', 'locale', 'source', 'q', 'page'), value, { maxKeys: 4 }),
);
const body = fc.oneof(nearlyValid, fc.jsonValue({ maxDepth: 3 }));

describe('no 5xx for any input', () => {
  test('arbitrary and nearly-valid JSON bodies, as owner, member and signed out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ROUTES),
        body,
        fc.integer({ min: 0, max: 2 }),
        async ([method, url], payload, who) => {
          const cookie = clients[who]?.cookie;
          const res = await ctx.app.inject({
            method,
            url,
            remoteAddress: `10.8.${who}.${Math.floor(Math.random() * 250)}`,
            headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            payload: JSON.stringify(payload) ?? 'null',
          });
          assertNo5xx(res, `${method} ${url} ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  test('a NUL character (which PostgreSQL text cannot hold) is a 400 wherever it goes', async () => {
    const owner = clients[1]!;
    for (const [url, body] of [
      ['/api/exports/tenders', { source: 'table', query: { q: 'a\u0000b', organizations: ['\u0000'] } }],
      ['/api/exports/tenders', { source: 'search', criteria: { q: 'a\u0000b' } }],
      ['/api/exports/tenders', { source: 'search', criteria: { q: 'roads', procurement_method: '\u0000' } }],
      ['/api/tenders/table', { q: 'a\u0000b' }],
      ['/api/tenders/searchTenders', { q: 'a\u0000b' }],
      ['/api/team/invites', { email: 'a\u0000@example.ca' }],
    ] as const) {
      const res = await owner.post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
    for (const url of ['/api/team/invites/%00', '/api/team/members/%00']) {
      expect((await owner.delete(url)).statusCode).toBe(400);
    }
  });

  test('arbitrary path parameters on the team routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 120, unit: 'binary' }),
        fc.integer({ min: 0, max: 2 }),
        async (param, who) => {
          const id = encodeURIComponent(param);
          const cookie = clients[who]?.cookie;
          for (const url of [`/api/team/invites/${id}`, `/api/team/members/${id}`]) {
            const res = await ctx.app.inject({
              method: 'DELETE',
              url,
              headers: { origin: PUBLIC_ORIGIN, ...(cookie ? { cookie } : {}) },
            });
            assertNo5xx(res, `DELETE ${url}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
