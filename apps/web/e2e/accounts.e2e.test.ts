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
const COMPANY = 'Northern Lights Consulting';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

async function openPage(path: string, viewport = { width: 1280, height: 1000 }): Promise<Page> {
  context = await browser!.newContext({ viewport, locale: 'en-CA' });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
  await page.goto(`${server!.baseUrl}${path}`);
  return page;
}

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

describe('accounts', () => {
  test('sign up → confirm from the mail → sign in → three onboarding steps → /home', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const page = await openPage('/sign-up?plan=professional&billing=yearly');

    const submit = page.getByRole('button', { name: 'Start my free trial' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD}x`);
    await page.getByLabel('Email').focus();
    await page.getByText("Passwords don't match").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    expect(await submit.isDisabled()).toBe(true); // terms not accepted yet
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await submit.click();

    await page.waitForURL('**/sign-in?confirm-email=true');
    await page.getByText('Account created successfully!').waitFor();
    await page.getByText('Please check your inbox and click the confirmation link to activate your account.').waitFor();

    const link = await confirmationLink(server!, email);
    expect(new URL(link).origin).toBe(server!.baseUrl);
    await page.goto(link);
    await page.getByText('Your email address is confirmed. You can now sign in.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Signed in, not onboarded: the auth-entry guard sends the user to /onboarding.
    await page.waitForURL('**/onboarding');
    const next = page.getByRole('button', { name: 'Continue' });
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('Company name').fill(COMPANY);
    await page.getByLabel('Company size').selectOption('11-50');
    await next.click();

    await page.getByRole('heading', { name: 'Industry & Services' }).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('Industry', { exact: true }).selectOption('consulting');
    await page.getByRole('checkbox', { name: 'Business Consulting' }).check();
    await page.getByRole('checkbox', { name: 'Ontario' }).check();
    await next.click();

    await page.getByRole('heading', { name: 'Experience & Preferences' }).waitFor();
    const complete = page.getByRole('button', { name: 'Complete Setup' });
    expect(await complete.isDisabled()).toBe(true);
    await page.getByLabel('Government contracting experience').selectOption('some');
    await page.getByLabel('Typical contract size').selectOption('50k-250k');
    await complete.click();

    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: `Welcome back, ${COMPANY}` }).waitFor();

    // The auth state survives a reload (persisted under `root`, re-validated with the server).
    await page.reload();
    await page.getByRole('heading', { name: `Welcome back, ${COMPANY}` }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['root']);

    // The user menu shows the company and industry, closes on an outside click, and signs out.
    const menuButton = page.getByRole('button', { name: /account menu/ });
    await menuButton.click();
    expect(await menuButton.textContent()).toContain('Consulting');
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await page.getByRole('heading', { name: /Welcome back/ }).click();
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await menuButton.click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('a signed-out visit to /profile lands on /sign-in', async () => {
    const page = await openPage('/profile');
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Breeze' }).waitFor();
  });

  test('the update-password screen needs a token', async () => {
    const page = await openPage('/update-password');
    await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
  });
});
