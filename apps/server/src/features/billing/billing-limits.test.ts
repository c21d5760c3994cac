import { beforeAll, describe, expect, test } from 'vitest';
import { subscriptionStateSchema } from '@app/shared/billing';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { assertWithinLimit, enforceAndCount } from './billing.limits.ts';
import { readUsage, setUsage } from './billing.queries.ts';
import { createBillingService } from './billing.service.ts';

/**
 * Plan limits on the server: POST /api/tenders/searchTenders by a signed-in account counts one
 * search of the month; the n+1-th on a plan allowing n is refused with 402 plan_limit_reached,
 * while an unlimited (-1) plan never is. Signed-out searches stay open and uncounted.
 */
const clock = createTestClock('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;
const password = 'correct horse battery staple';
const STARTER_MESSAGE =
  'You have used your 100 searches this month on the Starter plan. Upgrade to Professional for unlimited searches.';
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({ env: { PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now });
});

let users = 0;
async function account(plan?: 'starter' | 'professional') {
  users += 1;
  const email = `limits${users}@example.ca`;
  const user = await createConfirmedUser(ctx.dbh, email, password, clock.now());
  const client = new TestClient(ctx.app);
  await client.signIn(email, password);
  if (plan) {
    const res = await client.post('/api/subscriptions/checkout', { planId: plan, billingCycle: 'monthly' });
    expect(res.statusCode).toBe(200);
  } else {
    await client.get('/api/subscriptions/me');
  }
  return { client, user, email };
}

const search = (client: TestClient, q = 'services') => client.post('/api/tenders/searchTenders', { q, limit: 20 });
const period = () => clock.now().toISOString().slice(0, 7);

describe('searches per month', () => {
  test('the 101st search of the month on Starter is refused with 402 plan_limit_reached and a message naming the upgrade', async () => {
    const { client, user } = await account('starter');
    for (let i = 1; i <= 100; i++) {
      const res = await search(client, `query ${i}`);
      expect(res.statusCode, `search ${i}: ${res.body}`).toBe(200);
    }
    const refused = await search(client);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      statusCode: 402,
      code: 'plan_limit_reached',
      error: 'Payment Required',
      message: STARTER_MESSAGE,
    });
    // A refusal is not a use.
    expect(await readUsage(ctx.dbh.db, user.id, 'searches', period())).toBe(100);
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me.usage.searches).toEqual({ used: 100, limit: 100, remaining: 0, label: '100 searches/month' });
  });

  test('a plan with unlimited searches (-1) is never refused, and its searches are still counted', async () => {
    const { client, user } = await account('professional');
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100_000 },
      clock.now().toISOString(),
    );
    const res = await search(client);
    expect(res.statusCode).toBe(200);
    expect(await readUsage(ctx.dbh.db, user.id, 'searches', period())).toBe(100_001);
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me.usage.searches).toEqual({ used: 100_001, limit: -1, remaining: null, label: 'Unlimited' });
  });

  test('signed-out searches stay open and are not counted; an invalid search body is not counted', async () => {
    const anonymous = new TestClient(ctx.app);
    for (let i = 0; i < 3; i++) expect((await search(anonymous)).statusCode).toBe(200);
    const { client, user } = await account('starter');
    const bad = await client.post('/api/tenders/searchTenders', { q: 'x', limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(await readUsage(ctx.dbh.db, user.id, 'searches', period())).toBe(0);
  });

  test('concurrent searches at the edge of the limit: exactly the remaining ones pass', async () => {
    const { client, user } = await account('starter');
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 97 },
      clock.now().toISOString(),
    );
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => search(client, `parallel ${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(5);
    expect(await readUsage(ctx.dbh.db, user.id, 'searches', period())).toBe(100);
  });

  test('when a trial ends unpaid the account has the starter limits; a new month starts from zero', async () => {
    const { user, email } = await account(); // professional trial
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100 },
      clock.now().toISOString(),
    );
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    expect((await search(client)).statusCode).toBe(200); // unlimited during the trial

    clock.advance(14 * DAY + 60_000); // trial over (2026-12-06): a new month too
    await client.signIn(email, password);
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100 },
      clock.now().toISOString(),
    );
    const refused = await search(client);
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ message: string }>().message).toBe(
      'You have used your 100 searches this month on the free plan (Starter limits). Upgrade to Professional for unlimited searches.',
    );

    clock.advance(31 * DAY); // January
    await client.signIn(email, password);
    expect((await search(client)).statusCode).toBe(200);
    expect(await readUsage(ctx.dbh.db, user.id, 'searches', period())).toBe(1);
  });
});

describe('the limit functions other features call', () => {
  test('exports per month and active alerts are checked against the plan with the same code', async () => {
    const { user } = await account('starter');
    const billing = createBillingService({ db: ctx.dbh.db, env: ctx.env, now: clock.now, log: ctx.app.log });
    const deps = { db: ctx.dbh.db, billing, now: clock.now };
    for (let i = 1; i <= 10; i++) expect(await enforceAndCount(deps, user.id, 'exports')).toBe(i);
    await expect(enforceAndCount(deps, user.id, 'exports')).rejects.toMatchObject({
      statusCode: 402,
      code: 'plan_limit_reached',
      message:
        'You have used your 10 exports this month on the Starter plan. Upgrade to Professional for 100 exports a month.',
    });

    await expect(assertWithinLimit({ billing }, user.id, 'alerts', 2)).resolves.toBeUndefined();
    await expect(assertWithinLimit({ billing }, user.id, 'alerts', 3)).rejects.toMatchObject({
      statusCode: 402,
      code: 'plan_limit_reached',
      message:
        'You have 3 active alerts, the most the Starter plan allows. Upgrade to Professional for up to 25 active alerts.',
    });
    await expect(assertWithinLimit({ billing }, user.id, 'users', 1)).rejects.toMatchObject({
      message: 'Your account has 1 user, the most the Starter plan allows. Upgrade to Professional for up to 5 users.',
    });
  });
});

describe('which calls count as searches (ADR 0013)', () => {
  const count = (userId: string) => readUsage(ctx.dbh.db, userId, 'searches', period());

  test('the table view counts a keyword search on its first page; its other pages and filter-only listings do not', async () => {
    const { client, user } = await account('starter');
    expect((await client.post('/api/tenders/table', { q: 'services' })).statusCode).toBe(200);
    expect(await count(user.id)).toBe(1);
    expect((await client.post('/api/tenders/table', { q: 'services', page: 2 })).statusCode).toBe(200);
    expect((await client.post('/api/tenders/table', { q: '   ' })).statusCode).toBe(200);
    expect((await client.post('/api/tenders/table', { regions: ['Ontario'] })).statusCode).toBe(200);
    expect(await count(user.id)).toBe(1);
    // 'Load More' on /search is the same search: free.
    expect((await client.post('/api/tenders/searchTenders', { q: 'services', offset: 20 })).statusCode).toBe(200);
    expect(await count(user.id)).toBe(1);

    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100 },
      clock.now().toISOString(),
    );
    const refused = await client.post('/api/tenders/table', { q: 'services' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'plan_limit_reached', message: STARTER_MESSAGE });
    // The web app sends its language: the message comes in French.
    const french = await client.post('/api/tenders/table', { q: 'services' }, { 'accept-language': 'fr' });
    expect(french.json()).toMatchObject({
      code: 'plan_limit_reached',
      message:
        'Vous avez utilisé vos 100 recherches de ce mois avec le forfait Essentiel. Passez au forfait Professionnel pour des recherches illimitées.',
    });
    // Browsing stays open at the limit.
    expect((await client.post('/api/tenders/table', { q: '' })).statusCode).toBe(200);
    expect((await client.post('/api/tenders/table', { q: 'services', page: 2 })).statusCode).toBe(200);
  });

  test('a chat message that searches counts one search; one that does not counts none; at the limit the chat answers 402', async () => {
    const { client, user } = await account('starter');
    const session = (await client.post('/api/chat/session', {})).json<{ sessionId: string }>().sessionId;
    const say = (message: string) => client.post(`/api/chat/session/${session}/message`, { message });
    expect((await say('Hello')).statusCode).toBe(200);
    expect(await count(user.id)).toBe(0);
    expect((await say('find snow removal tenders in Ontario')).statusCode).toBe(200);
    expect(await count(user.id)).toBe(1);

    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100 },
      clock.now().toISOString(),
    );
    const refused = await say('find cybersecurity tenders');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'plan_limit_reached', message: STARTER_MESSAGE });
    expect((await say('Hello')).statusCode).toBe(200);
    // Nothing of the refused turn was stored.
    const history = (await client.get(`/api/chat/session/${session}`)).json<{ messages: Array<{ message: string }> }>();
    expect(history.messages.map((m) => m.message)).not.toContain('find cybersecurity tenders');
  });

  test('recommendations never count', async () => {
    const { client, user } = await account('starter');
    await setUsage(
      ctx.dbh.db,
      { userId: user.id, metric: 'searches', period: period(), count: 100 },
      clock.now().toISOString(),
    );
    const res = await client.get('/api/recommendations');
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(user.id)).toBe(100);
  });
});
