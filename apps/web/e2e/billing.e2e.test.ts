import type { Plan, SubscriptionState } from '@app/shared/billing';
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../server/test/fake-stripe.ts';
import { chooseLanguage, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { confirmationLink, E2E_PASSWORD as PASSWORD, signInThroughForm, signUpOnboarded } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

const COMPANY = 'Prairie Bid Works';
// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();

async function plansFromApi(server: RunningServer, cycle: 'monthly' | 'yearly'): Promise<Plan[]> {
  const res = await fetch(`${server.baseUrl}/api/subscriptions/plans?billingCycle=${cycle}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Plan[];
}

/** How the cards print cents (spec §9: cents / 100) in Canadian English or French: "$1,430.40", "1 430,40 $". */
const money = (cents: number, locale: 'en-CA' | 'fr-CA' = 'en-CA') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }).format(
    cents / 100,
  );
/** Intl puts no-break and narrow no-break spaces in French amounts: compare with plain spaces. */
const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function subscriptionState(page: Page, server: RunningServer): Promise<SubscriptionState> {
  const res = await page.request.get(`${server.baseUrl}/api/subscriptions/me`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SubscriptionState;
}

async function switchLanguage(page: Page, language: 'en' | 'fr') {
  await page.evaluate((lng) => window.localStorage.setItem('breeze-language', lng), language);
  await page.reload();
}

describe('plans and billing (local provider)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('signed out: /pricing shows the plans from the API, the yearly toggle, the table and the FAQ', async () => {
    const monthly = await plansFromApi(server, 'monthly');
    const yearly = await plansFromApi(server, 'yearly');
    expect(monthly.map((p) => p.id)).toEqual(['starter', 'professional', 'enterprise']);

    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const toggle = page.getByRole('group', { name: 'Billing cycle' });
    expect(await toggle.getByText('Save 20%').count()).toBe(1);

    for (const plan of monthly) {
      const card = page.getByRole('article', { name: plan.name });
      await card.waitFor();
      expect(await card.getByTestId(`price-${plan.id}`).textContent()).toContain(money(plan.price));
      for (const label of Object.values(plan.limitLabels)) expect(await card.textContent()).toContain(label);
      for (const feature of plan.features) expect(await card.textContent()).toContain(feature);
    }
    // The second plan is popular; the starter card says 'Get Starter', the others 'Start Free Trial'.
    expect(await page.getByRole('article', { name: 'Professional' }).getByText('Most popular').count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Starter' }).getByText('Most popular').count()).toBe(0);
    await page.getByRole('link', { name: 'Get Starter (Starter)' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Save 20%' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-pricing');

    await toggle.getByRole('button', { name: /Yearly/ }).click();
    await page.waitForURL('**/pricing?billing=yearly');
    for (const plan of yearly) {
      const card = page.getByRole('article', { name: plan.name });
      await card.getByText(`${money(plan.price)} billed yearly`).waitFor();
      expect(await card.getByTestId(`price-${plan.id}`).textContent()).toContain(money(plan.monthlyEquivalent));
      expect(await card.textContent()).toContain(money(plan.originalPrice!));
      expect(await card.getByText('Save 20%').count()).toBe(1);
    }
    expect(yearly[1]!.monthlyEquivalent).toBe(Math.round(yearly[1]!.price / 12));

    // The §6 table comes from the server: Starter vs Pro, API access only in Pro.
    const table = page.getByRole('table');
    const apiRow = table.getByRole('row', { name: /API access/ });
    expect(await apiRow.getByText('Included', { exact: true }).count()).toBe(1);
    expect(await apiRow.getByText('Not included').count()).toBe(1);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Feature', 'Starter', 'Professional']);
    await page.getByText('Is there a setup fee?').click();
    await page.getByText('There is no setup fee on any plan.').waitFor();
    expect(await page.getByRole('link', { name: 'Talk to Sales' }).getAttribute('href')).toBe('/contact');

    await page.getByRole('link', { name: 'Start Free Trial (Professional)' }).click();
    await page.waitForURL('**/sign-up?plan=professional&billing=yearly');
  });

  test('signed out, in French: prices in Canadian French format, translated cards, table and FAQ', async () => {
    const yearly = await plansFromApi(server, 'yearly');
    const table = (await (await fetch(`${server.baseUrl}/api/subscriptions/feature-table`)).json()) as {
      rows: Array<{ key: string; included: Record<string, boolean> }>;
    };
    for (const viewport of [undefined, MOBILE]) {
      const page = await browser.newPage({ viewport, locale: 'fr-CA' });
      await chooseLanguage(page, 'fr');
      await page.goto(`${server.baseUrl}/pricing?billing=yearly`);
      await page.getByRole('heading', { name: 'Choisissez votre forfait' }).waitFor();
      const toggle = page.getByRole('group', { name: 'Fréquence de facturation' });
      expect(spaces(await toggle.textContent())).toContain('Économisez 20 %');

      const names = { starter: 'Essentiel', professional: 'Professionnel', enterprise: 'Entreprise' } as const;
      for (const plan of yearly) {
        const card = page.getByRole('article', { name: names[plan.id as keyof typeof names] });
        await card.waitFor();
        const text = spaces(await card.textContent());
        expect(text).toContain(`${spaces(money(plan.price, 'fr-CA'))} facturés annuellement`);
        expect(spaces(await card.getByTestId(`price-${plan.id}`).textContent())).toContain(
          spaces(money(plan.monthlyEquivalent, 'fr-CA')),
        );
        expect(text).toContain('/mois');
        expect(text).not.toMatch(/billed|Unlimited|searches\/month/);
      }
      await page.getByRole('link', { name: 'Choisir Essentiel (Essentiel)' }).waitFor();
      await page.getByRole('article', { name: 'Professionnel' }).getByText('Le plus populaire').waitFor();
      // Feature labels through their stable keys: the API row 'api_access' is 'Accès à l'API', Pro only.
      expect(table.rows.find((r) => r.key === 'api_access')?.included).toMatchObject({
        starter: false,
        professional: true,
      });
      const apiRow = page.getByRole('table').getByRole('row', { name: /Accès à l'API/ });
      expect(await apiRow.getByText('Inclus', { exact: true }).count()).toBe(1);
      expect(await apiRow.getByText('Non inclus').count()).toBe(1);
      await page.getByText("Y a-t-il des frais d'installation?").click();
      await page.getByText("Non. Aucun forfait ne comporte de frais d'installation.").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, 'billing-pricing-fr');
    }
  });

  test('sign-up carrying the plan → trial on Plans & Billing → local checkout → success → usage', async () => {
    const email = `e2e-billing-${Date.now()}@example.com`;
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/sign-up?plan=professional&billing=yearly`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await page.waitForURL('**/sign-in?confirm-email=true');

    await page.goto(await confirmationLink(server, email));
    await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
    await signInThroughForm(page, server, email);
    await page.waitForURL('**/onboarding');

    // Onboarding is the accounts test's subject: complete the profile through the API here.
    const headers = { origin: server.baseUrl };
    const me = (await (await page.request.get(`${server.baseUrl}/api/auth/user`)).json()) as { user: { id: string } };
    const saved = await page.request.post(`${server.baseUrl}/api/profile`, {
      headers,
      data: {
        id: me.user.id,
        company_name: COMPANY,
        company_size: '11-50',
        industry: 'consulting',
        primary_services: ['Business Consulting'],
        service_regions: ['Manitoba'],
        government_experience: 'some',
        typical_contract_size: '50k-250k',
        onboarding_completed: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The trial of the plan chosen at sign-up is shown on Plans & Billing.
    await page.goto(`${server.baseUrl}/plans`);
    await page.getByRole('heading', { name: 'Plans & Billing' }).waitFor();
    const current = page.getByRole('region', { name: 'Your subscription' });
    await current.getByText('Professional (yearly)').waitFor();
    await current.getByText('Free trial').waitFor();
    await current.getByText(/Trial ends/).waitFor();
    const trial = await subscriptionState(page, server);
    await current.getByText(`${trial.subscription.trialDaysLeft} days left`, { exact: false }).waitFor();
    await current.getByText(/no payment is taken/).waitFor();
    expect(await page.getByRole('article', { name: 'Professional' }).getByText('Current plan').count()).toBe(0);
    await page
      .getByRole('group', { name: 'Billing cycle' })
      .getByRole('button', { name: /Yearly/ })
      .click();
    await page.getByRole('article', { name: 'Professional' }).getByText('Current plan').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-plans');
    await page.getByRole('group', { name: 'Billing cycle' }).getByRole('button', { name: 'Monthly' }).click();

    // Choose Starter, monthly: the local provider records it and sends the browser to the success page.
    const choose = page.getByRole('button', { name: 'Choose Plan (Starter)' });
    await page.route('**/api/subscriptions/checkout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300)); // long enough to see the loading state
      await route.continue();
    });
    await choose.click();
    await page.getByRole('button', { name: 'Creating checkout... (Starter)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Choose Plan (Professional)' }).isDisabled()).toBe(true);

    await page.waitForURL('**/subscription/success?session_id=*');
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^local_/);
    await page.getByRole('heading', { name: 'Welcome to Breeze Starter!' }).waitFor();
    expect(await page.getByTestId('session-id').textContent()).toBe(sessionId);
    const summary = page.getByTestId('trial-summary');
    await summary.getByRole('heading', { name: 'Your 14-day free trial' }).waitFor();
    expect(await summary.textContent()).toContain('Starter plan, billed monthly');
    await page.getByText(/No payment was taken/).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe('/profile');
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-success');

    // The same page in French.
    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { name: 'Bienvenue dans Breeze Essentiel!' }).waitFor();
    expect(spaces(await page.getByTestId('trial-summary').textContent())).toContain(
      'forfait Essentiel, facturé mensuellement',
    );
    await page.getByText(/Aucun paiement n'a été perçu/).waitFor();
    await switchLanguage(page, 'en');

    // A search counts against Starter's searches a month.
    const search = await page.request.post(`${server.baseUrl}/api/tenders/searchTenders`, {
      headers,
      data: { q: 'software' },
    });
    expect(search.status(), await search.text()).toBe(200);
    const state = await subscriptionState(page, server);
    expect(state.usage.searches.used).toBe(1);

    await page.goto(`${server.baseUrl}/plans`);
    await page.getByRole('region', { name: 'Your subscription' }).getByText('Starter (monthly)').waitFor();
    await page.getByRole('region', { name: 'Usage' }).waitFor();
    expect(await page.getByTestId('usage-searches').textContent()).toBe(`1 of ${state.usage.searches.label}`);
    expect(await page.getByTestId('usage-exports').textContent()).toBe(`0 of ${state.usage.exports.label}`);
    expect(await page.getByTestId('usage-users').textContent()).toBe(`1 of ${state.usage.users.label}`);
    await page.getByRole('article', { name: 'Starter' }).getByText('Current plan').waitFor();

    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { name: 'Forfaits et facturation' }).waitFor();
    await page.getByRole('region', { name: 'Votre abonnement' }).getByText('Essentiel (mensuel)').waitFor();
    expect(spaces(await page.getByTestId('usage-searches').textContent())).toBe(
      `1 sur ${state.usage.searches.limit} recherches/mois`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-plans-fr');
  });

  test('/subscription/cancel links back to pricing, the dashboard and support, in English and French', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/subscription/cancel`);
    await page.getByRole('heading', { name: 'Subscription Cancelled' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Continue with Free Plan' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    await expectNoAxeViolations(page);
    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { name: 'Abonnement annulé' }).waitFor();
    expect(await page.getByRole('link', { name: 'Réessayer' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Continuer avec le forfait gratuit' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await page.getByRole('link', { name: 'Joindre le soutien' }).getAttribute('href')).toBe('/contact');
  });

  test('a signed-out visit to /plans lands on /sign-in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/plans`);
    await page.waitForURL('**/sign-in');
  });
});

describe('plans and billing (Stripe, against the loopback fake)', () => {
  const API_KEY = `sk_test_e2e_${Date.now()}`;
  const WEBHOOK_SECRET = `whsec_e2e_${Date.now()}`;
  let fake: FakeStripe;
  let server: RunningServer;
  const stripe = new Stripe(API_KEY);

  beforeAll(async () => {
    fake = await startFakeStripe({ apiKey: API_KEY, hosted: true });
    server = await startServer({
      env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /** POSTs an event to the webhook with a Stripe-Signature header made as Stripe makes it. */
  async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(`${server.baseUrl}/api/subscriptions/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  test('plan choice → Stripe Checkout on the fake → success page → signed webhook → active → portal', async () => {
    const page = await browser.newPage();
    await signUpOnboarded(page, server, COMPANY);
    const { user } = (await (await page.request.get(`${server.baseUrl}/api/auth/user`)).json()) as {
      user: { id: string };
    };
    const monthly = await plansFromApi(server, 'monthly');
    const pro = monthly.find((p) => p.id === 'professional')!;

    await page.goto(`${server.baseUrl}/plans`);
    const current = page.getByRole('region', { name: 'Your subscription' });
    await current.getByText('Free trial').waitFor();
    expect((await subscriptionState(page, server)).paymentProvider).toBe('stripe');
    expect(await current.getByText(/no payment is taken/).count()).toBe(0);

    // Spec §8, in French: Stripe fails, the page says so in the catalogue's words.
    await switchLanguage(page, 'fr');
    // (A 4xx: the stripe package retries a 500 once, which would then succeed.)
    fake.failNext(400, { type: 'invalid_request_error', message: 'Invalid request: simulated failure' });
    await page.getByRole('button', { name: 'Choisir ce forfait (Essentiel)' }).click();
    await page.getByText('Erreur lors de la création de la session de paiement. Veuillez réessayer.').waitFor();
    browser.clearPageErrors(/status of 502/);
    await switchLanguage(page, 'en');

    // Choose Professional: the server creates a Checkout Session and the browser follows its url.
    await page.getByRole('button', { name: 'Choose Plan (Professional)' }).click();
    await page.waitForURL(`${fake.url}/c/pay/**`);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const session = fake.sessions.get(sessionId)!;
    expect(session.url).toBe(page.url());
    expect(created.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      subscription_data: { trial_period_days: expect.stringMatching(/^1[34]$/) },
    });
    const item = (created.body.line_items as Array<{ price_data?: { unit_amount?: string; currency?: string } }>)[0];
    expect(item?.price_data).toMatchObject({ unit_amount: String(pro.price), currency: 'cad' });
    expect(String(session.success_url)).toBe(`${server.baseUrl}/subscription/success?session_id=${sessionId}`);

    // "Paying" on the fake's Checkout page completes the session and returns to the app.
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(`**/subscription/success?session_id=${sessionId}`);
    await page.getByRole('heading', { name: 'Welcome to Breeze Professional!' }).waitFor();
    expect(await page.getByTestId('session-id').textContent()).toBe(sessionId);
    expect(await page.getByText(/No payment was taken/).count()).toBe(0);
    const afterCheckout = await subscriptionState(page, server);
    expect(afterCheckout.subscription).toMatchObject({ planId: 'professional', provider: 'stripe', manageable: true });

    // Stripe then sends the subscription's state: a forged signature changes nothing, a valid one applies.
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const event = {
      id: `evt_e2e_${Date.now()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.updated',
      livemode: false,
      data: {
        object: {
          id: session.subscription,
          object: 'subscription',
          customer: session.customer,
          status: 'active',
          cancel_at_period_end: false,
          trial_end: null,
          metadata: { userId: user.id, planId: 'professional', billingCycle: 'monthly' },
          items: {
            object: 'list',
            data: [
              {
                id: 'si_e2e',
                current_period_end: periodEnd,
                price: { id: 'price_e2e', recurring: { interval: 'month' } },
              },
            ],
          },
        },
      },
    };
    const forged = await deliver(event, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect((await subscriptionState(page, server)).subscription.status).toBe('trialing');
    const applied = await deliver(event);
    expect(applied).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const active = await subscriptionState(page, server);
    expect(active.subscription.status).toBe('active');
    expect(Date.parse(active.subscription.currentPeriodEnd!)).toBe(periodEnd * 1000);

    await page.goto(`${server.baseUrl}/plans`);
    await current.getByText('Active', { exact: true }).waitFor();
    await current.getByText('Professional (monthly)').waitFor();
    await current.getByText('Renews on').waitFor();
    await page.getByRole('article', { name: 'Professional' }).getByText('Current plan').waitFor();
    await expectNoAxeViolations(page);

    // 'Manage subscription' opens the customer portal the fake answered, for this customer.
    await current.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${fake.url}/p/session/**`);
    await page.getByRole('heading', { name: 'Fake Stripe customer portal' }).waitFor();
    expect(await page.locator('#customer').textContent()).toBe(session.customer);
    await page.getByRole('link', { name: 'Return to Breeze' }).click();
    await page.waitForURL(`${server.baseUrl}/plans`);

    // A second checkout while subscribed is refused with its reason.
    await page.getByRole('button', { name: 'Choose Plan (Enterprise)' }).click();
    await page.getByText('You already have a subscription: use Manage subscription to change your plan.').waitFor();
    browser.clearPageErrors(/status of 409/);
  });
});
