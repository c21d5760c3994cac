import type { Tender } from '@app/shared/tender';
import { type Browser, type BrowserContext, chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { closingCountdown, statusLabel } from '../src/features/tenders/components/tender-detail/tender-format.ts';
import { signUpOnboarded } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const UNKNOWN_ID = 'no-such-tender-e2e';

let server: RunningServer | undefined;
let browser: Browser | undefined;
/** One signed-in, onboarded user for the whole file. */
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

/**
 * The one console error a test may expect: Chromium logs every 4xx resource, and the fallback
 * lookup by id (spec §4) answers 404 for an unknown tender. Matched by URL, nothing broader.
 */
const expectedNotFound = (msg: ConsoleMessage) =>
  msg.location().url.endsWith(`/api/tenders/getTenderById/${UNKNOWN_ID}`) && /status of 404/.test(msg.text());

async function newPage(): Promise<Page> {
  const page = await context!.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expectedNotFound(msg)) pageErrors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
  return page;
}

/** An open tender with a description, so BreezeAI has sentences to cite. */
async function openTender(): Promise<Tender> {
  const res = await fetch(`${server!.baseUrl}/api/tenders/getOpenTenderNoticesFromDB?limit=20`);
  expect(res.status).toBe(200);
  const tenders = (await res.json()) as Tender[];
  const tender = tenders.find((t) => (t.description?.trim().length ?? 0) > 80) ?? tenders[0];
  expect(tender).toBeDefined();
  return tender!;
}

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-CA' });
  const page = await newPage();
  await signUpOnboarded(page, server);
  await page.close();
});

afterEach(() => {
  const errors = pageErrors;
  pageErrors = [];
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('tender detail', () => {
  test('shows the tender, its closing countdown and a cited BreezeAI summary', async () => {
    const tender = await openTender();
    const page = await newPage();
    await page.goto(`${server!.baseUrl}/tender-notice/${encodeURIComponent(tender.id)}`);

    await page.getByRole('heading', { level: 1, name: tender.title }).waitFor();
    expect(await page.getByTestId('tender-status').textContent()).toBe(statusLabel(tender.status));
    const countdown = closingCountdown(tender.closing_date);
    if (countdown) expect(await page.getByTestId('closing-countdown').textContent()).toBe(countdown.label);
    const description = (await page.getByTestId('tender-description').textContent()) ?? '';
    if (tender.description?.trim())
      expect(description.replace(/\s+/g, ' ')).toContain(tender.description.trim().slice(0, 40).replace(/\s+/g, ' '));
    else expect(description).toBe('No description provided');
    expect(
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Search' })
        .getAttribute('href'),
    ).toBe('/');

    const summary = page.getByTestId('ai-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await page.getByText('BreezeAI is analyzing this tender...').count()).toBe(0);
    const marker = summary.getByRole('button', { name: /^Source \d+:/ }).first();
    await marker.waitFor();
    expect(await marker.getAttribute('aria-expanded')).toBe('false');
    const quoteId = await marker.getAttribute('aria-controls');
    const quote = page.locator(`[id="${quoteId}"]`);
    expect(await quote.isVisible()).toBe(false);
    await marker.click();
    expect(await marker.getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: '/tmp/breeze-tender-detail.png', fullPage: true });
    await quote.waitFor({ state: 'visible' });
    expect((await quote.textContent())?.trim().length).toBeGreaterThan(5);
    await page.mouse.move(0, 0); // leaving keeps a tapped quote open
    expect(await quote.isVisible()).toBe(true);
    await marker.click();
    await quote.waitFor({ state: 'hidden' });
    await page.close();
  });

  test('sends a signed-out visitor to sign in', async () => {
    const tender = await openTender();
    const guest = await browser!.newContext({ locale: 'en-CA' });
    try {
      const page = await guest.newPage();
      page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
      await page.goto(`${server!.baseUrl}/tender-notice/${encodeURIComponent(tender.id)}`);
      await page.waitForURL('**/sign-in**');
    } finally {
      await guest.close();
    }
  });

  test('says Tender Not Found for an unknown id', async () => {
    const page = await newPage();
    await page.goto(`${server!.baseUrl}/tender-notice/${UNKNOWN_ID}`);
    await page.getByRole('heading', { name: 'Tender Not Found' }).waitFor();
    await page.getByText('The requested tender could not be found.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/');
    await page.close();
  });
});
