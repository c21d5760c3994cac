import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { activityListSchema, type Activity } from '@app/shared/activity';
import type { RfpDocument } from '@app/shared/rfp';
import { createConfirmedUser, createTestClock, MINUTE, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { multipartBody, plainPdf } from '../../../test/rfp-fixtures.ts';

/**
 * The activity log is written where things happen: a signed-in user viewing a tender's detail,
 * searching, bookmarking, downloading an RFP report. GET /api/activity reads it back.
 */
const DAY = 86_400_000;
const clock = createTestClock(new Date().toISOString());
const START = clock.now().getTime();
const inDays = (d: number) => new Date(START + d * DAY).toISOString();
const PASSWORD = 'correct horse battery staple 42';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const at = clock.now();
  await insertTenders(ctx.dbh.db, [
    buildTenderRow(
      {
        id: 'cb-act-1',
        title: 'Zamboni maintenance services',
        title_fr: 'Entretien de surfaceuses',
        closing_date: inDays(12),
        contracting_entity_name: 'City Arena Authority',
        contracting_entity_name_fr: 'Administration des arénas de la ville',
        contracting_entity_province: 'Manitoba',
      },
      at,
    ),
    buildTenderRow({ id: 'cb-act-2', title: 'Lighthouse painting', closing_date: inDays(20) }, at),
  ]);
  await createConfirmedUser(ctx.dbh, 'alice@example.com', PASSWORD);
  await createConfirmedUser(ctx.dbh, 'bob@example.com', PASSWORD);
  alice = new TestClient(ctx.app);
  bob = new TestClient(ctx.app);
  aliceId = (await alice.signIn('alice@example.com', PASSWORD)).user.id;
  bobId = (await bob.signIn('bob@example.com', PASSWORD)).user.id;
});
afterAll(() => ctx.app.close());

const rows = (userId: string) =>
  ctx.dbh.db.selectFrom('activity').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const activities = async (client: TestClient, qs = '') => {
  const res = await client.get(`/api/activity${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return activityListSchema.parse(res.json()).activities;
};

describe('viewed', () => {
  const viewed = (client: TestClient, tenderId: string) => client.post('/api/activity/viewed', { tenderId });

  test('the tender lookups are GETs and record nothing, signed in or out', async () => {
    expect((await new TestClient(ctx.app).get('/api/tender-notice/cb-act-1')).statusCode).toBe(200);
    expect((await alice.get('/api/tender-notice/cb-act-1')).statusCode).toBe(200);
    expect((await alice.get('/api/tenders/getTenderById/cb-act-1')).statusCode).toBe(200);
    expect(await ctx.dbh.db.selectFrom('activity').selectAll().execute()).toEqual([]);
  });

  test('POST /api/activity/viewed records one view per tender within 10 minutes', async () => {
    expect((await viewed(alice, 'CB-ACT-1')).json()).toEqual({ recorded: true });
    // A reload: the same visit.
    expect((await viewed(alice, 'cb-act-1')).json()).toEqual({ recorded: false });
    clock.advance(9 * MINUTE);
    expect((await viewed(alice, 'cb-act-1')).json()).toEqual({ recorded: false });
    expect((await rows(aliceId)).map((r) => [r.kind, r.tender_id])).toEqual([['viewed', 'cb-act-1']]);

    clock.advance(2 * MINUTE);
    await viewed(alice, 'cb-act-1');
    await viewed(alice, 'cb-act-2');
    expect((await rows(aliceId)).map((r) => [r.kind, r.tender_id])).toEqual([
      ['viewed', 'cb-act-1'],
      ['viewed', 'cb-act-1'],
      ['viewed', 'cb-act-2'],
    ]);
  });

  test('signed out: 401 and nothing recorded; an unknown tender: 404', async () => {
    const before = await ctx.dbh.db.selectFrom('activity').selectAll().execute();
    const anonymous = await viewed(new TestClient(ctx.app), 'cb-act-1');
    expect(anonymous.statusCode).toBe(401);
    const unknown = await viewed(alice, 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'tender_not_found' });
    expect(await ctx.dbh.db.selectFrom('activity').selectAll().execute()).toEqual(before);
  });
});

describe('searched, bookmarked, downloaded', () => {
  test('a new search records its text and result count; blank text and "load more" do not', async () => {
    clock.advance(MINUTE);
    const res = await bob.post('/api/tenders/searchTenders', { q: '  zamboni maintenance ' });
    expect(res.statusCode, res.body).toBe(200);
    const total = res.json<{ total_results: number }>().total_results;
    await bob.post('/api/tenders/searchTenders', { q: '' });
    await bob.post('/api/tenders/searchTenders', { q: 'zamboni maintenance', offset: 20 });
    await new TestClient(ctx.app).post('/api/tenders/searchTenders', { q: 'signed out search' });
    expect((await rows(bobId)).map((r) => [r.kind, r.query, r.detail, r.tender_id])).toEqual([
      ['searched', 'zamboni maintenance', `${total} ${total === 1 ? 'result' : 'results'}`, null],
    ]);
    expect(
      await ctx.dbh.db.selectFrom('activity').select('id').where('query', '=', 'signed out search').execute(),
    ).toEqual([]);
  });

  test('adding a bookmark records it once', async () => {
    clock.advance(MINUTE);
    await bob.post('/api/bookmarks', { userId: bobId, tender_notice_id: 'cb-act-2' });
    await bob.post('/api/bookmarks', { userId: bobId, tender_notice_id: 'cb-act-2' });
    expect((await rows(bobId)).filter((r) => r.kind === 'bookmarked').map((r) => r.tender_id)).toEqual(['cb-act-2']);
  });

  test('downloading an RFP report records it with the file name and format', async () => {
    clock.advance(MINUTE);
    const body = multipartBody([{ filename: 'harbour-rfp.pdf', content: plainPdf() }]);
    const up = await bob.request('POST', '/api/rfp/documents', body.payload, body.headers);
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? '';
    expect((await bob.post(`/api/rfp/documents/${id}/analyze`)).statusCode).toBe(200);
    expect((await bob.get(`/api/rfp/documents/${id}/report.md`)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await bob.get(`/api/rfp/documents/${id}/report.pdf`)).statusCode).toBe(200);
    expect((await rows(bobId)).filter((r) => r.kind === 'downloaded').map((r) => r.detail)).toEqual([
      'harbour-rfp.pdf: analysis report (Markdown)',
      'harbour-rfp.pdf: analysis report (PDF)',
    ]);
  });
});

describe('GET /api/activity', () => {
  test('newest first, with the tender joined, only the caller’s own', async () => {
    const list = await activities(bob);
    expect(list.map((a) => a.kind)).toEqual(['downloaded', 'downloaded', 'bookmarked', 'searched']);
    const bookmarked = list[2] as Activity;
    expect(bookmarked).toMatchObject({
      kind: 'bookmarked',
      tender_id: 'cb-act-2',
      tender: { id: 'cb-act-2', title: 'Lighthouse painting', closing_date: inDays(20) },
      query: null,
    });
    expect(list[3]).toMatchObject({ kind: 'searched', tender: null, query: 'zamboni maintenance' });

    const mine = await activities(alice);
    expect(mine.map((a) => [a.kind, a.tender?.title])).toEqual([
      ['viewed', 'Lighthouse painting'],
      ['viewed', 'Zamboni maintenance services'],
      ['viewed', 'Zamboni maintenance services'],
    ]);
    expect(mine[1]?.tender).toEqual({
      id: 'cb-act-1',
      title: 'Zamboni maintenance services',
      title_fr: 'Entretien de surfaceuses',
      organization: 'City Arena Authority',
      organization_fr: 'Administration des arénas de la ville',
      province: 'Manitoba',
      published_date: expect.any(String) as string,
      closing_date: inDays(12),
    });
    // What the API lists is what the table holds.
    const stored = await rows(aliceId);
    expect(mine.map((a) => [a.id, a.kind, a.tender_id, a.created_at])).toEqual(
      stored.reverse().map((r) => [Number(r.id), r.kind, r.tender_id, r.created_at]),
    );
  });

  test('limit caps the list; bad limits are a 400; signed out is a 401', async () => {
    expect((await activities(bob, '?limit=2')).map((a) => a.kind)).toEqual(['downloaded', 'downloaded']);
    for (const qs of ['?limit=0', '?limit=101', '?limit=x']) {
      expect((await bob.get(`/api/activity${qs}`)).statusCode).toBe(400);
    }
    expect((await new TestClient(ctx.app).get('/api/activity')).statusCode).toBe(401);
  });
});

describe('recording never fails the request', () => {
  test('with the activity table gone, detail, search and bookmark calls still succeed', async () => {
    const other = await buildTestApp({ now: clock.now });
    await insertTenders(other.dbh.db, [buildTenderRow({ id: 'cb-act-9', title: 'Ferry dock' }, clock.now())]);
    await createConfirmedUser(other.dbh, 'dan@example.com', PASSWORD);
    const dan = new TestClient(other.app);
    const danId = (await dan.signIn('dan@example.com', PASSWORD)).user.id;
    await sql`DROP TABLE activity`.execute(other.dbh.db);

    expect((await dan.get('/api/tender-notice/cb-act-9')).json()).toMatchObject({ id: 'cb-act-9' });
    expect((await dan.get('/api/tenders/getTenderById/cb-act-9')).statusCode).toBe(200);
    expect((await dan.post('/api/tenders/searchTenders', { q: 'ferry' })).statusCode).toBe(200);
    expect((await dan.post('/api/bookmarks', { userId: danId, tender_notice_id: 'cb-act-9' })).statusCode).toBe(201);
    await other.app.close();
  });
});
