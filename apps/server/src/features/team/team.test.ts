import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionStateSchema } from '@app/shared/billing';
import { teamInvitePreviewSchema, teamSchema, type Team } from '@app/shared/team';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import { startMailCatcher, tokenFromLink, type MailCatcher } from '../../../test/mail-catcher.ts';
import { setUsage } from '../billing/billing.queries.ts';
import { listExportRecords } from '../exports/exports.queries.ts';
import { listAuthEvents } from '../auth/auth.queries.ts';
import { sha256Hex } from '../../lib/tokens.ts';

/**
 * Users per account (issue 7, ADR 0013) through the HTTP API, with invitation mails received on a
 * real SMTP server on loopback: the owner invites, the invitee accepts with the mailed single-use
 * link, members share the owner's plan and its pooled usage, the users limit holds, owner-only
 * actions are refused to members, members can be removed or leave, and deleting the owner's
 * account leaves the members on their own plans with no rows behind.
 */
const DAY = 86_400_000;
const clock = createTestClock(new Date().toISOString());
const PASSWORD = 'correct horse battery staple 42';

let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let n = 0;

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({ env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now });
  await insertTenders(ctx.dbh.db, [buildTenderRow({ title: 'Snow clearing services' }, clock.now())]);
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

async function person(plan?: 'starter' | 'professional' | 'enterprise') {
  n += 1;
  const email = `person${n}@example.ca`;
  const user = await createConfirmedUser(ctx.dbh, email, PASSWORD, clock.now());
  const client = new TestClient(ctx.app);
  await client.signIn(email, PASSWORD);
  if (plan)
    expect(
      (await client.post('/api/subscriptions/checkout', { planId: plan, billingCycle: 'monthly' })).statusCode,
    ).toBe(200);
  return { client, user, email };
}

const teamOf = async (client: TestClient): Promise<Team> => {
  const res = await client.get('/api/team');
  expect(res.statusCode, res.body).toBe(200);
  return teamSchema.parse(res.json());
};
const stateOf = async (client: TestClient) =>
  subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());

/** Invites `email` and returns the token of the mail that arrived. */
async function invite(owner: TestClient, email: string): Promise<string> {
  const res = await owner.post('/api/team/invites', { email });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await catcher.next(email, 'Breeze');
  return tokenFromLink(mail.text, 'token').token;
}
async function join(owner: TestClient, member: { client: TestClient; email: string }) {
  const token = await invite(owner, member.email);
  const res = await member.client.post('/api/team/invites/accept', { token });
  expect(res.statusCode, res.body).toBe(200);
}

describe('invitations', () => {
  test('the invitation is mailed with a PUBLIC_URL link; the page can read it signed out; the invitee accepts and is listed', async () => {
    const owner = await person('professional');
    const mate = await person();
    const res = await owner.client.post('/api/team/invites', { email: mate.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const pending = teamSchema.parse(res.json());
    expect(pending.invites.map((i) => i.email)).toEqual([mate.email]);
    expect(Date.parse(pending.invites[0]!.expiresAt) - clock.now().getTime()).toBe(7 * DAY);

    const mail = await catcher.next(mate.email, 'invited you');
    expect(mail.subject).toBe(`${owner.email} invited you to their Breeze account`);
    const { link, token } = tokenFromLink(mail.text, 'token');
    expect(link.startsWith(`${PUBLIC_ORIGIN}/team/join#token=`)).toBe(true);
    expect(mail.html).toContain(`${PUBLIC_ORIGIN}/team/join#token=${token}`);
    // Only the token's hash is stored.
    const stored = await ctx.dbh.db.selectFrom('team_invite').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    const anonymous = new TestClient(ctx.app);
    const preview = await anonymous.post('/api/team/invites/lookup', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(teamInvitePreviewSchema.parse(preview.json())).toMatchObject({
      email: mate.email,
      ownerEmail: owner.email,
      teamName: owner.email,
    });
    expect((await anonymous.post('/api/team/invites/accept', { token })).statusCode).toBe(401);

    const accepted = await mate.client.post('/api/team/invites/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(teamSchema.parse(accepted.json()).role).toBe('member');

    const team = await teamOf(owner.client);
    expect(team.role).toBe('owner');
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [mate.email, 'member'],
    ]);
    expect(team.invites).toEqual([]);
    expect(team.users).toEqual({ used: 2, pending: 0, limit: 5 });
    expect((await stateOf(owner.client)).usage.users).toMatchObject({ used: 2, limit: 5 });

    // Single use: the same link again is refused.
    const again = await mate.client.post('/api/team/invites/accept', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
  });

  test('a link for another address, a revoked link and an expired link are refused', async () => {
    const owner = await person('professional');
    const mate = await person();
    const stranger = await person();
    const token = await invite(owner.client, mate.email);
    const wrong = await stranger.client.post('/api/team/invites/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'team_invite_wrong_account' });

    const [pending] = (await teamOf(owner.client)).invites;
    const revoked = await owner.client.delete(`/api/team/invites/${pending!.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(teamSchema.parse(revoked.json()).invites).toEqual([]);
    expect((await owner.client.delete(`/api/team/invites/${pending!.id}`)).json()).toMatchObject({
      code: 'team_invite_not_found',
    });
    expect((await mate.client.post('/api/team/invites/accept', { token })).json()).toMatchObject({
      code: 'invalid_token',
    });
    expect((await mate.client.post('/api/team/invites/lookup', { token })).statusCode).toBe(400);

    const fresh = await invite(owner.client, mate.email);
    clock.advance(7 * DAY + 60_000);
    await owner.client.signIn(owner.email, PASSWORD);
    await mate.client.signIn(mate.email, PASSWORD);
    expect((await mate.client.post('/api/team/invites/accept', { token: fresh })).json()).toMatchObject({
      code: 'invalid_token',
    });
    expect((await teamOf(owner.client)).invites).toEqual([]);
  });

  test('inviting yourself, a member again, or as a member is refused', async () => {
    const owner = await person('professional');
    const mate = await person();
    await join(owner.client, mate);
    expect((await owner.client.post('/api/team/invites', { email: owner.email })).json()).toMatchObject({
      code: 'team_invite_self',
    });
    const twice = await owner.client.post('/api/team/invites', { email: mate.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'team_already_member' });
    expect((await owner.client.post('/api/team/invites', { email: 'not an email' })).statusCode).toBe(400);
  });
});

describe('the users limit', () => {
  test('Starter allows 1 user: the owner cannot invite (402 naming the limit and the upgrade)', async () => {
    const owner = await person('starter');
    const res = await owner.client.post('/api/team/invites', { email: 'someone@example.ca' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      statusCode: 402,
      code: 'plan_limit_reached',
      error: 'Payment Required',
      message: 'Your account has 1 user, the most the Starter plan allows. Upgrade to Professional for up to 5 users.',
    });
    expect((await teamOf(owner.client)).invites).toEqual([]);
  });

  test('Professional allows 5: the owner, members and pending invitations count; a resend does not take a second place', async () => {
    const owner = await person('professional');
    const mate = await person();
    await join(owner.client, mate);
    for (const email of ['a@example.ca', 'b@example.ca', 'c@example.ca']) await invite(owner.client, email);
    expect((await teamOf(owner.client)).users).toEqual({ used: 2, pending: 3, limit: 5 });
    await invite(owner.client, 'c@example.ca'); // a resend replaces the pending one
    const full = await owner.client.post('/api/team/invites', { email: 'd@example.ca' });
    expect(full.statusCode).toBe(402);
    expect(full.json<{ message: string }>().message).toBe(
      'Your account has 5 users, the most the Professional plan allows. Upgrade to Enterprise for unlimited users.',
    );
    const enterprise = await person('enterprise');
    for (let i = 0; i < 6; i++) await invite(enterprise.client, `e${i}@example.ca`);
    expect((await teamOf(enterprise.client)).users).toEqual({ used: 1, pending: 6, limit: -1 });
  });
});

describe('members share the owner’s plan', () => {
  test('a member on a free account gets the owner’s limits; searches and exports are pooled on the owner’s account', async () => {
    const mate = await person();
    await mate.client.get('/api/subscriptions/me'); // their own trial
    clock.advance(15 * DAY); // …which ends: alone they would have the starter limits
    await mate.client.signIn(mate.email, PASSWORD);
    const owner = await person('professional');
    expect((await stateOf(mate.client)).level).toBe('free');
    await join(owner.client, mate);

    const state = await stateOf(mate.client);
    expect(state.managedBy).toBe(owner.email);
    expect(state.subscription.planId).toBe('professional');
    expect(state.limits.exports).toBe(100);

    const period = clock.now().toISOString().slice(0, 7);
    expect((await mate.client.post('/api/exports/bookmarks', {})).statusCode).toBe(200);
    expect((await owner.client.post('/api/exports/bookmarks', {})).statusCode).toBe(200);
    expect((await stateOf(owner.client)).usage.exports.used).toBe(2);
    expect((await stateOf(mate.client)).usage.exports.used).toBe(2);
    const records = await listExportRecords(ctx.dbh.db, owner.user.id);
    expect(records.map((r) => r.userId).sort()).toEqual([owner.user.id, mate.user.id].sort());

    await setUsage(
      ctx.dbh.db,
      { userId: owner.user.id, metric: 'exports', period, count: 100 },
      clock.now().toISOString(),
    );
    const refused = await mate.client.post('/api/exports/bookmarks', {});
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ message: string }>().message).toContain('100 exports this month on the Professional plan');
  });

  test('owner-only actions are refused to a member with 403; a member can leave and goes back to their own plan', async () => {
    const owner = await person('professional');
    const mate = await person();
    const other = await person();
    await join(owner.client, mate);
    await invite(owner.client, other.email);
    const [pending] = (await teamOf(owner.client)).invites;

    const memberView = await teamOf(mate.client);
    expect(memberView.role).toBe('member');
    expect(memberView.invites).toEqual([]);
    for (const res of [
      await mate.client.post('/api/team/invites', { email: 'x@example.ca' }),
      await mate.client.delete(`/api/team/invites/${pending!.id}`),
      await mate.client.delete(`/api/team/members/${owner.user.id}`),
      await mate.client.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' }),
      await mate.client.post('/api/subscriptions/portal'),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'team_owner_only' });
    }
    expect((await owner.client.post('/api/team/leave')).json()).toMatchObject({ code: 'team_not_member' });

    const left = await mate.client.post('/api/team/leave');
    expect(left.statusCode, left.body).toBe(200);
    expect(teamSchema.parse(left.json())).toMatchObject({
      role: 'owner',
      members: [{ email: mate.email, role: 'owner' }],
    });
    expect((await stateOf(mate.client)).managedBy).toBeNull();
    expect((await teamOf(owner.client)).members).toHaveLength(1);
  });

  test('the owner removes a member: the member is back on their own account', async () => {
    const owner = await person('professional');
    const mate = await person();
    await join(owner.client, mate);
    const removed = await owner.client.delete(`/api/team/members/${mate.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(teamSchema.parse(removed.json()).members.map((m) => m.email)).toEqual([owner.email]);
    expect((await owner.client.delete(`/api/team/members/${mate.user.id}`)).statusCode).toBe(404);
    expect((await teamOf(mate.client)).role).toBe('owner');
    expect((await stateOf(mate.client)).managedBy).toBeNull();
  });

  test('a member of one account, or an owner with teammates, cannot join another', async () => {
    const a = await person('professional');
    const b = await person('professional');
    const mate = await person();
    await join(a.client, mate);
    const token = await invite(b.client, mate.email);
    expect((await mate.client.post('/api/team/invites/accept', { token })).json()).toMatchObject({
      code: 'team_conflict',
    });
    const tokenForA = await invite(b.client, a.email);
    expect((await a.client.post('/api/team/invites/accept', { token: tokenForA })).json()).toMatchObject({
      code: 'team_conflict',
    });
  });
});

describe('audit trail', () => {
  test('invitations sent, revoked and accepted, removals and departures are auth_event rows, with no address in clear', async () => {
    const owner = await person('professional');
    const mate = await person();
    const other = await person();
    await invite(owner.client, other.email);
    const [pending] = (await teamOf(owner.client)).invites;
    expect((await owner.client.delete(`/api/team/invites/${pending!.id}`)).statusCode).toBe(200);
    await join(owner.client, mate);
    expect((await owner.client.delete(`/api/team/members/${mate.user.id}`)).statusCode).toBe(200);
    await join(owner.client, mate);
    expect((await mate.client.post('/api/team/leave')).statusCode).toBe(200);
    // Refused attempts change nothing and add no team event.
    expect((await owner.client.delete(`/api/team/members/${mate.user.id}`)).statusCode).toBe(404);

    const teamId = (
      await ctx.dbh.db.selectFrom('team').select('id').where('owner_id', '=', owner.user.id).executeTakeFirstOrThrow()
    ).id;
    const events = [
      ...(await listAuthEvents(ctx.dbh.db, owner.user.id)),
      ...(await listAuthEvents(ctx.dbh.db, mate.user.id)),
    ].filter((e) => e.type.startsWith('team_'));
    // The test clock stands still, so the rows share one timestamp: compared as a set.
    const key = (e: { type: string; userId: string | null; detail: string | null }) =>
      `${e.type} ${e.userId} ${e.detail}`;
    const invited = { teamId };
    expect(events.map(key).sort()).toEqual(
      [
        { type: 'team_invite_sent', userId: owner.user.id, detail: invited },
        { type: 'team_invite_revoked', userId: owner.user.id, detail: { teamId, inviteId: pending!.id } },
        { type: 'team_invite_sent', userId: owner.user.id, detail: invited },
        { type: 'team_member_removed', userId: owner.user.id, detail: { teamId, memberId: mate.user.id } },
        { type: 'team_invite_sent', userId: owner.user.id, detail: invited },
        { type: 'team_member_left', userId: mate.user.id, detail: { teamId, ownerId: owner.user.id } },
      ]
        .map((e) => key({ ...e, detail: JSON.stringify(e.detail) }))
        .concat(events.filter((e) => e.type === 'team_invite_accepted').map(key))
        .sort(),
    );
    const accepted = events.filter((e) => e.type === 'team_invite_accepted');
    expect(
      accepted.map((e) => [e.userId, JSON.parse(e.detail ?? '{}').teamId, JSON.parse(e.detail ?? '{}').ownerId]),
    ).toEqual([
      [mate.user.id, teamId, owner.user.id],
      [mate.user.id, teamId, owner.user.id],
    ]);
    expect(
      events
        .filter((e) => e.type === 'team_invite_sent')
        .map((e) => e.emailHash)
        .sort(),
    ).toEqual([sha256Hex(other.email), sha256Hex(mate.email), sha256Hex(mate.email)].sort());
    for (const e of events) {
      expect(e.ip).toBeTruthy();
      expect(JSON.stringify(e)).not.toContain(other.email);
      expect(JSON.stringify(e)).not.toContain(mate.email);
    }
  });
});

describe('deleting an account', () => {
  test("deleting the owner's account frees the members (back to their own plan) and leaves no team rows", async () => {
    const owner = await person('professional');
    const mate = await person();
    await join(owner.client, mate);
    await invite(owner.client, 'pending@example.ca');
    expect((await mate.client.post('/api/exports/bookmarks', {})).statusCode).toBe(200);

    const res = await owner.client.delete('/api/auth/account', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    const db = ctx.dbh.db;
    const teams = await db.selectFrom('team').select('id').where('owner_id', '=', owner.user.id).execute();
    expect(teams).toEqual([]);
    const members = await db.selectFrom('team_member').select('user_id').where('user_id', '=', mate.user.id).execute();
    expect(members).toEqual([]);
    const invites = await db.selectFrom('team_invite').select('id').where('email', '=', 'pending@example.ca').execute();
    expect(invites).toEqual([]);
    expect(await listExportRecords(db, owner.user.id)).toEqual([]);

    const view = await teamOf(mate.client);
    expect(view).toMatchObject({ role: 'owner', members: [{ email: mate.email }] });
    const state = await stateOf(mate.client);
    expect(state.managedBy).toBeNull();
    expect(state.usage.exports.used).toBe(0);
  });

  test("deleting a member's account removes them from the team", async () => {
    const owner = await person('professional');
    const mate = await person();
    await join(owner.client, mate);
    expect((await mate.client.delete('/api/auth/account', { password: PASSWORD })).statusCode).toBe(200);
    expect((await teamOf(owner.client)).members.map((m) => m.email)).toEqual([owner.email]);
  });
});
