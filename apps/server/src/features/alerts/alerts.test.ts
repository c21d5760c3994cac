import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alertListSchema, alertMatchesSchema, alertSchema, type Alert, type AlertList } from '@app/shared/alerts';
import { subscriptionStateSchema } from '@app/shared/billing';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';

/**
 * /api/alerts through app.inject(): create, list, get, update, delete and the matches preview,
 * owner-only on every call, validation, and the plan limit `alerts` (n+1 refused, -1 never, what
 * a trial that ends does to alerts beyond the free level's limit).
 */
const DAY = 86_400_000;
const PASSWORD = 'correct horse battery staple 42';
const clock = createTestClock(new Date().toISOString());
const START = clock.now().getTime();
const day = (d: number) => new Date(START + d * DAY).toISOString().slice(0, 10);

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let bob: TestClient;
let users = 0;

const tender = (id: string, title: string, published: string, region = 'Ontario') =>
  buildTenderRow(
    {
      id,
      title,
      published_date: published,
      region_keys: `|${region}|`,
      delivery_location: region,
      regions_of_delivery: JSON.stringify([region]),
    },
    new Date(START),
  );

async function signedIn(email: string): Promise<{ client: TestClient; id: string }> {
  await createConfirmedUser(ctx.dbh, email, PASSWORD, clock.now());
  const client = new TestClient(ctx.app);
  const { user } = await client.signIn(email, PASSWORD);
  return { client, id: user.id };
}

/** A new signed-in account on a plan (the local provider switches plans at once), or on the trial. */
async function account(plan?: 'starter' | 'professional' | 'enterprise') {
  users += 1;
  const a = await signedIn(`alerts${users}@example.ca`);
  if (plan) {
    const res = await a.client.post('/api/subscriptions/checkout', { planId: plan, billingCycle: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
  }
  return a;
}

const cyber = { q: 'cybersecurity', regions: ['Ontario'] };
const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, criteria: cyber, ...extra });

async function create(client: TestClient, name: string, extra: Record<string, unknown> = {}): Promise<Alert> {
  const res = await client.post('/api/alerts', body(name, extra));
  expect(res.statusCode, res.body).toBe(201);
  return alertSchema.parse(res.json());
}

async function list(client: TestClient): Promise<AlertList> {
  const res = await client.get('/api/alerts');
  expect(res.statusCode, res.body).toBe(200);
  return alertListSchema.parse(res.json());
}

async function activeInDb(userId: string): Promise<number> {
  const row = await ctx.dbh.db
    .selectFrom('alert')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  await insertTenders(ctx.dbh.db, [
    tender('cyber-on-new', 'Cybersecurity assessment services', day(-1)),
    tender('cyber-on-old', 'Cybersecurity monitoring services', day(-6)),
    tender('cyber-on-mid', 'Managed cybersecurity operations centre', day(-3)),
    tender('cyber-bc', 'Cybersecurity audit', day(-2), 'British Columbia'),
    tender('snow-on', 'Snow removal services', day(-1)),
  ]);
  alice = (await signedIn('alice@example.ca')).client;
  bob = (await signedIn('bob@example.ca')).client;
});
afterAll(() => ctx.app.close());

describe('create, read, update, delete', () => {
  test('signed out, every call is a 401', async () => {
    const anon = new TestClient(ctx.app);
    for (const res of [
      await anon.get('/api/alerts'),
      await anon.post('/api/alerts', body('x')),
      await anon.get('/api/alerts/some-id'),
      await anon.patch('/api/alerts/some-id', { name: 'y' }),
      await anon.delete('/api/alerts/some-id'),
      await anon.get('/api/alerts/some-id/matches'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  test('an alert is created with its criteria, frequency and state, and listed with what it matches now', async () => {
    const created = await create(alice, '  Ontario cybersecurity  ', { frequency: 'instant' });
    expect(created).toMatchObject({
      name: 'Ontario cybersecurity',
      criteria: { q: 'cybersecurity', regions: ['Ontario'], parse_query: true },
      frequency: 'instant',
      active: true,
      status: 'active',
      last_run_at: null,
      last_notified_at: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      next_run_at: clock.now().toISOString(),
      // The three open Ontario cybersecurity notices; not the British Columbia one or the snow removal.
      match_count: 3,
      match_count_is_lower_bound: false,
      sent_count: 0,
    });
    expect(created.criteria).not.toHaveProperty('limit');
    expect(created.criteria).not.toHaveProperty('offset');

    clock.advance(1000);
    const daily = await create(alice, 'Daily digest', { criteria: { q: 'snow removal' } });
    expect(daily.frequency).toBe('daily');
    expect(daily.next_run_at).toBe(new Date(clock.now().getTime() + DAY).toISOString());
    expect(daily.match_count).toBe(1);

    const { alerts, usage } = await list(alice);
    expect(alerts.map((a) => a.name)).toEqual(['Daily digest', 'Ontario cybersecurity']);
    expect(usage).toEqual({ active: 2, limit: 25, plan_name: 'Professional', at_limit: false });

    const got = await alice.get(`/api/alerts/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(alertSchema.parse(got.json())).toEqual(created);
  });

  test('the matches preview lists what the alert matches now, newest published first, with what the parser understood', async () => {
    const a = await create(alice, 'Cyber in Ontario words', { criteria: { q: 'cybersecurity in Ontario' } });
    const res = await alice.get(`/api/alerts/${a.id}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    const m = alertMatchesSchema.parse(res.json());
    expect(m.alert_id).toBe(a.id);
    expect(m.results.map((r) => r.id)).toEqual(['cyber-on-new', 'cyber-on-mid', 'cyber-on-old']);
    expect(m.total_results).toBe(3);
    expect(m.understood).toEqual([expect.objectContaining({ kind: 'region', value: 'Ontario' })]);

    const one = alertMatchesSchema.parse((await alice.get(`/api/alerts/${a.id}/matches?limit=1`)).json());
    expect(one.results.map((r) => r.id)).toEqual(['cyber-on-new']);
    expect(one.total_results).toBe(3);
    expect((await alice.get(`/api/alerts/${a.id}/matches?limit=0`)).statusCode).toBe(400);
    expect((await alice.get(`/api/alerts/${a.id}/matches?limit=101`)).statusCode).toBe(400);
  });

  test('rename, new criteria, new frequency, pause and resume; updated_at moves, created_at does not', async () => {
    const a = await create(alice, 'To change');
    clock.advance(60_000);
    const renamed = await alice.patch(`/api/alerts/${a.id}`, { name: 'Changed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Changed',
      created_at: a.created_at,
      updated_at: clock.now().toISOString(),
    });

    const recriteria = await alice.patch(`/api/alerts/${a.id}`, { criteria: { q: 'snow', regions: ['Ontario'] } });
    expect(recriteria.json()).toMatchObject({ criteria: { q: 'snow', regions: ['Ontario'] }, match_count: 1 });

    const weekly = await alice.patch(`/api/alerts/${a.id}`, { frequency: 'weekly' });
    expect(weekly.json()).toMatchObject({
      frequency: 'weekly',
      next_run_at: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });

    const paused = await alice.patch(`/api/alerts/${a.id}`, { active: false });
    expect(paused.json()).toMatchObject({ active: false, status: 'paused' });
    clock.advance(60_000);
    const resumed = await alice.patch(`/api/alerts/${a.id}`, { active: true });
    expect(resumed.json()).toMatchObject({ active: true, status: 'active' });
    // Resuming starts again from now: what arrived while paused is not mailed (ADR 0012).
    const row = await ctx.dbh.db
      .selectFrom('alert')
      .select('baseline_at')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.baseline_at).toBe(clock.now().toISOString());
  });

  test('delete removes it; a second delete is a 404', async () => {
    const a = await create(alice, 'To delete');
    const res = await alice.delete(`/api/alerts/${a.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await alice.get(`/api/alerts/${a.id}`)).statusCode).toBe(404);
    expect((await alice.delete(`/api/alerts/${a.id}`)).json()).toMatchObject({
      statusCode: 404,
      code: 'alert_not_found',
      message: 'Alert not found',
    });
  });

  test('another user gets 404 on every call and changes nothing (owner-only)', async () => {
    const a = await create(alice, 'Private');
    for (const res of [
      await bob.get(`/api/alerts/${a.id}`),
      await bob.patch(`/api/alerts/${a.id}`, { name: 'Hijacked', active: false }),
      await bob.delete(`/api/alerts/${a.id}`),
      await bob.get(`/api/alerts/${a.id}/matches`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'alert_not_found' });
    }
    expect((await list(bob)).alerts).toEqual([]);
    const still = alertSchema.parse((await alice.get(`/api/alerts/${a.id}`)).json());
    expect(still).toMatchObject({ name: 'Private', active: true });
    expect((await alice.get('/api/alerts/no-such-alert')).statusCode).toBe(404);
    expect((await alice.get('/api/alerts/%00')).json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  });

  test('bad bodies are 400 validation_failed and write nothing', async () => {
    const before = (await list(alice)).alerts.length;
    const bad: unknown[] = [
      {},
      { name: '', criteria: cyber },
      { name: '   ', criteria: cyber },
      { name: 'x'.repeat(101), criteria: cyber },
      { name: 'Line\nbreak', criteria: cyber },
      { name: 'No criteria' },
      { name: 'Blank criteria', criteria: { q: '   ' } },
      { name: 'Empty lists', criteria: { q: '', regions: [' '] } },
      { name: 'Bad frequency', criteria: cyber, frequency: 'hourly' },
      { name: 'Unknown field', criteria: cyber, owner: 'bob' },
      { name: 'Page in criteria', criteria: { ...cyber, limit: 20 } },
      { name: 'Bad date', criteria: { q: 'x', closing_date_after: 'tomorrow' } },
      { name: 'Bad active', criteria: cyber, active: 'yes' },
      // PostgreSQL refuses NUL in text parameters: refused by the shared search criteria schema.
      { name: 'NUL region', criteria: { q: 'x', regions: ['\u0000'] } },
      { name: 'NUL method', criteria: { q: 'x', procurement_method: 'a\u0000' } },
    ];
    for (const b of bad) {
      const res = await alice.post('/api/alerts', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    }
    const a = (await list(alice)).alerts[0]!;
    for (const b of [{}, { name: '' }, { criteria: { q: '' } }, { frequency: 'never' }, { id: 'x' }]) {
      const res = await alice.patch(`/api/alerts/${a.id}`, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await list(alice)).alerts.length).toBe(before);
    expect((await alice.get(`/api/alerts/${a.id}`)).json()).toMatchObject({ name: a.name, criteria: a.criteria });
  });

  test('an alert can be saved paused, and the OpenAPI document lists every call', async () => {
    const paused = await create(alice, 'Saved paused', { active: false });
    expect(paused).toMatchObject({ active: false, status: 'paused' });
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const [path, method, status] of [
      ['/api/alerts', 'get', '200'],
      ['/api/alerts', 'post', '201'],
      ['/api/alerts', 'post', '402'],
      ['/api/alerts/{id}', 'get', '200'],
      ['/api/alerts/{id}', 'patch', '200'],
      ['/api/alerts/{id}', 'patch', '402'],
      ['/api/alerts/{id}', 'delete', '204'],
      ['/api/alerts/{id}/matches', 'get', '200'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses[status], `${method} ${path} ${status}`).toBeDefined();
    }
  });
});

describe('the plan limit on active alerts', () => {
  const STARTER_MESSAGE =
    'You have 3 active alerts, the most the Starter plan allows. Upgrade to Professional for up to 25 active alerts.';

  test('on Starter the 4th active alert is refused with 402 plan_limit_reached naming the limit and the upgrade', async () => {
    const { client, id } = await account('starter');
    for (const n of [1, 2, 3]) await create(client, `Alert ${n}`);
    const refused = await client.post('/api/alerts', body('Alert 4'));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      statusCode: 402,
      code: 'plan_limit_reached',
      error: 'Payment Required',
      message: STARTER_MESSAGE,
    });
    expect(await activeInDb(id)).toBe(3);
    expect((await list(client)).usage).toEqual({ active: 3, limit: 3, plan_name: 'Starter', at_limit: true });

    // Plans & Billing shows the true count.
    const state = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(state.usage.alerts).toMatchObject({ used: 3, limit: 3, remaining: 0, label: '3 active alerts' });

    // A paused alert does not count; resuming it at the limit is refused the same way, and changes nothing.
    const paused = await create(client, 'Paused one', { active: false });
    const resume = await client.patch(`/api/alerts/${paused.id}`, { active: true, name: 'Renamed too' });
    expect(resume.statusCode).toBe(402);
    expect(resume.json()).toMatchObject({ code: 'plan_limit_reached', message: STARTER_MESSAGE });
    expect((await client.get(`/api/alerts/${paused.id}`)).json()).toMatchObject({ name: 'Paused one', active: false });
    // Other changes to an alert at the limit are allowed.
    expect((await client.patch(`/api/alerts/${paused.id}`, { name: 'Renamed' })).statusCode).toBe(200);

    // Pausing one makes room for another.
    const first = (await list(client)).alerts.find((a) => a.name === 'Alert 1')!;
    expect((await client.patch(`/api/alerts/${first.id}`, { active: false })).statusCode).toBe(200);
    expect((await client.patch(`/api/alerts/${paused.id}`, { active: true })).statusCode).toBe(200);
    expect(await activeInDb(id)).toBe(3);
    expect((await client.patch(`/api/alerts/${first.id}`, { active: true })).statusCode).toBe(402);
  });

  test('requests at once cannot pass the limit together', async () => {
    const { client, id } = await account('starter');
    await create(client, 'One');
    await create(client, 'Two');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/alerts', body(`Race ${i}`))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    expect(await activeInDb(id)).toBe(3);
  });

  test('an unlimited plan (-1) never refuses', async () => {
    const { client, id } = await account('enterprise');
    for (let n = 1; n <= 27; n++) {
      const res = await client.post('/api/alerts', body(`Alert ${n}`));
      expect(res.statusCode, `alert ${n}: ${res.body}`).toBe(201);
    }
    expect(await activeInDb(id)).toBe(27);
    expect((await list(client)).usage).toEqual({ active: 27, limit: -1, plan_name: 'Enterprise', at_limit: false });
    const state = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(state.usage.alerts).toMatchObject({ used: 27, limit: -1, remaining: null, label: 'Unlimited' });
  });

  test('a trial that ends keeps every alert: the oldest within the free level stay active, the rest are over_limit until an upgrade', async () => {
    // A clock of its own: the trial ends 14 days after sign-up.
    const own = createTestClock(new Date().toISOString());
    const app = await buildTestApp({ now: own.now, dbh: ctx.dbh });
    await createConfirmedUser(ctx.dbh, 'trial-ends@example.ca', PASSWORD, own.now());
    const signIn = async () => {
      const c = new TestClient(app.app);
      await c.signIn('trial-ends@example.ca', PASSWORD);
      return c;
    };
    let client = await signIn();
    const names = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
    for (const name of names) {
      const res = await client.post('/api/alerts', body(name));
      expect(res.statusCode, res.body).toBe(201);
      own.advance(1000);
    }
    own.advance(15 * DAY);
    client = await signIn(); // the session ran out meanwhile
    const after = await list(client);
    expect(after.usage).toEqual({ active: 5, limit: 3, plan_name: 'Starter', at_limit: true });
    const byName = new Map(after.alerts.map((a) => [a.name, a]));
    expect(names.map((n) => byName.get(n)?.status)).toEqual(['active', 'active', 'active', 'over_limit', 'over_limit']);
    expect(after.alerts.every((a) => a.active)).toBe(true);
    expect((await client.post('/api/alerts', body('Sixth'))).statusCode).toBe(402);
    const state = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(state.usage.alerts).toMatchObject({ used: 5, limit: 3 });

    // Pausing two makes the over-limit ones fit; paying for Professional lifts the limit.
    for (const n of ['First', 'Second']) {
      expect((await client.patch(`/api/alerts/${byName.get(n)!.id}`, { active: false })).statusCode).toBe(200);
    }
    expect((await list(client)).alerts.filter((a) => a.status === 'over_limit')).toEqual([]);
    const paid = await client.post('/api/subscriptions/checkout', { planId: 'professional', billingCycle: 'monthly' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await client.patch(`/api/alerts/${byName.get('First')!.id}`, { active: true })).statusCode).toBe(200);
    expect((await list(client)).usage).toEqual({ active: 4, limit: 25, plan_name: 'Professional', at_limit: false });
  });
});
