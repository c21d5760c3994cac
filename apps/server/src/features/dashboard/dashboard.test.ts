import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { URGENT_DEADLINE_DAYS } from '@app/shared/constants';
import { dashboardSchema, type Dashboard } from '@app/shared/dashboard';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';

/**
 * GET /api/dashboard: each figure is checked twice, against the value the fixture was built to
 * give and against what the database holds, with the app's clock moved to prove "this week"
 * and "next 7 days" are measured from the injected now. The clock starts at a fixed instant,
 * Sunday 22 November 2026 10:00 Eastern, so that calendar days (the countdown rule) are known.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = createTestClock('2026-11-22T15:00:00.000Z');
/** The end of the urgent window worked out by hand: midnight Eastern (05:00Z) starting 30 November. */
const URGENT_END = Date.parse('2026-11-30T05:00:00.000Z');
const START = clock.now().getTime();
const at = (ms: number) => new Date(START + ms).toISOString();
const day = (d: number) => at(d * DAY).slice(0, 10);
const PASSWORD = 'correct horse battery staple 42';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let aliceId: string;

/** Software Development fits by UNSPSC 811115/811116; Ontario is Alice's region. */
const software = (id: string, published: string, extra: Parameters<typeof buildTenderRow>[0] = {}) =>
  buildTenderRow(
    {
      id,
      title: `Software development services ${id}`,
      unspsc: '81111500',
      published_date: published,
      closing_date: at(20 * DAY),
      ...extra,
    },
    new Date(START),
  );
const bookmarkable = (id: string, closing: string | null, extra: Parameters<typeof buildTenderRow>[0] = {}) =>
  buildTenderRow(
    { id, title: `Deadline ${id}`, closing_date: closing, published_date: day(-30), ...extra },
    new Date(START),
  );

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  await insertTenders(ctx.dbh.db, [
    software('fit-1', day(-1)),
    software('fit-2', day(-6), { unspsc: '81111600', title: 'Web application developer' }),
    software('fit-edge', day(-7)),
    software('fit-old', day(-10)),
    software('fit-closed', day(-2), { status: 'Closed' }),
    software('fit-lapsed', day(-2), { closing_date: at(-HOUR) }),
    software('fit-elsewhere', day(-1), { region_keys: '|Quebec|' }),
    // Words alone do not count: the tile counts codes (the recommendations also read words).
    buildTenderRow(
      { id: 'worded-new', title: 'Software development for a web application', published_date: day(-1) },
      new Date(START),
    ),
    buildTenderRow({ id: 'nofit-new', title: 'Snow removal services', published_date: day(-1) }, new Date(START)),
    bookmarkable('d-2', at(2 * DAY + HOUR)),
    bookmarkable('d-6', at(6.5 * DAY)),
    bookmarkable('d-edge', at(URGENT_DEADLINE_DAYS * DAY)),
    // 23:00 Eastern on the 7th day: 7 calendar days (urgent), though more than 7 × 24 h away.
    bookmarkable('d-7-late', at(URGENT_DEADLINE_DAYS * DAY + 13 * HOUR)),
    bookmarkable('d-8', at(8 * DAY)),
    bookmarkable('d-past', at(-DAY)),
    bookmarkable('d-archived', at(3 * DAY)),
    bookmarkable('d-cancelled', at(4 * DAY), { status: 'Cancelled' }),
    bookmarkable('d-none', null),
  ]);
  await createConfirmedUser(ctx.dbh, 'alice@example.com', PASSWORD);
  alice = new TestClient(ctx.app);
  aliceId = (await alice.signIn('alice@example.com', PASSWORD)).user.id;
  const profile = await alice.post('/api/profile', {
    id: aliceId,
    primary_services: ['Software Development'],
    service_regions: ['Ontario'],
  });
  expect(profile.statusCode, profile.body).toBe(200);
  for (const id of ['d-2', 'd-6', 'd-edge', 'd-7-late', 'd-8', 'd-past', 'd-archived', 'd-cancelled', 'd-none']) {
    expect((await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: id })).statusCode).toBe(201);
  }
  expect((await alice.patch(`/api/bookmarks/${aliceId}/d-archived`, { status: 'archived' })).statusCode).toBe(200);
});
afterAll(() => ctx.app.close());

async function dashboard(client = alice): Promise<Dashboard> {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json());
}

/** The figures recomputed from the tables, independently of the dashboard's queries. */
async function fromDatabase(userId: string, urgentEnd = URGENT_END) {
  const now = clock.now();
  const rows = await ctx.dbh.db
    .selectFrom('bookmark')
    .innerJoin('tender', 'tender.id', 'bookmark.tender_id')
    .select(['tender.id', 'tender.status', 'tender.closing_date', 'bookmark.status as bookmark_status'])
    .where('bookmark.user_id', '=', userId)
    .execute();
  const active = rows.filter((r) => r.bookmark_status === 'active');
  const deadlines = active
    .filter((r) => ['Open', 'Active'].includes(r.status) && r.closing_date !== null)
    .map((r) => ({ id: r.id, t: Date.parse(r.closing_date ?? '') }))
    .filter((r) => r.t > now.getTime() && r.t < urgentEnd)
    .sort((a, b) => a.t - b.t);
  return { saved: active.length, deadlines: deadlines.map((d) => d.id) };
}

describe('GET /api/dashboard', () => {
  test('signed out is a 401', async () => {
    const res = await new TestClient(ctx.app).get('/api/dashboard');
    expect(res.statusCode).toBe(401);
  });

  test('the figures are those the data gives', async () => {
    const d = await dashboard();
    expect(d).toEqual({
      // fit-1, fit-2, fit-edge (published 7 days ago); not old, closed, lapsed, outside Ontario,
      // without a code of the service or unfitting.
      newThisWeek: 3,
      profileComplete: true,
      saved: 8, // every bookmark but the archived one
      activeAlerts: 0,
      alertsAvailable: true,
      deadlinesThisWeek: 4,
      urgentDeadlines: [
        {
          id: 'd-2',
          title: 'Deadline d-2',
          title_fr: null,
          organization: 'Public Services and Procurement Canada',
          closing_date: at(2 * DAY + HOUR),
          days_left: 2,
        },
        {
          id: 'd-6',
          title: 'Deadline d-6',
          title_fr: null,
          organization: 'Public Services and Procurement Canada',
          closing_date: at(6.5 * DAY),
          days_left: 6,
        },
        {
          id: 'd-edge',
          title: 'Deadline d-edge',
          title_fr: null,
          organization: 'Public Services and Procurement Canada',
          closing_date: at(7 * DAY),
          days_left: 7,
        },
        {
          id: 'd-7-late',
          title: 'Deadline d-7-late',
          title_fr: null,
          organization: 'Public Services and Procurement Canada',
          closing_date: at(7 * DAY + 13 * HOUR),
          days_left: 7,
        },
      ],
      generatedAt: clock.now().toISOString(),
    });
  });

  test('saved and deadlines equal what the database holds', async () => {
    const d = await dashboard();
    const db = await fromDatabase(aliceId);
    expect(d.saved).toBe(db.saved);
    expect(d.deadlinesThisWeek).toBe(db.deadlines.length);
    expect(d.urgentDeadlines.map((u) => u.id)).toEqual(db.deadlines);
  });

  test('newThisWeek is the SQL count of ADR 0011: open, published this week, a code of the services, in the regions', async () => {
    // Software Development's code prefixes, written out from the service map (fixed data).
    const unspsc = ['811115', '811116', '811117', '4323', '811122'];
    const gsin = ['D302', 'D301', 'D308', '7030'];
    const prefix = (col: string, p: string) => `(${col} LIKE '${p}%' OR ${col} LIKE '%, ${p}%')`;
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM tender
      WHERE status IN ('Open', 'Active') AND (closing_date IS NULL OR closing_date > ${clock.now().toISOString()})
        AND published_date >= ${day(-7)}
        AND (${sql.raw([...unspsc.map((p) => prefix('unspsc', p)), ...gsin.map((p) => prefix('gsin', p))].join(' OR '))})
        AND region_keys LIKE '%|Ontario|%'
      ORDER BY id`.execute(ctx.dbh.db);
    expect(rows.map((r) => r.id)).toEqual(['fit-1', 'fit-2', 'fit-edge']);
    expect((await dashboard()).newThisWeek).toBe(rows.length);
  });

  test('moves with the injected clock', async () => {
    clock.advance(3 * DAY);
    await alice.signIn('alice@example.com', PASSWORD); // the session has expired meanwhile
    const d = await dashboard();
    expect(d.newThisWeek).toBe(1); // only fit-1 is still from the last 7 days
    expect(d.urgentDeadlines.map((u) => [u.id, u.days_left])).toEqual([
      ['d-6', 3],
      ['d-edge', 4],
      ['d-7-late', 4],
      ['d-8', 5],
    ]);
    const db = await fromDatabase(aliceId, URGENT_END + 3 * DAY);
    expect(d.saved).toBe(db.saved);
    expect(d.urgentDeadlines.map((u) => u.id)).toEqual(db.deadlines);
  });

  test('the new routes and their answers are documented at /api/docs', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const [path, method, status] of [
      ['/api/dashboard', 'get', '200'],
      ['/api/activity', 'get', '200'],
      ['/api/contact', 'post', '201'],
      ['/api/bookmarks', 'post', '201'],
      ['/api/bookmarks/user/{userId}', 'get', '200'],
      ['/api/bookmarks/{userId}/{tenderNoticeId}', 'delete', '200'],
      ['/api/bookmarks/{userId}/{tenderNoticeId}', 'patch', '200'],
      ['/api/bookmarks/{userId}/{tenderNoticeId}/notes', 'put', '200'],
      ['/api/tenders/stats', 'get', '200'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses[status], `${method} ${path}`).toBeDefined();
    }
  });

  test('an empty profile has no new tenders and says so; a new user has nothing saved', async () => {
    await createConfirmedUser(ctx.dbh, 'bob@example.com', PASSWORD);
    const bob = new TestClient(ctx.app);
    await bob.signIn('bob@example.com', PASSWORD);
    expect(await dashboard(bob)).toMatchObject({
      newThisWeek: 0,
      profileComplete: false,
      saved: 0,
      activeAlerts: 0,
      alertsAvailable: true,
      deadlinesThisWeek: 0,
      urgentDeadlines: [],
    });
  });

  test("active alerts are the caller's alerts that are not paused, as the database holds them", async () => {
    await createConfirmedUser(ctx.dbh, 'carol@example.com', PASSWORD);
    const carol = new TestClient(ctx.app);
    const carolId = (await carol.signIn('carol@example.com', PASSWORD)).user.id;
    const create = (name: string, active: boolean) =>
      carol.post('/api/alerts', { name, criteria: { q: 'software' }, frequency: 'daily', active });
    for (const [name, active] of [
      ['one', true],
      ['two', true],
      ['three', false],
    ] as const) {
      expect((await create(name, active)).statusCode).toBe(201);
    }
    // Alice's alert is not Carol's.
    expect((await alice.post('/api/alerts', { name: 'mine', criteria: { q: 'software' } })).statusCode).toBe(201);
    const inDb = await ctx.dbh.db
      .selectFrom('alert')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', carolId)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(inDb.n)).toBe(2);
    expect((await dashboard(carol)).activeAlerts).toBe(2);
  });
});
