import type { Plan } from '@app/shared/billing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { confirmationLink, E2E_PASSWORD as PASSWORD } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
const COMPANY = 'Prairie Bid Works';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

async function openPage(path: string): Promise<Page> {
  context = await browser!.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-CA' });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
  await page.goto(`${server!.baseUrl}${path}`);
  return page;
}

async function plansFromApi(cycle: 'monthly' | 'yearly'): Promise<Plan[]> {
  const res = await fetch(`${server!.baseUrl}/api/subscriptions/plans?billingCycle=${cycle}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Plan[];
}

/** How the cards print cents: dollars with two decimals (spec §9: cents / 100). */
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  const errors = pageErrors;
  pageErrors = [];
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('plans and billing', () => {
  test('signed out: /pricing shows the plans from the API, the yearly toggle, the table and the FAQ', async () => {
    const monthly = await plansFromApi('monthly');
    const yearly = await plansFromApi('yearly');
    expect(monthly.map((p) => p.id)).toEqual(['starter', 'professional', 'enterprise']);

    const page = await openPage('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const toggle = page.getByRole('group', { name: 'Billing cycle' });
    expect(await toggle.getByText('Save 20%').count()).toBe(1);

    for (const plan of monthly) {
      const card = page.getByRole('article', { name: plan.name });
      await card.waitFor();
      expect(await card.getByTestId(`price-${plan.id}`).textContent()).toContain(dollars(plan.price));
      for (const label of Object.values(plan.limitLabels)) expect(await card.textContent()).toContain(label);
    }
    // The second plan is popular; the starter card says 'Get Starter', the others 'Start Free Trial'.
    expect(await page.getByRole('article', { name: 'Professional' }).getByText('Most popular').count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Starter' }).getByText('Most popular').count()).toBe(0);
    await page.getByRole('link', { name: 'Get Starter (Starter)' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Save 20%' }).count()).toBe(0);

    await toggle.getByRole('button', { name: /Yearly/ }).click();
    await page.waitForURL('**/pricing?billing=yearly');
    for (const plan of yearly) {
      const card = page.getByRole('article', { name: plan.name });
      await card.getByText(`${dollars(plan.price)} billed yearly`).waitFor();
      expect(await card.getByTestId(`price-${plan.id}`).textContent()).toContain(dollars(plan.monthlyEquivalent));
      expect(await card.textContent()).toContain(dollars(plan.originalPrice!));
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

  test('sign-up carrying the plan → trial on Plans & Billing → local checkout → success → usage', async () => {
    const email = `e2e-billing-${Date.now()}@example.com`;
    const page = await openPage('/sign-up?plan=professional&billing=yearly');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await page.waitForURL('**/sign-in?confirm-email=true');

    await page.goto(await confirmationLink(server!, email));
    await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
    await page.goto(`${server!.baseUrl}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/onboarding');

    // Onboarding is the accounts test's subject: complete the profile through the API here.
    const headers = { origin: server!.baseUrl };
    const me = (await (await page.request.get(`${server!.baseUrl}/api/auth/user`)).json()) as { user: { id: string } };
    const saved = await page.request.post(`${server!.baseUrl}/api/profile`, {
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
    await page.goto(`${server!.baseUrl}/plans`);
    await page.getByRole('heading', { name: 'Plans & Billing' }).waitFor();
    const current = page.getByRole('region', { name: 'Your subscription' });
    await current.getByText('Professional (yearly)').waitFor();
    await current.getByText('Free trial').waitFor();
    await current.getByText(/Trial ends/).waitFor();
    await current.getByText(/14 days left/).waitFor();
    await current.getByText(/no payment is taken/).waitFor();
    expect(await page.getByRole('article', { name: 'Professional' }).getByText('Current plan').count()).toBe(0);
    await page
      .getByRole('group', { name: 'Billing cycle' })
      .getByRole('button', { name: /Yearly/ })
      .click();
    await page.getByRole('article', { name: 'Professional' }).getByText('Current plan').waitFor();
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

    // A search counts against Starter's 100 searches a month.
    const search = await page.request.post(`${server!.baseUrl}/api/tenders/searchTenders`, {
      headers,
      data: { q: 'software' },
    });
    expect(search.status(), await search.text()).toBe(200);

    await page.goto(`${server!.baseUrl}/plans`);
    await page.getByRole('region', { name: 'Your subscription' }).getByText('Starter (monthly)').waitFor();
    await page.getByRole('region', { name: 'Usage' }).waitFor();
    expect(await page.getByTestId('usage-searches').textContent()).toBe('1 of 100 searches/month');
    expect(await page.getByTestId('usage-exports').textContent()).toBe('0 of 10 exports/month');
    expect(await page.getByTestId('usage-users').textContent()).toBe('1 of 1 user');
    await page.getByRole('article', { name: 'Starter' }).getByText('Current plan').waitFor();
  });

  test('/subscription/cancel links back to pricing, the dashboard and support', async () => {
    const page = await openPage('/subscription/cancel');
    await page.getByRole('heading', { name: 'Subscription Cancelled' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Continue with Free Plan' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
  });

  test('a signed-out visit to /plans lands on /sign-in', async () => {
    const page = await openPage('/plans');
    await page.waitForURL('**/sign-in');
  });
});
