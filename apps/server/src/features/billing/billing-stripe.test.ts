import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkoutConfirmationSchema, checkoutResultSchema, subscriptionStateSchema } from '@app/shared/billing';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp, createTestDb } from '../../../test/build-test-app.ts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { findSubscriptionByUser, listEvents } from './billing.queries.ts';

/**
 * Stripe through its real protocol: Checkout and the customer portal against a fake Stripe on
 * loopback (the `stripe` package pointed at it with STRIPE_API_BASE), and webhooks signed by the
 * `stripe` package's own test helper, checked by the route over the raw body.
 */
const API_KEY = 'sk_test_breeze_0123456789';
const WEBHOOK_SECRET = 'whsec_test_breeze_secret_0123456789';
const PRO_MONTHLY = 'price_pro_monthly_test';
const DAY = 86_400_000;
const password = 'correct horse battery staple';
const clock = createTestClock('2026-11-22T12:00:00.000Z');
const stripe = new Stripe(API_KEY);

let fake: FakeStripe;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

const stripeEnv = (overrides: Record<string, string> = {}) => ({
  PUBLIC_URL: PUBLIC_ORIGIN,
  STRIPE_SECRET_KEY: API_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: PRO_MONTHLY,
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeStripe({ apiKey: API_KEY, prices: [PRO_MONTHLY] });
  ctx = await buildTestApp({ env: stripeEnv(), now: clock.now });
});
afterAll(async () => {
  await fake.close();
});

let users = 0;
async function signedIn(app = ctx.app, dbh = ctx.dbh) {
  users += 1;
  const email = `buyer${users}@example.ca`;
  await createConfirmedUser(dbh, email, password, clock.now());
  const client = new TestClient(app);
  const { user } = await client.signIn(email, password);
  await client.get('/api/subscriptions/me'); // starts the trial
  return { client, user, email };
}

const lastRequest = (path: string) => [...fake.requests].reverse().find((r) => r.path === path);

describe('checkout with Stripe (fake Stripe on loopback)', () => {
  test('creates a subscription Checkout Session with the trial, the plan price and our URLs, and returns its url', async () => {
    const { client, user, email } = await signedIn();
    const res = await client.post('/api/subscriptions/checkout', {
      planId: 'professional',
      billingCycle: 'monthly',
      userId: user.id,
      email,
      name: 'Acme',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = checkoutResultSchema.parse(res.json());
    expect(result).toMatchObject({ provider: 'stripe', notice: null });
    expect(result.url).toBe(`https://checkout.stripe.com/c/pay/${result.sessionId}`);

    const req = lastRequest('/v1/checkout/sessions');
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRO_MONTHLY, quantity: '1' }],
      payment_method_collection: 'if_required',
      subscription_data: {
        trial_period_days: '14',
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        metadata: { userId: user.id, planId: 'professional', billingCycle: 'monthly' },
      },
      success_url: `${PUBLIC_ORIGIN}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_ORIGIN}/subscription/cancel`,
      client_reference_id: user.id,
      customer_email: email,
      metadata: { userId: user.id, planId: 'professional', billingCycle: 'monthly' },
    });
  });

  test('a plan without a configured Stripe price is sent inline in CAD; the trial counts the days left', async () => {
    const { client } = await signedIn();
    clock.advance(10 * DAY + 3_600_000); // 3 days and 23 hours of trial left
    await client.signIn(`buyer${users}@example.ca`, password); // the old session timed out
    const res = await client.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'yearly' });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastRequest('/v1/checkout/sessions')?.body).toMatchObject({
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'cad',
            unit_amount: '47040',
            recurring: { interval: 'year' },
            product_data: { name: 'Breeze Starter' },
          },
        },
      ],
      subscription_data: { trial_period_days: '4' },
    });
  });

  test("Stripe refusing the session gives 502 checkout_failed with the spec's message", async () => {
    // Own databases: an app writes its STRIPE_PRICE_* settings into the plans at start.
    const broken = await buildTestApp({
      env: stripeEnv({ STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_unknown' }),
      now: clock.now,
    });
    const { client } = await signedIn(broken.app, broken.dbh);
    const res = await client.post('/api/subscriptions/checkout', { planId: 'professional', billingCycle: 'monthly' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'checkout_failed',
      message: 'Error creating checkout session. Please try again.',
    });

    const wrongKey = await buildTestApp({ env: stripeEnv({ STRIPE_SECRET_KEY: 'sk_test_wrong' }), now: clock.now });
    const { client: c2 } = await signedIn(wrongKey.app, wrongKey.dbh);
    const res2 = await c2.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' });
    expect(res2.statusCode).toBe(502);
    expect(res2.json()).toMatchObject({ code: 'checkout_failed' });
  });

  test('the success page confirms a completed session with Stripe; then Manage subscription opens the portal', async () => {
    const { client, user } = await signedIn();
    const noCustomer = await client.post('/api/subscriptions/portal');
    expect(noCustomer.statusCode).toBe(409);
    expect(noCustomer.json()).toMatchObject({ code: 'no_billing_account' });

    const { sessionId } = checkoutResultSchema.parse(
      (await client.post('/api/subscriptions/checkout', { planId: 'professional', billingCycle: 'monthly' })).json(),
    );
    const open = checkoutConfirmationSchema.parse(
      (await client.get(`/api/subscriptions/checkout/${sessionId}`)).json(),
    );
    expect(open).toMatchObject({ status: 'open', state: { subscription: { provider: 'local', manageable: false } } });

    const { customer, subscription } = fake.complete(sessionId);
    const done = checkoutConfirmationSchema.parse(
      (await client.get(`/api/subscriptions/checkout/${sessionId}`)).json(),
    );
    expect(done).toMatchObject({
      status: 'complete',
      provider: 'stripe',
      state: {
        level: 'trial',
        subscription: { planId: 'professional', status: 'trialing', provider: 'stripe', manageable: true },
      },
    });
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      providerCustomerId: customer,
      providerSubscriptionId: subscription,
    });

    const again = await client.post('/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_subscribed' });

    const portal = await client.post('/api/subscriptions/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string; provider: string }>()).toMatchObject({ provider: 'stripe' });
    expect(portal.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    expect(lastRequest('/v1/billing_portal/sessions')?.body).toEqual({
      customer,
      return_url: `${PUBLIC_ORIGIN}/plans`,
    });
  });
});

describe('POST /api/subscriptions/webhook', () => {
  let events = 0;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function event(type: string, object: Record<string, unknown>, created = nowSeconds()) {
    events += 1;
    return {
      id: `evt_test_${events}_${Date.now()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      data: { object },
    };
  }

  async function deliver(
    payload: unknown,
    opts: { secret?: string; timestamp?: number; tamper?: (s: string) => string; signature?: string | null } = {},
  ) {
    const body = JSON.stringify(payload);
    const header =
      opts.signature === undefined
        ? stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: opts.secret ?? WEBHOOK_SECRET,
            timestamp: opts.timestamp ?? nowSeconds(),
          })
        : opts.signature;
    return ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload: opts.tamper ? opts.tamper(body) : body,
    });
  }

  async function subscribed() {
    const { user, client } = await signedIn();
    const sub = `sub_test_${user.id.slice(0, 8)}`;
    const cus = `cus_test_${user.id.slice(0, 8)}`;
    const res = await deliver(
      event('checkout.session.completed', {
        id: `cs_test_${user.id.slice(0, 8)}`,
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.id,
        customer: cus,
        subscription: sub,
        metadata: { userId: user.id, planId: 'starter', billingCycle: 'yearly' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { user, client, sub, cus };
  }

  const subscriptionObject = (sub: string, cus: string, fields: Record<string, unknown>) => ({
    id: sub,
    object: 'subscription',
    customer: cus,
    status: 'active',
    cancel_at_period_end: false,
    trial_end: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          current_period_end: nowSeconds() + 30 * 86_400,
          price: { id: PRO_MONTHLY, recurring: { interval: 'month' } },
        },
      ],
    },
    ...fields,
  });

  test('checkout.session.completed links the Stripe ids and sets the chosen plan, still in trial', async () => {
    const { user } = await subscribed();
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      planId: 'starter',
      billingCycle: 'yearly',
      status: 'trialing',
      provider: 'stripe',
      providerCustomerId: `cus_test_${user.id.slice(0, 8)}`,
      providerSubscriptionId: `sub_test_${user.id.slice(0, 8)}`,
    });
  });

  test('a wrong signature, a tampered body, a missing header or a stale timestamp is a 400 and changes nothing', async () => {
    const { user } = await signedIn();
    const payload = event(
      'customer.subscription.updated',
      subscriptionObject('sub_bad', 'cus_bad', { metadata: { userId: user.id } }),
    );
    const before = await findSubscriptionByUser(ctx.dbh.db, user.id);

    const wrong = await deliver(payload, { secret: 'whsec_not_the_right_one' });
    const tampered = await deliver(payload, { tamper: (s) => s.replace('"active"', '"canceled"') });
    const missing = await deliver(payload, { signature: null });
    const garbage = await deliver(payload, { signature: 't=1,v1=deadbeef' });
    const stale = await deliver(payload, { timestamp: nowSeconds() - 301 });
    for (const res of [wrong, tampered, missing, garbage, stale]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    }
    expect(stale.json<{ message: string }>().message).toMatch(/tolerance/i);
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toEqual(before);
    expect((await listEvents(ctx.dbh.db)).some((e) => e.id === payload.id)).toBe(false);

    // 299 s old is inside Stripe's 300 s tolerance.
    const fresh = await deliver(payload, { timestamp: nowSeconds() - 299 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      status: 'active',
      planId: 'professional',
      providerSubscriptionId: 'sub_bad',
    });
  });

  test('a replayed event id answers 200 and has no second effect, even when the copies arrive together', async () => {
    const { user, sub, cus } = await subscribed();
    const failed = event('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: cus,
      parent: { subscription_details: { subscription: sub } },
    });
    const results = await Promise.all([deliver(failed), deliver(failed), deliver(failed)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json<{ duplicate: boolean }>().duplicate).sort()).toEqual([false, true, true]);
    expect((await findSubscriptionByUser(ctx.dbh.db, user.id))?.status).toBe('past_due');

    // Paid later; replaying the old failure must not make the account past due again.
    clock.advance(5_000);
    const paid = event('invoice.paid', {
      id: 'in_2',
      object: 'invoice',
      customer: cus,
      amount_paid: 47040,
      parent: { subscription_details: { subscription: sub } },
      lines: { object: 'list', data: [{ period: { start: nowSeconds(), end: nowSeconds() + 365 * 86_400 } }] },
    });
    expect((await deliver(paid)).statusCode).toBe(200);
    const replay = await deliver(failed);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date((nowSeconds() + 365 * 86_400) * 1000).toISOString(),
    });
    expect((await listEvents(ctx.dbh.db)).filter((e) => e.id === failed.id)).toHaveLength(1);
  });

  test('invoice.paid for the trial’s 0 $ invoice keeps the trial; the legacy invoice.subscription field works too', async () => {
    const { user, sub, cus } = await subscribed();
    await deliver(
      event('invoice.paid', {
        id: 'in_0',
        object: 'invoice',
        customer: cus,
        subscription: sub,
        amount_paid: 0,
        lines: { data: [] },
      }),
    );
    expect((await findSubscriptionByUser(ctx.dbh.db, user.id))?.status).toBe('trialing');
  });

  test('customer.subscription.updated sets status, plan (by price id), cycle, period end and cancel-at-period-end', async () => {
    const { user, client, sub, cus } = await subscribed();
    clock.advance(1_000);
    const end = nowSeconds() + 30 * 86_400;
    const res = await deliver(
      event('customer.subscription.updated', subscriptionObject(sub, cus, { cancel_at_period_end: true })),
    );
    expect(res.statusCode).toBe(200);
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      status: 'active',
      planId: 'professional',
      billingCycle: 'monthly',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(end * 1000).toISOString(),
    });
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me).toMatchObject({
      level: 'subscribed',
      effectivePlanId: 'professional',
      subscription: { manageable: true, cancelAtPeriodEnd: true },
    });
  });

  test('events out of order: an older subscription.created after a newer update changes no state', async () => {
    const { user, sub, cus } = await subscribed();
    const t = nowSeconds();
    await deliver(event('customer.subscription.updated', subscriptionObject(sub, cus, { status: 'active' }), t + 20));
    const late = await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(sub, cus, { status: 'trialing', trial_end: t + 86_400 }),
        t + 10,
      ),
    );
    expect(late.statusCode).toBe(200);
    expect((await findSubscriptionByUser(ctx.dbh.db, user.id))?.status).toBe('active');
    expect(
      (await listEvents(ctx.dbh.db)).find((e) => e.type === 'customer.subscription.created' && e.userId === user.id)
        ?.outcome,
    ).toBe('stale');
  });

  test('customer.subscription.deleted ends the subscription: the account falls to the free level (starter limits)', async () => {
    const { client, sub, cus } = await subscribed();
    clock.advance(1_000);
    await deliver(event('customer.subscription.deleted', subscriptionObject(sub, cus, { status: 'canceled' })));
    const me = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(me).toMatchObject({
      level: 'free',
      effectivePlanId: 'starter',
      limits: { searches: 100 },
      subscription: { status: 'canceled' },
    });
  });

  test('a subscription event found only by its metadata user id links the account (it may come before checkout.session.completed)', async () => {
    const { user } = await signedIn();
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject('sub_meta', 'cus_meta', {
          status: 'trialing',
          trial_end: nowSeconds() + 14 * 86_400,
          metadata: { userId: user.id, planId: 'professional' },
        }),
      ),
    );
    expect(await findSubscriptionByUser(ctx.dbh.db, user.id)).toMatchObject({
      provider: 'stripe',
      status: 'trialing',
      providerSubscriptionId: 'sub_meta',
      providerCustomerId: 'cus_meta',
    });
  });

  test('events we do not act on, or for nobody we know, are acknowledged and recorded as ignored; a malformed one is a 400', async () => {
    const other = event('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(other)).json()).toEqual({ received: true, duplicate: false });
    const stranger = event('invoice.paid', {
      id: 'in_x',
      object: 'invoice',
      customer: 'cus_nobody',
      subscription: 'sub_nobody',
      amount_paid: 100,
    });
    expect((await deliver(stranger)).statusCode).toBe(200);
    const recorded = await listEvents(ctx.dbh.db);
    expect(recorded.find((e) => e.id === other.id)?.outcome).toBe('ignored');
    expect(recorded.find((e) => e.id === stranger.id)?.outcome).toBe('ignored');

    const malformed = await deliver({ id: 'evt_bad', type: 'invoice.paid' });
    expect(malformed.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions/webhook',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(notJson.statusCode).toBe(415);
  });

  test('the webhook keeps a body size limit', async () => {
    const huge = event('customer.created', { id: 'cus_big', object: 'customer', description: 'x'.repeat(600 * 1024) });
    const res = await deliver(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  test('the rest of the API still parses JSON (the raw parser is scoped to the webhook)', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/subscriptions/checkout', { planId: 'nope', billingCycle: 'monthly' });
    expect(res.statusCode).toBe(404);
  });
});

describe('with no webhook secret', () => {
  test('the webhook answers 404 billing_not_configured', async () => {
    const dbh = await createTestDb();
    const app = await buildTestApp({
      dbh,
      env: { PUBLIC_URL: PUBLIC_ORIGIN, STRIPE_SECRET_KEY: API_KEY, STRIPE_API_BASE: fake.url },
    });
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/subscriptions/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'billing_not_configured' });
  });
});
