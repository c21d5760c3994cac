import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CitedField, citedFieldText, type TenderSummary } from '@app/shared/ai';
import type { Tender, TenderVersion } from '@app/shared/tender';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  formatTenderDate,
  formatTenderDateTime,
  unspscEntries,
} from '../src/features/tenders/components/tender-detail/tender-format.ts';
import enTender from '../src/locales/en/tender.json' with { type: 'json' };
import { chooseLanguage, DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { insertTenders, torontoMidday, torontoMidnight } from './db-fixtures.ts';
import { repoRoot } from './paths.ts';
import { callApi, onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

const UNKNOWN_ID = 'no-such-tender-e2e';
/** A real notice of the CanadaBuys sample (first row): Statistics Canada, "Work Surface Products". */
const KNOWN_REF = 'cb-449-47582539';
const HOSTILE_REF = 'cb-999-00000001';
const NEW_TAB = ' (opens in a new tab)';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
const signedInPage = signedInPages(browser, () => session);
let server: RunningServer;
let session: Session;
let userId = '';

type Row = Record<string, string>;
const rows: Row[] = parse(readFileSync(CANADABUYS_SAMPLE, 'utf8'), { columns: true, bom: true });
const header = Object.keys(rows[0]!);
const col = (name: string) => header.find((h) => h.startsWith(name))!;
const known = rows.find((r) => r[col('referenceNumber')] === KNOWN_REF)!;

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
const toCsv = (list: Row[]) =>
  [header, ...list.map((r) => header.map((h) => r[h] ?? ''))].map((r) => r.map(quote).join(',')).join('\r\n');

function ingest(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ingest.ts', file], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: `file:${server.dbFile}`, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ingest exited ${code}\n${out}`))));
  });
}

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  const page = await browser.newPage();
  session = await onboardedSession(page, server, 'Detail Test Supplies');
  userId = session.userId;
  await page.context().close();
});

afterAll(async () => {
  await server?.stop();
});

async function getTender(id: string): Promise<Tender> {
  const res = await fetch(`${server.baseUrl}/api/tender-notice/${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  const tender = (await res.json()) as Tender | null;
  expect(tender, id).not.toBeNull();
  return tender!;
}

/** An open tender with a description, so BreezeAI has sentences to cite. */
async function openTender(): Promise<Tender> {
  const res = await fetch(`${server.baseUrl}/api/tenders/getOpenTenderNoticesFromDB?limit=20`);
  const tenders = (await res.json()) as Tender[];
  return tenders.find((t) => (t.description?.trim().length ?? 0) > 80) ?? tenders[0]!;
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const detailUrl = (id: string) => `${server.baseUrl}/tender-notice/${encodeURIComponent(id)}`;

describe('tender detail', () => {
  test('shows every field of a known real CanadaBuys notice', async () => {
    const tender = await getTender(KNOWN_REF);
    // The record is the sample row (the real values, not whatever the database happens to hold).
    expect(tender.title).toBe(known[col('title-titre-eng')]);
    expect(tender.contracting_entity_name).toBe('Statistics Canada');
    expect(tender.contact_email).toBe(known[col('contactInfoEmail')]);

    const page = await signedInPage();
    await page.goto(detailUrl(KNOWN_REF));
    await page.getByRole('heading', { level: 1, name: 'Work Surface Products' }).waitFor();
    expect(await text(page, 'tender-status')).toBe('Status: Closed');
    expect(await page.getByTestId('tender-status').getAttribute('class')).toContain('td-badge--red');
    expect(await text(page, 'tender-type')).toBe(`Procurement type: ${tender.procurement_type}`);
    expect(tender.procurement_type).toBe('Request for Proposal');
    expect(await text(page, 'tender-entity')).toBe('Statistics Canada');
    expect(await text(page, 'tender-location')).toBe('Ottawa, Ontario');
    expect(await text(page, 'tender-published')).toBe(formatTenderDate(tender.published_date));
    expect(await text(page, 'tender-published')).toBe('December 9, 2024');
    expect(await text(page, 'tender-closing')).toBe(formatTenderDateTime(tender.closing_date));
    expect(await text(page, 'closing-countdown')).toBe('Closed');
    expect(await text(page, 'tender-reference')).toBe(tender.source_reference);
    expect(tender.source_reference).toBe(known[col('solicitationNumber')]);

    const description = squash(await text(page, 'tender-description'));
    expect(description).toContain('Notice of Proposed Procurement (NPP)');
    expect(description).toContain(squash(tender.description!).slice(0, 200));

    expect(await text(page, 'tender-method')).toBe(tender.procurement_method);
    expect(await text(page, 'tender-category')).toBe('Goods');
    expect(await text(page, 'tender-gsin')).toBe('Not specified');
    expect(await page.getByTestId('tender-unspsc').getByRole('listitem').allTextContents()).toEqual(
      unspscEntries(tender.unspsc, tender.unspsc_description),
    );
    expect(await text(page, 'tender-unspsc')).toContain('56101700');
    expect(await text(page, 'tender-delivery')).toBe(tender.delivery_location ?? 'Not specified');
    expect(await text(page, 'tender-start')).toBe('January 3, 2025');

    expect(await text(page, 'tender-contact-name')).toBe('Abbas Khokhar');
    const mail = page.getByTestId('tender-contact-email').getByRole('link');
    expect(await mail.getAttribute('href')).toBe('mailto:abbas.khokhar@achatscanadabuys.ca');
    const phone = page.getByTestId('tender-contact-phone').getByRole('link');
    expect(await phone.textContent()).toBe('(343) 548-1422');
    expect(await phone.getAttribute('href')).toBe('tel:3435481422');
    expect(await text(page, 'tender-entity-location')).toBe(
      ['Ottawa', 'Ontario', tender.contracting_entity_country].filter(Boolean).join(', '),
    );

    if (tender.source_url) {
      expect(await page.getByTestId('tender-source-link').getAttribute('href')).toBe(tender.source_url);
      const official = page.getByRole('link', { name: `View Official Notice${NEW_TAB}` });
      expect(await official.getAttribute('href')).toBe(tender.source_url);
      expect(await official.getAttribute('target')).toBe('_blank');
    }
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Search' });
    expect(await crumb.getAttribute('href')).toBe('/search');
    await page.getByRole('button', { name: 'Bookmark Tender' }).waitFor();
  });

  test('an open tender shows a cited BreezeAI summary', async () => {
    const tender = await openTender();
    const page = await signedInPage();
    await page.goto(detailUrl(tender.id));
    await page.getByRole('heading', { level: 1, name: tender.title }).waitFor();

    const summary = page.getByTestId('ai-summary');
    await summary.waitFor({ timeout: 30_000 });
    const marker = summary.getByRole('button', { name: /^Source \d+:/ }).first();
    await marker.waitFor();
    expect(await marker.getAttribute('aria-expanded')).toBe('false');
    const quote = page.locator(`[id="${await marker.getAttribute('aria-controls')}"]`);
    await marker.click();
    await quote.waitFor({ state: 'visible' });
    await marker.click();
    await quote.waitFor({ state: 'hidden' });

    // Every citation shown quotes the tender as stored: its popup's text is in the field it names.
    const fieldOf = Object.fromEntries(
      Object.entries(enTender.ai.fields).map(([field, label]) => [label, field]),
    ) as Record<string, CitedField>;
    const markers = summary.getByRole('button', { name: /^Source \d+:/ });
    const count = await markers.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const fields = new Set<string>();
    for (let i = 0; i < count; i++) {
      const m = markers.nth(i);
      const label = /^Source \d+: (.+)$/.exec((await m.getAttribute('aria-label')) ?? '')?.[1] ?? '';
      const field = fieldOf[label];
      expect(field, label).toBeDefined();
      await m.click();
      const popup = page.locator(`[id="${await m.getAttribute('aria-controls')}"]`);
      await popup.waitFor({ state: 'visible' });
      const quoted = (await popup.locator('q').textContent()) ?? '';
      expect(quoted.trim().length, label).toBeGreaterThan(0);
      expect(citedFieldText(tender, field!), `${label}: ${quoted}`).toContain(quoted);
      fields.add(field!);
      await m.click();
    }
    // The summary quotes the notice's own text, not only its coded fields.
    expect(fields.has('description')).toBe(true);
  });

  test('bookmark toggle and share (copy the address with feedback)', async () => {
    const tender = await openTender();
    const page = await signedInPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.goto(detailUrl(tender.id));
    const action = page.getByTestId('bookmark-action');
    await expect.poll(() => action.textContent()).toBe('Bookmark Tender');
    const bookmarks = async () =>
      (
        (await (await page.request.get(`${server.baseUrl}/api/bookmarks/user/${userId}`)).json()) as {
          bookmarks: Array<{ tender_notice_id: string }>;
        }
      ).bookmarks.map((b) => b.tender_notice_id);

    await action.click();
    await expect.poll(() => action.textContent()).toBe('Bookmarked');
    expect(await page.getByTestId('bookmark-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(await bookmarks()).toContain(tender.id);
    await page.getByTestId('bookmark-toggle').click();
    await expect.poll(() => action.textContent()).toBe('Bookmark Tender');
    expect(await bookmarks()).not.toContain(tender.id);

    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.getByTestId('share-note').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('amendment history after an amended copy is ingested, and hostile HTML shown inert', async () => {
    const before = await getTender(KNOWN_REF);
    const amended: Row = {
      ...known,
      [col('amendmentNumber')]: '001',
      [col('amendmentDate')]: '2024-12-12',
      [col('title-titre-eng')]: 'Work Surface Products (amended)',
      [col('tenderClosingDate')]: '2025-01-10T14:00:00',
    };
    const hostile: Row = {
      ...rows[1]!,
      [col('referenceNumber')]: HOSTILE_REF,
      [col('solicitationNumber')]: 'HOSTILE-1',
      [col('title-titre-eng')]: 'Hostile markup notice',
      [col('tenderDescription-descriptionAppelOffres-eng')]:
        'Intro <img src=x onerror="window.__pwned=1"> middle <b>bold</b><script>window.__pwned=2</script> end',
    };
    const dir = mkdtempSync(join(tmpdir(), 'breeze-amend-'));
    try {
      const file = join(dir, 'amended.csv');
      writeFileSync(file, toCsv([amended, hostile]));
      await ingest(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const after = await getTender(KNOWN_REF);
    expect(after.title).toBe('Work Surface Products (amended)');
    expect(after.amendment_number).toBe(1);
    const versions = (await (
      await fetch(`${server.baseUrl}/api/tenders/${KNOWN_REF}/versions`)
    ).json()) as TenderVersion[];
    expect(versions.length).toBe(1);
    expect(versions[0]!.title).toBe(before.title);

    const page = await signedInPage();
    await page.goto(detailUrl(KNOWN_REF));
    await page.getByRole('heading', { level: 1, name: 'Work Surface Products (amended)' }).waitFor();
    const history = page.getByTestId('amendment-history');
    await history.getByRole('heading', { name: 'Amended 1 time' }).waitFor();
    expect(squash((await history.textContent()) ?? '')).toContain(
      `Version ${versions[0]!.amendment_number} — replaced ${formatTenderDate(versions[0]!.replaced_at)}`,
    );
    expect(squash(await text(page, 'amendment-change-title'))).toBe(
      `title: ${before.title} → Work Surface Products (amended)`,
    );
    expect(squash(await text(page, 'amendment-change-closing_date'))).toBe(
      `closing date: ${formatTenderDateTime(before.closing_date)} → ${formatTenderDateTime(after.closing_date)}`,
    );
    await screenshot(page, 'tender-detail-amended');

    const hostilePage = await signedInPage();
    await hostilePage.goto(detailUrl(HOSTILE_REF));
    await hostilePage.getByRole('heading', { level: 1, name: 'Hostile markup notice' }).waitFor();
    const description = hostilePage.getByTestId('tender-description');
    expect(squash((await description.textContent()) ?? '')).toBe('Intro middle bold end');
    expect(await description.locator('img, script, b').count()).toBe(0);
    await hostilePage.waitForTimeout(500);
    expect(await hostilePage.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('in French: texts, the French title and description, the countdown; no axe violations at 1280 and 375 px', async () => {
    const tender = await getTender(KNOWN_REF);
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await signedInPage({ viewport });
      await page.goto(detailUrl(KNOWN_REF));
      await page.getByRole('heading', { level: 1, name: tender.title }).waitFor();
      await page.getByTestId('ai-summary').waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, 'tender-detail');

      const fr = await signedInPage({ viewport });
      await chooseLanguage(fr, 'fr');
      await fr.goto(detailUrl(KNOWN_REF));
      await fr.getByRole('heading', { level: 1, name: tender.title_fr! }).waitFor();
      expect(tender.title_fr).toBe(known[col('title-titre-fra')]);
      expect(await text(fr, 'closing-countdown')).toBe('Fermé');
      expect(await text(fr, 'tender-status')).toBe('Statut: Fermé');
      expect(await text(fr, 'tender-category')).toBe('Biens');
      expect(squash(await text(fr, 'tender-description'))).toContain(squash(tender.description_fr!).slice(0, 80));
      await fr.getByRole('heading', { name: 'Dates importantes' }).waitFor();
      await fr.getByRole('button', { name: 'Ajouter aux favoris' }).waitFor();
      // The French summary itself (not the failure state): the same record the API gives for
      // French, its sentences quoted from the French description.
      const frSummary = fr.getByTestId('ai-summary');
      await frSummary.waitFor({ timeout: 30_000 });
      const expected = (
        await callApi<TenderSummary>(fr, 'POST', '/api/ai/generateTenderSummary', { tenderId: KNOWN_REF, locale: 'fr' })
      ).body;
      expect(expected.locale).toBe('fr');
      const shown = squash((await frSummary.textContent()) ?? '');
      expect(shown).toContain(squash(expected.summary));
      expect(shown).toContain(squash(expected.keyDetails.objective));
      expect(expected.keyDetails.category).toMatch(/^Biens \(GD\)/);
      expect(shown).toContain(squash(expected.keyDetails.category));
      expect(shown).toContain(squash(expected.keyDetails.value));
      expect(expected.keyDetails.value).toBe('Non précisée dans l’avis');
      await frSummary.getByRole('heading', { name: 'Points clés' }).waitFor();
      await frSummary.getByText(/^Priorité (élevée|moyenne|faible)$/).waitFor();
      // Its sentences come from the French description, never the English one.
      const fromText = expected.citations.filter((c) => c.field === 'description' || c.field === 'description_fr');
      expect(fromText.length).toBeGreaterThan(0);
      for (const c of fromText) {
        expect(c.field).toBe('description_fr');
        expect(tender.description_fr!.slice(c.start, c.end)).toBe(c.quote);
      }
      expect(fromText.some((c) => c.item === 'objective')).toBe(true);
      expect(
        await frSummary.getByRole('button', { name: /^Source \d+ : Description \(français\)$/ }).count(),
      ).toBeGreaterThan(0);
      await expectNoAxeViolations(fr);
      expect(await fr.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(fr, 'tender-detail-fr');
    }
  }, 150_000);

  test('countdown texts and urgency for past, today, tomorrow, 7 and 10 days: detail, bookmarks and home agree', async () => {
    // The days are Toronto calendar days (the browser's zone below). Within 5 minutes of
    // midnight there, "today" could turn into "tomorrow" during the test: start after it instead.
    while (Date.parse(torontoMidnight(1)) - Date.now() < 5 * 60_000) await new Promise((r) => setTimeout(r, 30_000));
    const now = Date.now();
    // Later today in Toronto and still ahead when the test ends (it takes about a minute):
    // 20 minutes from now, or a minute before midnight when that is sooner.
    const tonight = Math.min(now + 20 * 60_000, Date.parse(torontoMidnight(1)) - 60_000);
    const fixtures = [
      { id: 'e2e-cd-past', title: 'Countdown fixture closed an hour ago', closing: new Date(now - 3_600_000) },
      { id: 'e2e-cd-today', title: 'Countdown fixture closing tonight', closing: new Date(tonight) },
      { id: 'e2e-cd-tomorrow', title: 'Countdown fixture closing tomorrow', closing: new Date(torontoMidday(1)) },
      { id: 'e2e-cd-7', title: 'Countdown fixture closing in a week', closing: new Date(torontoMidday(7)) },
      { id: 'e2e-cd-10', title: 'Countdown fixture closing in ten days', closing: new Date(torontoMidday(10)) },
    ];
    insertTenders(
      server,
      fixtures.map((f) => ({
        id: f.id,
        title: f.title,
        closing_date: f.closing.toISOString(),
        region_keys: '|Ontario|',
      })),
    );
    // Spec §4, written out: the text, and the urgency (today, tomorrow or 7 days or fewer).
    const expected: Record<string, { text: string; urgency: 'closed' | 'urgent' | 'open' }> = {
      'e2e-cd-past': { text: 'Closed', urgency: 'closed' },
      'e2e-cd-today': { text: '⚠ Closes today', urgency: 'urgent' },
      'e2e-cd-tomorrow': { text: '⚠ Closes tomorrow', urgency: 'urgent' },
      'e2e-cd-7': { text: '⚠ 7 days remaining', urgency: 'urgent' },
      'e2e-cd-10': { text: '10 days remaining', urgency: 'open' },
    };

    const page = await signedInPage({ timezoneId: 'America/Toronto' });
    for (const f of fixtures) {
      await page.goto(detailUrl(f.id));
      await page.getByRole('heading', { level: 1, name: f.title }).waitFor();
      const badge = page.getByTestId('closing-countdown');
      expect(await badge.textContent(), f.id).toBe(expected[f.id]!.text);
      expect(await badge.getAttribute('class'), f.id).toContain(`countdown--${expected[f.id]!.urgency}`);
      expect(await badge.getAttribute('data-urgency')).toBe(expected[f.id]!.urgency);
      if (f.id === 'e2e-cd-past') expect(await text(page, 'tender-status')).toBe('Status: Closed');
    }
    // The styles differ by urgency (the colour is what the class is for).
    await page.goto(detailUrl('e2e-cd-10'));
    const open = await page.getByTestId('closing-countdown').evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(detailUrl('e2e-cd-7'));
    const urgent = await page.getByTestId('closing-countdown').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(urgent).not.toBe(open);
    await expectNoAxeViolations(page);

    // The same texts on the bookmarks list, and the urgent ones on the home page, soonest first.
    for (const f of fixtures) {
      const res = await page.request.post(`${server.baseUrl}/api/bookmarks`, {
        data: { userId, tender_notice_id: f.id },
        headers: { origin: server.baseUrl },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto(`${server.baseUrl}/bookmarks`);
    for (const f of fixtures) {
      const item = page.locator(`[data-testid="bookmark-item"][data-tender-id="${f.id}"]`);
      await item.waitFor();
      expect(await item.getByTestId('closing-countdown').textContent(), f.id).toBe(expected[f.id]!.text);
    }
    await page.goto(`${server.baseUrl}/home`);
    const urgentList = page
      .getByTestId('urgent-deadlines')
      .getByRole('listitem')
      .filter({ hasText: 'Countdown fixture' });
    await expect.poll(() => urgentList.count()).toBe(3);
    const rows = await urgentList.evaluateAll((els) =>
      els.map((el) => [
        el.querySelector('a')?.textContent,
        el.querySelector('[data-testid="closing-countdown"]')?.textContent,
      ]),
    );
    expect(rows).toEqual([
      ['Countdown fixture closing tonight', '⚠ Closes today'],
      ['Countdown fixture closing tomorrow', '⚠ Closes tomorrow'],
      ['Countdown fixture closing in a week', '⚠ 7 days remaining'],
    ]);

    // In French.
    const fr = await signedInPage({ timezoneId: 'America/Toronto' });
    await chooseLanguage(fr, 'fr');
    await fr.goto(detailUrl('e2e-cd-tomorrow'));
    await fr.getByRole('heading', { level: 1, name: 'Countdown fixture closing tomorrow' }).waitFor();
    expect(await text(fr, 'closing-countdown')).toBe('⚠ Ferme demain');
    await fr.goto(detailUrl('e2e-cd-10'));
    await expect.poll(() => text(fr, 'closing-countdown')).toBe('10 jours restants');

    // Leave the bookmarks as they were for the other tests.
    for (const f of fixtures) {
      await page.request.delete(`${server.baseUrl}/api/bookmarks/${userId}/${f.id}`, {
        headers: { origin: server.baseUrl },
      });
    }
  }, 420_000);

  test('the loading, error and unexpected-error pages (spec §2, §8)', async () => {
    insertTenders(server, [{ id: 'e2e-states', title: 'Loading state fixture', closing_date: torontoMidday(20) }]);
    const page = await signedInPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tender-notice/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(detailUrl('e2e-states'));
    await page.getByText('Loading tender details...').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Loading state fixture' }).waitFor();
    expect(await page.getByText('Loading tender details...').count()).toBe(0);

    // The API fails: 'Error Loading Tender' with spec §8's text and 'Back to Search'.
    const failing = await signedInPage();
    await failing.route('**/api/tender-notice/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          code: 'internal_error',
          error: 'Service Unavailable',
          message: 'down',
        }),
      }),
    );
    await failing.goto(detailUrl('e2e-states'));
    await failing.getByRole('heading', { level: 1, name: 'Error Loading Tender' }).waitFor({ timeout: 20_000 });
    await failing.getByText('Failed to load tender details', { exact: true }).waitFor();
    const back = failing.getByRole('link', { name: 'Back to Search' });
    expect(await back.getAttribute('href')).toBe('/search');
    await expectNoAxeViolations(failing);
    browser.clearPageErrors(/status of 503/);
    await back.click();
    await failing.waitForURL('**/search');

    // Not an API error (an answer that is not JSON): spec §8's 'An unexpected error occurred',
    // never the exception's own text.
    const broken = await signedInPage();
    await broken.route('**/api/tender-notice/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '<html>not json' }),
    );
    await broken.goto(detailUrl('e2e-states'));
    await broken.getByRole('heading', { level: 1, name: 'Error Loading Tender' }).waitFor({ timeout: 20_000 });
    await broken.getByText('An unexpected error occurred', { exact: true }).waitFor();
    expect(await broken.locator('main').textContent()).not.toMatch(/JSON|Unexpected token|SyntaxError/);
    expect(await broken.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search');
  }, 90_000);

  test('French: the source’s French procurement type, method, organization, delivery and UNSPSC texts', async () => {
    const tender = await getTender(KNOWN_REF);
    const page = await signedInPage();
    await chooseLanguage(page, 'fr');
    await page.goto(detailUrl(KNOWN_REF));
    await page.getByRole('heading', { level: 1, name: tender.title_fr! }).waitFor();
    // Straight from the sample file's French columns.
    expect(await text(page, 'tender-type')).toBe(`Type d'approvisionnement: ${known[col('noticeType-avisType-fra')]}`);
    expect(await text(page, 'tender-method')).toBe(known[col('procurementMethod-methodeApprovisionnement-fra')]);
    expect(await text(page, 'tender-entity')).toBe(known[col('contractingEntityName-nomEntitContractante-fra')]);
    expect(await text(page, 'tender-organization')).toBe('Statistique Canada');
    expect(await text(page, 'tender-delivery')).toBe('Région de la capitale nationale (RCN)');
    expect(await page.getByTestId('tender-unspsc').getByRole('listitem').allTextContents()).toEqual([
      '56101700 — Mobilier de bureau',
    ]);
    // And the English ones in English.
    const en = await signedInPage();
    await en.goto(detailUrl(KNOWN_REF));
    await en.getByRole('heading', { level: 1, name: tender.title }).waitFor();
    expect(await text(en, 'tender-method')).toBe('Competitive - Open bidding');
    expect(await text(en, 'tender-organization')).toBe('Statistics Canada');
    expect(await en.getByTestId('tender-unspsc').getByRole('listitem').allTextContents()).toEqual([
      '56101700 — Office furniture',
    ]);
  });

  test('Tender Not Found for an unknown id; signed-out visitors go to sign in', async () => {
    const page = await signedInPage();
    await page.goto(detailUrl(UNKNOWN_ID));
    await page.getByRole('heading', { name: 'Tender Not Found' }).waitFor();
    await page.getByText('The requested tender could not be found.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search');
    await expectNoAxeViolations(page);
    await screenshot(page, 'tender-not-found');
    // Chromium logs the 404 of the fallback lookup by id (spec §4 lookup order).
    browser.clearPageErrors(/the server responded with a status of 404/);

    const guest = await browser.newPage();
    await guest.goto(detailUrl(KNOWN_REF));
    await guest.waitForURL('**/sign-in**');
  });
});
