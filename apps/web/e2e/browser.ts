import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { repoRoot } from './paths.ts';

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

/** Where the e2e run saves screenshots (gitignored; CI keeps them as artifacts). */
export const SCREENSHOT_DIR = join(repoRoot, 'artifacts', 'screenshots');

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 800 } as const;

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Browser locale; the app picks French for fr-CA unless a choice is stored. */
  locale?: string;
  /** The browser's time zone (IANA), e.g. America/Toronto; the machine's when omitted. */
  timezoneId?: string;
}

/**
 * One Chromium for the test file, a fresh context per test, and a guard that fails the test on any
 * console error or uncaught exception of the page. Call once at the top of an e2e file.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const errors = pageErrors;
    pageErrors = [];
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    /** A new page in a new context (no shared cookies or storage), not yet navigated. */
    async newPage({ viewport = DESKTOP, locale = 'en-CA', timezoneId }: OpenOptions = {}): Promise<Page> {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call inside a test)');
      const context = await browser.newContext({ viewport, locale, ...(timezoneId && { timezoneId }) });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') pageErrors.push(`console.error: ${msg.text()} (${page.url()})`);
      });
      page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message} (${page.url()})`));
      return page;
    },
    /** Errors a test expects (e.g. a 4xx it provokes) can be dropped before the guard runs. */
    clearPageErrors(match: RegExp) {
      pageErrors = pageErrors.filter((e) => !match.test(e));
    },
  };
}

/** Zero axe-core violations of the WCAG 2.0/2.1 A and AA rules on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Saves a full-page screenshot as `artifacts/screenshots/<name>-<width>.png`. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Stores the language choice before the app starts, as the language switch would. */
export async function chooseLanguage(page: Page, language: 'en' | 'fr') {
  await page.addInitScript((lng) => window.localStorage.setItem('breeze-language', lng), language);
}
