import { beforeAll, describe, expect, test } from 'vitest';
import { notificationListSchema, type NotificationList } from '@app/shared/notifications';
import { createConfirmedUser, createTestClock, HOUR, MINUTE, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders, type TenderRowInput } from '../../../test/factories.ts';
import { upsertTenders } from '../ingest/ingest.queries.ts';
import type { TenderDraft } from '../ingest/canadabuys.ts';

/**
 * The notification bell (GET /api/notifications, POST /api/notifications/read): computed from the
 * caller's bookmarks, the tenders' stored versions and the trial, with a per-user read mark.
 */
const DAY = 86_400_000;
const clock = createTestClock('2026-11-22T12:00:00.000Z');
const START = clock.now().getTime();
const at = (ms: number) => new Date(START + ms).toISOString();
const PASSWORD = 'correct horse battery staple 42';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;
const rows: Record<string, TenderRowInput> = {};

const draftOf = (row: TenderRowInput): TenderDraft => {
  const { created_at: _c, updated_at: _u, ...draft } = row;
  return draft as TenderDraft;
};

async function list(client: TestClient): Promise<NotificationList> {
  const res = await client.get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return notificationListSchema.parse(res.json());
}

/** Moves time on; sessions end after 30 idle minutes, so both users sign in again. */
async function later(ms: number) {
  clock.advance(ms);
  await alice.signIn('alice@example.com', PASSWORD);
  await bob.signIn('bob@example.com', PASSWORD);
}

const bookmark = async (client: TestClient, userId: string, id: string) => {
  const res = await client.post('/api/bookmarks', { userId, tender_notice_id: id });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const now = clock.now();
  for (const row of [
    buildTenderRow({ id: 'nt-soon', title: 'Snow removal', title_fr: 'Déneigement', closing_date: at(2 * DAY) }, now),
    buildTenderRow({ id: 'nt-later', title: 'Bridge repair', closing_date: at(10 * DAY) }, now),
    buildTenderRow({ id: 'nt-past', title: 'Office furniture', closing_date: at(-DAY) }, now),
    buildTenderRow({ id: 'nt-cancel', title: 'Cancelled works', status: 'Cancelled', closing_date: at(DAY) }, now),
    buildTenderRow({ id: 'nt-unmarked', title: 'Not bookmarked', closing_date: at(DAY) }, now),
  ]) {
    rows[row.id] = row;
  }
  await insertTenders(ctx.dbh.db, Object.values(rows));
  await createConfirmedUser(ctx.dbh, 'alice@example.com', PASSWORD);
  await createConfirmedUser(ctx.dbh, 'bob@example.com', PASSWORD);
  alice = new TestClient(ctx.app);
  bob = new TestClient(ctx.app);
  aliceId = (await alice.signIn('alice@example.com', PASSWORD)).user.id;
  bobId = (await bob.signIn('bob@example.com', PASSWORD)).user.id;
});

describe('notifications', () => {
  test('signed out: 401 for the list and the read mark', async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get('/api/notifications')).statusCode).toBe(401);
    expect((await anon.post('/api/notifications/read')).statusCode).toBe(401);
  });

  test('a new user without bookmarks or trial has none', async () => {
    expect(await list(alice)).toEqual({ notifications: [], unread: 0, seen_at: null });
  });

  test('a bookmarked tender closing within 3 days is an unread notification; others are not', async () => {
    for (const id of ['nt-soon', 'nt-later', 'nt-past', 'nt-cancel']) await bookmark(alice, aliceId, id);
    const result = await list(alice);
    expect(result.unread).toBe(1);
    expect(result.notifications).toEqual([
      {
        id: `bookmark_closing:nt-soon:${at(2 * DAY)}`,
        kind: 'bookmark_closing',
        // Already inside the window when bookmarked: dated by the bookmark.
        at: at(0),
        read: false,
        tender: {
          id: 'nt-soon',
          title: 'Snow removal',
          title_fr: 'Déneigement',
          closing_date: at(2 * DAY),
          amendment_number: 0,
        },
        trial_ends_at: null,
        alert: null,
      },
    ]);
    // Bob has bookmarked nothing: Alice's notifications are hers alone.
    expect((await list(bob)).notifications).toEqual([]);
  });

  test('marking read keeps the list and clears the count, until something new happens', async () => {
    clock.advance(MINUTE);
    const res = await alice.post('/api/notifications/read');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, seen_at: clock.now().toISOString() });
    const stored = await ctx.dbh.db
      .selectFrom('user_account')
      .select('notifications_seen_at')
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(stored.notifications_seen_at).toBe(clock.now().toISOString());

    const after = await list(alice);
    expect(after.unread).toBe(0);
    expect(after.seen_at).toBe(clock.now().toISOString());
    expect(after.notifications.map((n) => [n.kind, n.read])).toEqual([['bookmark_closing', true]]);
    // Bob's read mark is untouched.
    expect(
      (
        await ctx.dbh.db
          .selectFrom('user_account')
          .select('notifications_seen_at')
          .where('id', '=', bobId)
          .executeTakeFirstOrThrow()
      ).notifications_seen_at,
    ).toBeNull();
  });

  test('a bookmarked tender changed after the bookmark (amendment) is a new unread notification', async () => {
    await later(HOUR);
    const amendedAt = clock.now().toISOString();
    const amended = {
      ...rows['nt-later']!,
      amendment_number: 1,
      content_hash: 'hash-amended',
      title: 'Bridge repair (amended)',
    };
    const counts = await upsertTenders(ctx.dbh, [draftOf(amended)], amendedAt);
    expect(counts.updated).toBe(1);
    // The same change to a tender nobody bookmarked notifies nobody.
    await upsertTenders(
      ctx.dbh,
      [draftOf({ ...rows['nt-unmarked']!, content_hash: 'x2', amendment_number: 1 })],
      amendedAt,
    );

    const result = await list(alice);
    expect(result.unread).toBe(1);
    expect(result.notifications[0]).toEqual({
      id: `bookmark_amended:nt-later:${amendedAt}`,
      kind: 'bookmark_amended',
      at: amendedAt,
      read: false,
      tender: {
        id: 'nt-later',
        title: 'Bridge repair (amended)',
        title_fr: null,
        closing_date: at(10 * DAY),
        amendment_number: 1,
      },
      trial_ends_at: null,
      alert: null,
    });
    expect(result.notifications.map((n) => n.kind)).toEqual(['bookmark_amended', 'bookmark_closing']);

    // Bob bookmarks it only now: the earlier change is not news to him.
    clock.advance(MINUTE);
    await bookmark(bob, bobId, 'nt-later');
    expect((await list(bob)).notifications).toEqual([]);
  });

  test('a bookmark entering the 3-day window is dated when it entered, and unread if after the read mark', async () => {
    await alice.post('/api/notifications/read');
    // nt-later closes at +10 days; move to 8 days in: it entered the window at +7 days.
    await later(8 * DAY - HOUR - 2 * MINUTE);
    const result = await list(alice);
    const closing = result.notifications.find((n) => n.id.startsWith('bookmark_closing:nt-later'));
    expect(closing).toMatchObject({ at: at(7 * DAY), read: false });
    expect(result.unread).toBe(1);
    // nt-soon has closed meanwhile: no longer listed.
    expect(result.notifications.some((n) => n.tender?.id === 'nt-soon' && n.kind === 'bookmark_closing')).toBe(false);
  });

  test('an unpaid trial ending within 3 days is a notification; a paid (provider) one is not', async () => {
    const nowIso = clock.now().toISOString();
    const trialEnds = new Date(clock.now().getTime() + 2 * DAY).toISOString();
    await ctx.dbh.db
      .insertInto('subscription')
      .values({
        id: 'sub-bob',
        user_id: bobId,
        plan_id: 'professional',
        billing_cycle: 'monthly',
        status: 'trialing',
        trial_ends_at: trialEnds,
        current_period_end: trialEnds,
        cancel_at_period_end: 0,
        provider: 'local',
        provider_customer_id: null,
        provider_subscription_id: null,
        provider_event_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    const result = await list(bob);
    // Bob's bookmark of nt-later is in its closing window too; the trial comes on top.
    expect(result.notifications.filter((n) => n.kind === 'trial_ending')).toEqual([
      {
        id: `trial_ending:${trialEnds}`,
        kind: 'trial_ending',
        at: new Date(Date.parse(trialEnds) - 3 * DAY).toISOString(),
        read: false,
        tender: null,
        trial_ends_at: trialEnds,
        alert: null,
      },
    ]);
    expect(result.unread).toBe(2);

    await ctx.dbh.db
      .updateTable('subscription')
      .set({ provider_subscription_id: 'sub_stripe_1' })
      .where('id', '=', 'sub-bob')
      .execute();
    expect((await list(bob)).notifications.map((n) => n.kind)).toEqual(['bookmark_closing']);
  });

  test('cross-origin read marks are refused (CSRF guard)', async () => {
    const evil = new TestClient(ctx.app, { origin: 'https://evil.example' });
    evil.cookie = alice.cookie;
    expect((await evil.post('/api/notifications/read')).statusCode).toBe(403);
  });
});
