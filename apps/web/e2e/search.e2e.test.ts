import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { SearchResponse } from '@app/shared/tender';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, sleep, startServer } from './start-server.ts';

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
const SCREENSHOT = '/tmp/breeze-first-page.png';
const NONSENSE = 'qxzvbnm wqplkjhg';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
/** Console errors and uncaught exceptions of the page under test; any one fails the test. */
let pageErrors: string[] = [];

/** The landing page's hero search shows the total and the first titles (issue 4). */
const PREVIEW_SIZE = 3;

async function search(q: string): Promise<SearchResponse> {
  const res = await fetch(`${server?.baseUrl}/api/tenders/searchTenders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q, limit: PREVIEW_SIZE }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

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

async function submitSearch(page: Page, q: string) {
  await page.getByRole('searchbox', { name: 'Search tenders' }).fill(q);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const resultTitles = (page: Page) => page.getByTestId('hero-search-titles').getByRole('listitem');

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
  await server?.stop(); // only if a test failed before the shutdown test ran
});

describe('first page', () => {
  test('shows the live count of open tenders and the demo-data notice', async () => {
    const { stats } = server!;
    const page = await openPage('/');
    await expect(page.title()).resolves.toContain('Breeze');
    const count = page.getByTestId('open-tenders-count');
    await count.waitFor();
    expect(await count.textContent()).toBe(new Intl.NumberFormat('en-CA').format(stats.open_tenders));

    const notice = page.getByRole('note');
    if (stats.demo_data) {
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Demo data: these tenders are generated examples, not real notices');
    } else {
      expect(await notice.count()).toBe(0);
    }
  });

  test('searches and shows the total and the first tenders of the API, in the same order', async () => {
    const expected = await search('construction');
    expect(expected.results.length).toBeGreaterThan(0);

    const page = await openPage('/');
    await submitSearch(page, 'construction');
    await resultTitles(page).first().waitFor();

    expect(await resultTitles(page).allTextContents()).toEqual(expected.results.map((r) => r.title));
    expect(new URL(page.url()).searchParams.get('q')).toBe('construction');
    const plus = expected.search_metadata.total_is_lower_bound ? '+' : '';
    expect(await page.getByTestId('hero-search-total').textContent()).toBe(
      `${new Intl.NumberFormat('en-CA').format(expected.total_results)}${plus}`,
    );
    await page.screenshot({ path: SCREENSHOT });
  });

  test('says that no open tender matches a query nothing matches', async () => {
    expect((await search(NONSENSE)).total_results).toBe(0);

    const page = await openPage('/');
    await submitSearch(page, NONSENSE);
    await page.getByText(`No open tender matches “${NONSENSE}” today.`, { exact: false }).waitFor();
  });

  test('does nothing for a blank query', async () => {
    const page = await openPage('/');
    await submitSearch(page, '   ');
    await page.getByTestId('open-tenders-count').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByText('Searching contracts...').count()).toBe(0);
    expect(await page.getByTestId('search-preview').count()).toBe(0);
  });

  test('fits a 375 px phone screen without sideways scrolling', async () => {
    const page = await openPage('/?q=construction', { width: 375, height: 812 });
    await resultTitles(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-mobile.png') });
  });
});

/**
 * A search sent with `Expect: 100-continue`: once the server has answered "100 Continue"
 * (`accepted`), it has routed the request and waits for the body, which `send` writes.
 */
function searchAwaitingBody(baseUrl: string, body: string) {
  const req = request(new URL('/api/tenders/searchTenders', baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: baseUrl,
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', reject);
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
  });
  req.flushHeaders();
  return { accepted, response, send: () => req.end(body) };
}

/** Resolves once the server no longer accepts connections (it has begun to close). */
async function untilRefused(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const refused = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
      () => false,
      () => true,
    );
    if (refused) return;
    await sleep(50);
  }
  throw new Error(`${baseUrl} still accepted connections 10 s after SIGTERM`);
}

describe('server', () => {
  test('shuts down gracefully on SIGTERM: a request in flight is answered, the database is closed', async () => {
    const running = server!;
    server = undefined;
    const inFlight = searchAwaitingBody(running.baseUrl, JSON.stringify({ q: 'services', limit: 5 }));
    await inFlight.accepted;
    let leftBehind: string[] = [];
    const stopped = running.stop(() => {
      // SQLite removes the WAL and shared-memory files when its last connection closes.
      leftBehind = ['-wal', '-shm'].filter((suffix) => existsSync(`${running.dbFile}${suffix}`));
    });
    await untilRefused(running.baseUrl); // closing: no new connection is accepted
    inFlight.send();
    const answer = await inFlight.response;
    expect(answer.status, answer.text).toBe(200);
    expect((JSON.parse(answer.text) as SearchResponse).results.length).toBeGreaterThan(0);
    expect(await stopped, running.output()).toBe(0);
    expect(leftBehind).toEqual([]);
  });
});
