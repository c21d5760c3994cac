import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BOOKMARK_MESSAGES,
  bookmarkListSchema,
  bookmarkResultSchema,
  compareBookmarks,
  type Bookmark,
} from '@app/shared/bookmarks';
import { createConfirmedUser, createTestClock, MINUTE, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';

/**
 * Bookmarks through the HTTP API (spec §3, §4, §7, §8): only ever the caller's own, newest
 * first, idempotent add, notes and status stamped with updated_at, gone with the account.
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
        id: 'cb-bm-1',
        title: 'Cloud hosting services',
        title_fr: 'Services d’hébergement infonuagique',
        closing_date: inDays(10),
        region_keys: '|Ontario|Quebec|',
        category_primary: 'SRV',
        estimated_value: 250_000,
        contracting_entity_name: 'Shared Services Canada',
        contracting_entity_city: 'Ottawa',
        contracting_entity_province: 'Ontario',
      },
      at,
    ),
    buildTenderRow({ id: 'cb-bm-2', title: 'Snow removal', closing_date: inDays(3) }, at),
    buildTenderRow({ id: 'cb-bm-3', title: 'Office furniture', closing_date: inDays(-2) }, at),
    buildTenderRow({ id: 'cb-bm-4', title: 'Bridge repair' }, at),
  ]);
  await createConfirmedUser(ctx.dbh, 'alice@example.com', PASSWORD);
  await createConfirmedUser(ctx.dbh, 'bob@example.com', PASSWORD);
  alice = new TestClient(ctx.app);
  bob = new TestClient(ctx.app);
  aliceId = (await alice.signIn('alice@example.com', PASSWORD)).user.id;
  bobId = (await bob.signIn('bob@example.com', PASSWORD)).user.id;
});
afterAll(() => ctx.app.close());

const list = async (client: TestClient, userId: string, qs = '') => {
  const res = await client.get(`/api/bookmarks/user/${userId}${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return bookmarkListSchema.parse(res.json()).bookmarks;
};
const rowsOf = (userId: string) =>
  ctx.dbh.db.selectFrom('bookmark').selectAll().where('user_id', '=', userId).orderBy('tender_id').execute();

describe('signed out', () => {
  test.each([
    ['POST', '/api/bookmarks', { userId: 'x', tender_notice_id: 'cb-bm-1' }],
    ['GET', '/api/bookmarks/user/x', undefined],
    ['DELETE', '/api/bookmarks/x/cb-bm-1', undefined],
    ['PUT', '/api/bookmarks/x/cb-bm-1/notes', { notes: 'n' }],
    ['PATCH', '/api/bookmarks/x/cb-bm-1', { status: 'archived' }],
  ] as const)('%s %s answers 401 No authenticated user', async (method, url, body) => {
    const res = await new TestClient(ctx.app).request(method, url, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized', message: 'No authenticated user' });
  });
});

describe('adding', () => {
  test('POST makes a bookmark (201) with its tender, and a second POST answers it again (200)', async () => {
    const res = await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'CB-BM-1 ' });
    expect(res.statusCode, res.body).toBe(201);
    const { bookmark, created, error } = bookmarkResultSchema.parse(res.json());
    expect(created).toBe(true);
    expect(error).toBeNull();
    expect(bookmark).toEqual({
      userId: aliceId,
      tender_notice_id: 'cb-bm-1',
      notes: null,
      status: 'active',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      tender: {
        id: 'cb-bm-1',
        title: 'Cloud hosting services',
        title_fr: 'Services d’hébergement infonuagique',
        status: 'Open',
        procurement_type: 'Request for Proposal',
        organization: 'Shared Services Canada',
        organization_fr: 'Services publics et Approvisionnement Canada',
        city: 'Ottawa',
        province: 'Ontario',
        regions: ['Ontario', 'Quebec'],
        category: 'SRV',
        published_date: expect.any(String) as string,
        closing_date: inDays(10),
        estimated_value: 250_000,
        source_url: expect.stringContaining('https://') as string,
      },
    });

    clock.advance(MINUTE);
    const again = await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, bookmark: { created_at: bookmark.created_at } });
    expect(await rowsOf(aliceId)).toHaveLength(1);
  });

  test('two concurrent POSTs make one bookmark', async () => {
    const [a, b] = await Promise.all([
      alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-2' }),
      alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((await rowsOf(aliceId)).map((r) => r.tender_id)).toEqual(['cb-bm-1', 'cb-bm-2']);
  });

  test('an unknown tender is a 404 tender_not_found with the spec message', async () => {
    const res = await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'tender_not_found',
      error: 'Not Found',
      message: `${BOOKMARK_MESSAGES.createFailed}: Tender not found`,
    });
  });

  test.each([
    [{ tender_notice_id: 'cb-bm-1' }],
    [{ userId: 'x' }],
    [{ userId: 'x', tender_notice_id: '' }],
    [{ userId: 'x', tender_notice_id: 'cb-bm-1', notes: 'extra' }],
    [{ userId: 'bad id!', tender_notice_id: 'cb-bm-1' }],
  ])('a malformed body %j is a 400', async (body) => {
    const res = await alice.post('/api/bookmarks', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  test('a cross-site POST is refused by the origin guard', async () => {
    const res = await new TestClient(ctx.app, { origin: 'https://evil.example' }).post('/api/bookmarks', {
      userId: aliceId,
      tender_notice_id: 'cb-bm-3',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden_origin' });
  });
});

describe("another user's bookmarks: 403 forbidden whatever exists", () => {
  const calls = (userId: string, tender: string) =>
    [
      ['POST', '/api/bookmarks', { userId, tender_notice_id: tender }],
      ['GET', `/api/bookmarks/user/${userId}`, undefined],
      ['DELETE', `/api/bookmarks/${userId}/${tender}`, undefined],
      ['PUT', `/api/bookmarks/${userId}/${tender}/notes`, { notes: 'mine now' }],
      ['PATCH', `/api/bookmarks/${userId}/${tender}`, { status: 'archived' }],
    ] as const;

  test('for an existing user and bookmark, an unknown user, and an unknown tender alike', async () => {
    for (const [userId, tender] of [
      [aliceId, 'cb-bm-1'],
      ['no-such-user', 'cb-bm-1'],
      [aliceId, 'cb-nope'],
    ] as const) {
      for (const [method, url, body] of calls(userId, tender)) {
        const res = await bob.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
      }
    }
    // Nothing of Alice's changed, and Bob got nothing.
    const mine = await rowsOf(aliceId);
    expect(mine.map((r) => [r.tender_id, r.notes, r.status])).toEqual([
      ['cb-bm-1', null, 'active'],
      ['cb-bm-2', null, 'active'],
    ]);
    expect(await rowsOf(bobId)).toEqual([]);
  });

  test('the messages start with the spec §8 text of the operation', async () => {
    const messages = await Promise.all(
      calls(aliceId, 'cb-bm-1').map(
        async ([m, u, b]) => (await bob.request(m, u, b)).json<{ message: string }>().message,
      ),
    );
    expect(messages.map((m) => m.split(':')[0])).toEqual([
      BOOKMARK_MESSAGES.createFailed,
      BOOKMARK_MESSAGES.loadFailed,
      BOOKMARK_MESSAGES.removeFailed,
      BOOKMARK_MESSAGES.notesFailed,
      BOOKMARK_MESSAGES.statusFailed,
    ]);
  });
});

describe('listing (spec §4: newest first)', () => {
  test('lists newest first with the tender fields a list and a calendar need', async () => {
    clock.advance(MINUTE);
    expect((await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-3' })).statusCode).toBe(201);
    const bookmarks = await list(alice, aliceId);
    expect(bookmarks.map((b) => b.tender_notice_id)).toEqual(['cb-bm-3', 'cb-bm-2', 'cb-bm-1']);
    const lapsed = bookmarks[0] as Bookmark;
    expect(lapsed.tender).toMatchObject({ title: 'Office furniture', status: 'Closed', closing_date: inDays(-2) });
    // The list is what the table holds.
    const rows = await rowsOf(aliceId);
    expect(bookmarks.map((b) => [b.tender_notice_id, b.created_at, b.status]).sort()).toEqual(
      rows.map((r) => [r.tender_id, r.created_at, r.status]).sort(),
    );
  });

  test('an empty list for a user without bookmarks', async () => {
    expect(await list(bob, bobId)).toEqual([]);
  });
});

describe('notes and status', () => {
  test('PUT notes saves them and stamps updated_at; empty clears them', async () => {
    clock.advance(5 * MINUTE);
    const res = await alice.put(`/api/bookmarks/${aliceId}/cb-bm-1/notes`, {
      notes: 'Call the buyer\nabout site visit',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { bookmark } = bookmarkResultSchema.parse(res.json());
    expect(bookmark.notes).toBe('Call the buyer\nabout site visit');
    expect(bookmark.updated_at).toBe(clock.now().toISOString());
    expect(bookmark.updated_at > bookmark.created_at).toBe(true);
    const [row] = (await rowsOf(aliceId)).filter((r) => r.tender_id === 'cb-bm-1');
    expect(row).toMatchObject({ notes: 'Call the buyer\nabout site visit', updated_at: clock.now().toISOString() });

    const cleared = await alice.put(`/api/bookmarks/${aliceId}/cb-bm-1/notes`, { notes: '  ' });
    expect(cleared.json()).toMatchObject({ bookmark: { notes: null } });
  });

  test('notes on a tender that is not bookmarked: 404 bookmark_not_found; unknown tender: 404 tender_not_found', async () => {
    const notBookmarked = await alice.put(`/api/bookmarks/${aliceId}/cb-bm-4/notes`, { notes: 'x' });
    expect(notBookmarked.statusCode).toBe(404);
    expect(notBookmarked.json()).toMatchObject({
      code: 'bookmark_not_found',
      message: `${BOOKMARK_MESSAGES.notesFailed}: Bookmark not found`,
    });
    const unknown = await alice.put(`/api/bookmarks/${aliceId}/cb-nope/notes`, { notes: 'x' });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'tender_not_found' });
  });

  test('notes longer than the limit are a 400', async () => {
    const res = await alice.put(`/api/bookmarks/${aliceId}/cb-bm-1/notes`, { notes: 'x'.repeat(10_001) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Notes must be at most 10000 characters');
  });

  test('PATCH archives and restores; the list filters by status; POST makes an archived one active again', async () => {
    clock.advance(MINUTE);
    const res = await alice.patch(`/api/bookmarks/${aliceId}/cb-bm-2`, { status: 'archived' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bookmark: { status: 'archived', updated_at: clock.now().toISOString() } });
    expect((await list(alice, aliceId, '?status=archived')).map((b) => b.tender_notice_id)).toEqual(['cb-bm-2']);
    expect((await list(alice, aliceId, '?status=active')).map((b) => b.tender_notice_id)).toEqual([
      'cb-bm-3',
      'cb-bm-1',
    ]);
    expect((await list(alice, aliceId)).length).toBe(3);

    // Bookmarking an archived one again adds it now (spec §4: newest first), notes kept, and
    // the list says so after any reload; the web app's cache orders by the same comparator.
    clock.advance(MINUTE);
    const before = await list(alice, aliceId);
    expect(before.map((b) => b.tender_notice_id)).not.toEqual(['cb-bm-2', 'cb-bm-3', 'cb-bm-1']);
    const readd = await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-2' });
    expect(readd.statusCode).toBe(200);
    expect(readd.json()).toMatchObject({
      created: false,
      bookmark: { status: 'active', created_at: clock.now().toISOString(), updated_at: clock.now().toISOString() },
    });
    const after = await list(alice, aliceId);
    expect(after.map((b) => b.tender_notice_id)).toEqual(['cb-bm-2', 'cb-bm-3', 'cb-bm-1']);
    expect([...after].reverse().sort(compareBookmarks)).toEqual(after);
    const activity = await ctx.dbh.db
      .selectFrom('activity')
      .select(['kind', 'tender_id'])
      .where('user_id', '=', aliceId)
      .where('tender_id', '=', 'cb-bm-2')
      .execute();
    expect(activity.filter((a) => a.kind === 'bookmarked')).toHaveLength(2);
    // Already active: POST changes nothing, not even its place.
    clock.advance(MINUTE);
    const again = await alice.post('/api/bookmarks', { userId: aliceId, tender_notice_id: 'cb-bm-3' });
    expect(again.json()).toMatchObject({
      created: false,
      bookmark: { created_at: before.find((b) => b.tender_notice_id === 'cb-bm-3')!.created_at },
    });
    expect((await list(alice, aliceId)).map((b) => b.tender_notice_id)).toEqual(['cb-bm-2', 'cb-bm-3', 'cb-bm-1']);

    expect((await alice.patch(`/api/bookmarks/${aliceId}/cb-bm-2`, { status: 'deleted' })).statusCode).toBe(400);
    expect((await alice.patch(`/api/bookmarks/${aliceId}/cb-bm-4`, { status: 'archived' })).json()).toMatchObject({
      code: 'bookmark_not_found',
    });
  });
});

describe('removing', () => {
  test('DELETE removes it; again is a 404 bookmark_not_found; an unknown tender a 404 tender_not_found', async () => {
    const res = await alice.delete(`/api/bookmarks/${aliceId}/CB-BM-3`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, error: null });
    expect((await rowsOf(aliceId)).map((r) => r.tender_id)).toEqual(['cb-bm-1', 'cb-bm-2']);

    const again = await alice.delete(`/api/bookmarks/${aliceId}/cb-bm-3`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'bookmark_not_found',
      message: `${BOOKMARK_MESSAGES.removeFailed}: Bookmark not found`,
    });
    expect((await alice.delete(`/api/bookmarks/${aliceId}/cb-nope`)).json()).toMatchObject({
      code: 'tender_not_found',
    });
  });
});

describe('account deletion', () => {
  test("deleting an account deletes its bookmarks and activity, and no one else's", async () => {
    await createConfirmedUser(ctx.dbh, 'carol@example.com', PASSWORD);
    const carol = new TestClient(ctx.app);
    const carolId = (await carol.signIn('carol@example.com', PASSWORD)).user.id;
    for (const id of ['cb-bm-1', 'cb-bm-4']) {
      expect((await carol.post('/api/bookmarks', { userId: carolId, tender_notice_id: id })).statusCode).toBe(201);
    }
    expect(await rowsOf(carolId)).toHaveLength(2);
    const activity = () => ctx.dbh.db.selectFrom('activity').select('id').where('user_id', '=', carolId).execute();
    expect(await activity()).toHaveLength(2);

    const res = await carol.delete('/api/auth/account', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(carolId)).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(await rowsOf(aliceId)).toHaveLength(2);
  });
});
