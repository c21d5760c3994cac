import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  BILLING_MESSAGES,
  checkoutConfirmationSchema,
  checkoutResultSchema,
  featureTableSchema,
  planListSchema,
  subscriptionStateSchema,
} from '@app/shared/billing';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp, createTestDb } from '../../../test/build-test-app.ts';
import * as billingMigration from '../../db/migrations/2026-11-22-07-create-billing.ts';
import { createBackground } from '../../lib/background.ts';
import { findAccountByEmail, markEmailConfirmed } from '../auth/auth.queries.ts';
import { findSubscriptionByUser } from './billing.queries.ts';

/**
 * Plans, trials and the local provider through app.inject() on a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): the spec's Plan shape and prices, the feature table, the
 * trial started at sign-up with the plan chosen on the pricing page, /me, and a local checkout
 * confirmed by the success page.
 */
const clock = createTestClock('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;
const password = 'correct horse battery staple';
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
/** Sign-up starts the trial after its answer (ADR 0006: the same time for new and taken addresses). */
const background = createBackground();

beforeAll(async () => {
  ctx = await buildTestApp({ env: { PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now, background });
});

async function signedIn(email: string) {
  await createConfirmedUser(ctx.dbh, email, password, clock.now());
  const client = new TestClient(ctx.app);
  const { user } = await client.signIn(email, password);
  return { client, user };
}

describe('GET /api/subscriptions/plans', () => {
  test('serves starter, professional and enterprise in CAD cents with the 20 % yearly saving', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    expect(res.statusCode).toBe(200);
    const plans = planListSchema.parse(res.json());
    expect(plans.map((p) => p.id)).toEqual(['starter', 'professional', 'enterprise']);
    for (const plan of plans) {
      expect(plan.currency).toBe('CAD');
      expect(plan.price_yearly).toBe(Math.round(plan.price_monthly * 12 * 0.8));
      expect(plan.billingCycle).toBe('monthly');
      expect(plan.price).toBe(plan.price_monthly);
      expect(plan.originalPrice).toBeNull();
    }
    expect(plans.map((p) => [p.price_monthly, p.price_yearly])).toEqual([
      [4900, 47040],
      [14900, 143040],
      [39900, 383040],
    ]);
    // Spec §9: the second plan is popular; 'Get Starter' for starter, else 'Start Free Trial'.
    expect(plans.map((p) => p.popular)).toEqual([false, true, false]);
    expect(plans.map((p) => p.cta)).toEqual(['Get Starter', 'Start Free Trial', 'Start Free Trial']);
    expect(plans[0]?.limits).toEqual({ searches: 100, alerts: 3, exports: 10, users: 1 });
    expect(plans[0]?.limitLabels).toEqual({
      searches: '100 searches/month',
      alerts: '3 active alerts',
      exports: '10 exports/month',
      users: '1 user',
    });
    expect(plans[1]?.limits.searches).toBe(-1);
    expect(plans[1]?.limitLabels.searches).toBe('Unlimited');
    expect(plans[2]?.limits).toEqual({ searches: -1, alerts: -1, exports: -1, users: -1 });
  });

  test('yearly cards carry the original price (12 × monthly), the monthly equivalent and the save percentage', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/plans?billingCycle=yearly' });
    const plans = planListSchema.parse(res.json());
    const pro = plans.find((p) => p.id === 'professional');
    expect(pro).toMatchObject({
      billingCycle: 'yearly',
      price: 143040,
      originalPrice: 178800,
      monthlyEquivalent: 11920,
      savePercent: 20,
    });
    for (const plan of plans) {
      expect(plan.originalPrice).toBe(plan.price_monthly * 12);
      expect(plan.monthlyEquivalent).toBe(Math.round(plan.price_yearly / 12));
    }
  });

  test('an unknown billing cycle is a 400 with a code, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/plans?billingCycle=weekly' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('GET /api/subscriptions/feature-table', () => {
  test('is the §6 table built from the plans: basics for both, the Pro extras for Professional only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/feature-table' });
    expect(res.statusCode).toBe(200);
    const table = featureTableSchema.parse(res.json());
    const row = (label: string) => table.rows.find((r) => r.label === label)?.included;
    for (const label of ['AI search', 'Email notifications', 'Mobile access', 'CSV exports']) {
      expect(row(label)).toMatchObject({ starter: true, professional: true });
    }
    for (const label of ['Advanced AI search', 'Win probability', 'Smart alerts', 'API access', 'Priority support']) {
      expect(row(label)).toMatchObject({ starter: false, professional: true });
    }
    const plans = planListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/plans' })).json(),
    );
    // The cards list the same features as the table ticks.
    for (const plan of plans) {
      expect(table.rows.filter((r) => r.included[plan.id]).map((r) => r.label)).toEqual(plan.features);
    }
  });
});

describe('trial at sign-up', () => {
  test('a sign-up from the pricing page starts a 14-day trial of the chosen plan and cycle, no card', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/auth/signup', {
      email: 'lin@example.ca',
      password,
      plan: 'starter',
      billing: 'yearly',
    });
    expect(res.statusCode).toBe(200);
    await background.drain();
    const account = await findAccountByEmail(ctx.dbh.db, 'lin@example.ca');
    if (!account) throw new Error('account not created');
    const sub = await findSubscriptionByUser(ctx.dbh.db, account.user.id);
    expect(sub).toMatchObject({
      planId: 'starter',
      billingCycle: 'yearly',
      status: 'trialing',
      provider: 'local',
      providerCustomerId: null,
      trialEndsAt: new Date(clock.now().getTime() + 14 * DAY).toISOString(),
    });

    await markEmailConfirmed(ctx.dbh.db, account.user.id, clock.now().toISOString());
    await client.signIn('lin@example.ca', password);
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me).toMatchObject({
      level: 'trial',
      effectivePlanId: 'starter',
      paymentProvider: 'local',
      subscription: { planId: 'starter', planName: 'Starter', status: 'trialing', trialDaysLeft: 14 },
      usage: {
        searches: { used: 0, limit: 100, remaining: 100, label: '100 searches/month' },
        users: { used: 1, limit: 1 },
      },
    });
  });

  test('without plan and billing the trial is Professional, monthly; an unknown plan falls back to it', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/signup', { email: 'noplan@example.ca', password });
    await client.post('/api/auth/signup', { email: 'oddplan@example.ca', password, plan: 'platinum' });
    await background.drain();
    for (const email of ['noplan@example.ca', 'oddplan@example.ca']) {
      const account = await findAccountByEmail(ctx.dbh.db, email);
      const sub = account && (await findSubscriptionByUser(ctx.dbh.db, account.user.id));
      expect(sub).toMatchObject({ planId: 'professional', billingCycle: 'monthly', status: 'trialing' });
    }
  });

  test('a billing value other than monthly or yearly is refused like any bad field', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/signup', {
      email: 'x@example.ca',
      password,
      billing: 'weekly',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  test('an account from before billing gets its trial on first use', async () => {
    const { client } = await signedIn('early@example.ca');
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me.subscription).toMatchObject({ planId: 'professional', status: 'trialing', trialDaysLeft: 14 });
  });

  test('/me needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscriptions/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized', message: 'No authenticated user' });
  });
});

describe('checkout with the local provider', () => {
  test('records the plan without a charge, returns the local success URL, and the success page confirms it', async () => {
    const { client, user } = await signedIn('local@example.ca');
    const res = await client.post('/api/subscriptions/checkout', {
      planId: 'enterprise',
      billingCycle: 'yearly',
      userId: user.id,
      email: 'local@example.ca',
      name: 'Local Co',
    });
    expect(res.statusCode).toBe(200);
    const result = checkoutResultSchema.parse(res.json());
    expect(result.provider).toBe('local');
    expect(result.notice).toBe(BILLING_MESSAGES.localNoPayment);
    expect(result.url).toBe(`${PUBLIC_ORIGIN}/subscription/success?session_id=${result.sessionId}`);
    expect(result.sessionId).toMatch(/^local_[a-f0-9]{32}$/);

    const confirm = await client.get(`/api/subscriptions/checkout/${result.sessionId}`);
    expect(confirm.statusCode).toBe(200);
    const confirmation = checkoutConfirmationSchema.parse(confirm.json());
    expect(confirmation).toMatchObject({
      status: 'complete',
      provider: 'local',
      planId: 'enterprise',
      billingCycle: 'yearly',
      notice: BILLING_MESSAGES.localNoPayment,
      state: {
        level: 'trial',
        effectivePlanId: 'enterprise',
        subscription: { planId: 'enterprise', billingCycle: 'yearly', status: 'trialing', trialDaysLeft: 14 },
      },
    });

    // Another account cannot read this session.
    const { client: other } = await signedIn('other@example.ca');
    const stranger = await other.get(`/api/subscriptions/checkout/${result.sessionId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'checkout_session_not_found' });

    // 'Manage subscription' with no payment provider leads back to the plans page.
    const portal = await client.post('/api/subscriptions/portal');
    expect(portal.json()).toEqual({ url: `${PUBLIC_ORIGIN}/plans`, provider: 'local' });
  });

  test('after the trial, a local checkout makes the plan active (still without a charge)', async () => {
    const { client, user } = await signedIn('after@example.ca');
    await client.get('/api/subscriptions/me'); // starts the trial now
    const later = createTestClock(new Date(clock.now().getTime() + 15 * DAY).toISOString());
    const app2 = await buildTestApp({ dbh: ctx.dbh, env: { PUBLIC_URL: PUBLIC_ORIGIN }, now: later.now });
    const client2 = new TestClient(app2.app);
    await client2.signIn('after@example.ca', password);
    const before = subscriptionStateSchema.parse((await client2.get('/api/subscriptions/me')).json());
    expect(before).toMatchObject({
      level: 'free',
      effectivePlanId: 'starter',
      subscription: { status: 'expired', trialDaysLeft: 0 },
    });
    const res = await client2.post('/api/subscriptions/checkout', {
      planId: 'professional',
      billingCycle: 'monthly',
      userId: user.id,
    });
    expect(res.statusCode).toBe(200);
    const after = subscriptionStateSchema.parse((await client2.get('/api/subscriptions/me')).json());
    expect(after).toMatchObject({
      level: 'subscribed',
      effectivePlanId: 'professional',
      subscription: { status: 'active', currentPeriodEnd: null },
    });
  });

  test('errors: signed out (spec §8 email message), unknown plan, another user id, bad body', async () => {
    const anonymous = new TestClient(ctx.app);
    const out = await anonymous.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toMatchObject({
      code: 'email_required',
      message: 'Unable to retrieve your email. Please try signing in again.',
    });

    const { client } = await signedIn('errors@example.ca');
    const unknown = await client.post('/api/subscriptions/checkout', { planId: 'platinum', billingCycle: 'monthly' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'plan_not_found' });

    const mismatch = await client.post('/api/subscriptions/checkout', {
      planId: 'starter',
      billingCycle: 'monthly',
      userId: 'someone-else',
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ code: 'forbidden' });

    const bad = await client.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });

    // The origin guard applies to checkout like to every state-changing call.
    const foreign = await new TestClient(ctx.app, { origin: 'https://evil.example' }).post(
      '/api/subscriptions/checkout',
      {
        planId: 'starter',
        billingCycle: 'monthly',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_origin' });

    // The webhook does not exist without Stripe.
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect(hook.json()).toMatchObject({ code: 'billing_not_configured' });
  });

  test('fast-check: any checkout body gets a 2xx or 4xx with a code, never a 5xx', async () => {
    const { client, user } = await signedIn('fuzz@example.ca');
    const field = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('starter', 'professional', 'enterprise', 'monthly', 'yearly', user.id),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const body = fc.oneof(
      fc.record(
        { planId: field, billingCycle: field, userId: field, email: field, name: field, companyName: field },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 12 }), field, { maxKeys: 5 }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const json = await client.app.inject({
          method: 'POST',
          url: '/api/subscriptions/checkout',
          headers: { origin: PUBLIC_ORIGIN, cookie: client.cookie ?? '', 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(json.statusCode, json.body).toBeLessThan(500);
        if (json.statusCode >= 400) expect(typeof json.json<{ code: string }>().code).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('the billing migration', () => {
  test('seeds the plans and gives accounts that already exist their trial', async () => {
    const dbh = await createTestDb();
    await billingMigration.down(dbh.db);
    const user = await createConfirmedUser(dbh, 'before-billing@example.ca', password);
    await billingMigration.up(dbh.db);
    expect(await findSubscriptionByUser(dbh.db, user.id)).toMatchObject({
      planId: 'professional',
      status: 'trialing',
      provider: 'local',
    });
    const plans = await dbh.db
      .selectFrom('plan')
      .select(['id', 'price_monthly', 'price_yearly'])
      .orderBy('position')
      .execute();
    expect(plans.map((p) => [p.id, Number(p.price_monthly), Number(p.price_yearly)])).toEqual([
      ['starter', 4900, 47040],
      ['professional', 14900, 143040],
      ['enterprise', 39900, 383040],
    ]);
  });
});
