import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, createTestClock, TestClient } from '../test/auth-helpers.ts';
import { buildTestApp, testDialect } from '../test/build-test-app.ts';
import { buildTenderRow } from '../test/factories.ts';
import { multipartBody, plainPdf } from '../test/rfp-fixtures.ts';
import type { DbHandle } from './db/connect.ts';

/**
 * A GET never changes state (SECURITY.md A.6, ASVS 3.5.3): every GET and HEAD route the app
 * registers is called, signed in and signed out, with known and unknown ids, and the whole
 * database must read the same before and after each call.
 */
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let userId = '';
let tenderId = '';
let documentId = '';
let chatSessionId = '';
const clock = createTestClock();

/**
 * Known exceptions, each limited to the one table it may write. RFP report downloads record
 * "downloaded" in the activity log as the file is served (rfp.routes.ts); moving that to a POST
 * also needs the download links of the RFP screen to change. Anything else that writes fails.
 */
const KNOWN_GET_WRITES: Record<string, string[]> = {
  'GET /api/rfp/documents/:id/report.pdf': ['activity'],
  'HEAD /api/rfp/documents/:id/report.pdf': ['activity'],
  'GET /api/rfp/documents/:id/report.md': ['activity'],
  'HEAD /api/rfp/documents/:id/report.md': ['activity'],
};

async function tableNames(dbh: DbHandle): Promise<string[]> {
  const rows =
    testDialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(dbh.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(dbh.db);
  return rows.rows.map((r) => r.name).sort();
}

/** Every row of every table, as text: any insert, update or delete changes it. */
async function snapshot(dbh: DbHandle, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql`select * from ${sql.table(table)}`.execute(dbh.db);
    out[table] = JSON.stringify(rows.rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const tender = buildTenderRow({}, clock.now());
  await ctx.dbh.db.insertInto('tender').values(tender).execute();
  tenderId = tender.id;
  await createConfirmedUser(ctx.dbh, 'walker@example.ca', 'walker passphrase 9', clock.now());
  alice = new TestClient(ctx.app);
  userId = (await alice.signIn('walker@example.ca', 'walker passphrase 9')).user.id;
  // Some state for the GETs to read: a completed profile, a bookmark, a chat session, a search.
  expect(
    (
      await alice.post('/api/profile', {
        id: userId,
        company_name: 'Walker Ltd.',
        company_size: '1-10',
        industry: 'consulting',
        primary_services: ['Business Consulting'],
        service_regions: ['Ontario'],
        government_experience: 'some',
        typical_contract_size: 'under-50k',
        onboarding_completed: true,
      })
    ).statusCode,
  ).toBe(200);
  await alice.post('/api/bookmarks', { userId, tender_notice_id: tenderId });
  await alice.post('/api/tenders/searchTenders', { q: 'supply', limit: 20 });
  chatSessionId = (await alice.post('/api/chat/session', {})).json<{ sessionId: string }>().sessionId;
  const upload = multipartBody([{ filename: 'walk.pdf', content: plainPdf() }]);
  const uploaded = await alice.request('POST', '/api/rfp/documents', upload.payload, upload.headers);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  documentId = uploaded.json<{ documents: Array<{ id: string }> }>().documents[0]!.id;
  expect((await alice.post(`/api/rfp/documents/${documentId}/analyze`)).statusCode).toBe(200);
  // Reads that first create something the account has always had since (the trial) happen here.
  await alice.get('/api/subscriptions/me');
});

/** Values for a route's path parameters: the ids that exist, then ids that do not. */
function urlsFor(pattern: string): string[] {
  const fill = (known: boolean) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (!known) return 'no-such-id';
      if (/user/i.test(name)) return userId;
      if (pattern.startsWith('/api/rfp/')) return documentId;
      if (pattern.startsWith('/api/chat/')) return chatSessionId;
      return tenderId;
    });
  return [...new Set([fill(true), fill(false)])];
}

describe('a GET never changes state', () => {
  test('every GET and HEAD route leaves the database as it was: signed in, signed out and as admin', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) => (r.method === 'GET' || r.method === 'HEAD') && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/profile/:userId');
    const tables = await tableNames(ctx.dbh);
    expect(tables).toEqual(expect.arrayContaining(['profile', 'session', 'user_account', 'tender']));
    const writers: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const url of urlsFor(route.url)) {
        for (const [who, headers] of [
          ['signed in', { cookie: alice.cookie! }],
          ['signed out', {}],
          ['admin', { authorization: `Bearer ${ctx.env.ADMIN_TOKEN}` }],
        ] as const) {
          const before = await snapshot(ctx.dbh, tables);
          const res = await ctx.app.inject({ method: route.method as 'GET' | 'HEAD', url, headers });
          calls += 1;
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          const after = await snapshot(ctx.dbh, tables);
          const changed = tables.filter((t) => before[t] !== after[t]);
          const allowed = KNOWN_GET_WRITES[`${route.method} ${route.url}`] ?? [];
          if (changed.some((t) => !allowed.includes(t))) {
            writers.push(`${route.method} ${url} (${who}) wrote ${changed.join(', ')}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(120);
    expect(writers).toEqual([]);
  }, 120_000);

  test('the walk sees a write: a state-changing call between two snapshots is caught', async () => {
    const tables = await tableNames(ctx.dbh);
    const before = await snapshot(ctx.dbh, tables);
    await alice.post('/api/profile', { id: userId, company_name: 'Walker & Sons Ltd.' });
    const after = await snapshot(ctx.dbh, tables);
    expect(tables.filter((t) => before[t] !== after[t])).toEqual(['profile']);
  });
});
