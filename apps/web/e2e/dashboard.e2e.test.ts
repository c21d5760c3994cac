import type { ActivityList } from '@app/shared/activity';
import type { RecommendationPage } from '@app/shared/ai';
import type { Dashboard } from '@app/shared/dashboard';
import type { Tender } from '@app/shared/tender';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { type FixtureTender, insertTenders, torontoMidday, torontoMidnight } from './db-fixtures.ts';
import { repoRoot } from './paths.ts';
import { callApi, onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const b = useBrowser();
const signedInPage = signedInPages(b, () => session);
let server: RunningServer;
/** One onboarded user (consulting, Business Consulting, Alberta: see signUpOnboarded) for the file. */
let session: Session;
let userId: string;

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  const page = await b.newPage();
  session = await onboardedSession(page, server, 'Prairie Dashboard Consulting');
  userId = session.userId;
});

afterAll(async () => {
  await server?.stop();
});

function db() {
  return new Database(server.dbFile, { readonly: true, fileMustExist: true });
}

/** Open tenders (as the server counts them) closing between `fromDays` and `toDays` from now. */
function openTendersClosing(fromDays: number, toDays: number, limit: number) {
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const d = db();
  try {
    return d
      .prepare(
        `SELECT id, title, closing_date FROM tender WHERE status IN ('Open','Active')
         AND closing_date > ? AND closing_date <= ? ORDER BY closing_date, id LIMIT ?`,
      )
      .all(at(fromDays), at(toDays), limit) as { id: string; title: string; closing_date: string }[];
  } finally {
    d.close();
  }
}

async function tileValue(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`tile-${key}`).getByTestId('tile-value').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describe('home dashboard', () => {
  test('the stat tiles and urgent deadlines are computed: equal to /api/dashboard and to the database', async () => {
    // New this week for a Business Consulting firm in Alberta (the profile of signUpOnboarded):
    // two that fit, and three that do not (elsewhere, another service's code, published earlier).
    const today = new Date().toISOString().slice(0, 10);
    const fixture = (id: string, extra: Partial<FixtureTender>): FixtureTender => ({
      id,
      title: `New tender fixture ${id}`,
      published_date: today,
      closing_date: torontoMidday(30),
      ...extra,
    });
    insertTenders(server, [
      fixture('e2e-new-fit-1', { unspsc: '80101500', region_keys: '|Alberta|' }),
      fixture('e2e-new-fit-2', { gsin: 'R019BB', region_keys: '|Alberta|Saskatchewan|' }),
      fixture('e2e-new-elsewhere', { unspsc: '80101500', region_keys: '|Ontario|' }),
      fixture('e2e-new-uncoded', { unspsc: '72101500', region_keys: '|Alberta|' }),
      fixture('e2e-new-old', {
        unspsc: '80101500',
        region_keys: '|Alberta|',
        published_date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      }),
    ]);

    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Prairie Dashboard Consulting' }).waitFor();

    // Two bookmarks closing this week, one later, one archived.
    const soon = openTendersClosing(0.05, 6.5, 2);
    const later = openTendersClosing(9, 60, 2);
    expect(soon).toHaveLength(2);
    expect(later).toHaveLength(2);
    for (const t of [...soon, ...later]) {
      const res = await callApi(page, 'POST', '/api/bookmarks', { userId, tender_notice_id: t.id });
      expect(res.status).toBe(201);
    }
    const archivedId = later[1]!.id;
    expect(
      (await callApi(page, 'PATCH', `/api/bookmarks/${userId}/${archivedId}`, { status: 'archived' })).status,
    ).toBe(200);

    await page.reload();
    await page.getByTestId('tile-saved').waitFor();
    const api = (await callApi<Dashboard>(page, 'GET', '/api/dashboard')).body;

    const d = db();
    const savedInDb = (
      d.prepare(`SELECT COUNT(*) n FROM bookmark WHERE user_id = ? AND status = 'active'`).get(userId) as { n: number }
    ).n;
    // Deadlines: closing from now to the end of the 7th calendar day after today, Eastern time.
    const weekInDb = d
      .prepare(
        `SELECT b.tender_id id FROM bookmark b JOIN tender t ON t.id = b.tender_id
         WHERE b.user_id = ? AND b.status = 'active' AND t.status IN ('Open','Active')
         AND t.closing_date > ? AND t.closing_date < ?`,
      )
      .all(userId, new Date().toISOString(), torontoMidnight(8)) as { id: string }[];
    // New tenders (ADR 0011): open, published on or after the UTC day 7 days ago, a code of
    // Business Consulting (its prefixes in the service map: UNSPSC 8010, 8016, 801015, 8012; GSIN
    // R019, R0, R4) and in Alberta.
    const code = (col: string, p: string) => `(${col} LIKE '${p}%' OR ${col} LIKE '%, ${p}%')`;
    const newInDb = d
      .prepare(
        `SELECT id FROM tender WHERE status IN ('Open','Active') AND (closing_date IS NULL OR closing_date > ?)
         AND published_date >= ? AND region_keys LIKE '%|Alberta|%'
         AND (${[
           ...['8010', '8016', '801015', '8012'].map((p) => code('unspsc', p)),
           ...['R019', 'R0', 'R4'].map((p) => code('gsin', p)),
         ].join(' OR ')})`,
      )
      .all(new Date().toISOString(), new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)) as {
      id: string;
    }[];
    d.close();
    const newIds = newInDb.map((r) => r.id);
    expect(newIds).toEqual(expect.arrayContaining(['e2e-new-fit-1', 'e2e-new-fit-2']));
    for (const id of ['e2e-new-elsewhere', 'e2e-new-uncoded', 'e2e-new-old']) expect(newIds).not.toContain(id);

    expect(savedInDb).toBe(3);
    expect(api.saved).toBe(savedInDb);
    expect(await tileValue(page, 'saved')).toBe(savedInDb);
    expect(weekInDb.map((r) => r.id).sort()).toEqual(soon.map((t) => t.id).sort());
    expect(api.deadlinesThisWeek).toBe(weekInDb.length);
    expect(await tileValue(page, 'deadlines')).toBe(weekInDb.length);
    expect(api.newThisWeek).toBe(newInDb.length);
    expect(await tileValue(page, 'new')).toBe(newInDb.length);
    // No alert yet: the Active alerts tile counts real alerts (alerts.e2e.test.ts creates some).
    expect(await tileValue(page, 'alerts')).toBe(0);
    expect(api.activeAlerts).toBe(0);
    await expect
      .poll(() => page.getByTestId('tile-alerts').textContent())
      .toContain('Saved searches that email you new tenders');

    // Urgent Deadlines: the two bookmarks closing within 7 days, soonest first, each opening its tender.
    const urgent = page.getByTestId('urgent-deadlines').getByRole('link');
    expect(await urgent.allTextContents()).toEqual(api.urgentDeadlines.map((u) => u.title));
    expect(api.urgentDeadlines.map((u) => u.id)).toEqual(soon.map((t) => t.id));

    await expectNoAxeViolations(page);
    await screenshot(page, 'home-dashboard');
    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'home-dashboard');

    await urgent.first().click();
    await page.waitForURL(`**/tender-notice/${encodeURIComponent(soon[0]!.id)}`);
  });

  test('Recommended for You lists tenders that fit the profile, with the API’s scores and reasons', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home`);
    const panel = page.getByRole('tabpanel', { name: 'Recommended for You' });
    await panel.getByTestId('recommendation').first().waitFor();
    const api = (await callApi<RecommendationPage>(page, 'GET', '/api/recommendations?page=1&limit=10&locale=en')).body;
    expect(api.results.length).toBeGreaterThan(0);

    const cards = panel.getByTestId('recommendation');
    expect(await cards.count()).toBe(api.results.length);
    for (const [i, rec] of api.results.entries()) {
      const card = cards.nth(i);
      expect(await card.getAttribute('data-tender-id')).toBe(rec.id);
      expect(await card.getByTestId('match-score').textContent()).toBe(`${rec.relevanceScore}% match`);
      expect(await card.getByTestId('match-reasons').locator('li').allTextContents()).toEqual(rec.reasons);
      // Fits the profile: Business Consulting, or Alberta, in the reasons and in the tender itself.
      expect(rec.reasons.join(' ')).toMatch(/consult|Alberta/i);
      // Read from the database (the API would record a view of each).
      const d = db();
      const tender = d
        .prepare(
          'SELECT title, description, unspsc, unspsc_description, gsin, gsin_description, status FROM tender WHERE id = ?',
        )
        .get(rec.id) as Pick<
        Tender,
        'title' | 'description' | 'unspsc' | 'unspsc_description' | 'gsin' | 'gsin_description' | 'status'
      >;
      d.close();
      const text = [tender.title, tender.description, tender.unspsc_description, tender.gsin_description]
        .join(' ')
        .toLowerCase();
      // Business Consulting is UNSPSC 8010/8012/8016 or GSIN R0/R4, or consulting words in the notice.
      const coded = /^80(10|12|16)/.test(tender.unspsc ?? '') || /^R[04]/.test(tender.gsin ?? '');
      const worded = /consult|advisory|business analysis|organizational review|evaluation|strateg|conseil/.test(text);
      expect(coded || worded, `${rec.id} does not fit Business Consulting`).toBe(true);
      expect(['Open', 'Active']).toContain(tender.status);
    }
    // Sorted by score.
    const scores = api.results.map((r) => r.relevanceScore);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(await panel.getByRole('link', { name: 'Browse all tenders' }).getAttribute('href')).toBe('/tenders');

    // A recommendation opens its tender.
    await cards.first().getByRole('link').click();
    await page.waitForURL(`**/tender-notice/${encodeURIComponent(api.results[0]!.id)}`);
  });

  test('the scores and reasons change when the profile changes', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home`);
    const first = page.getByTestId('recommendation').first();
    await first.waitFor();
    const before = (await callApi<RecommendationPage>(page, 'GET', '/api/recommendations?page=1&limit=10&locale=en'))
      .body;

    const profile = {
      id: userId,
      primary_services: ['Cybersecurity', 'Software Development'],
      service_regions: ['Ontario'],
    };
    expect((await callApi(page, 'POST', '/api/profile', profile)).status).toBe(200);
    const after = (await callApi<RecommendationPage>(page, 'GET', '/api/recommendations?page=1&limit=10&locale=en'))
      .body;
    expect(after.results.map((r) => [r.id, r.relevanceScore])).not.toEqual(
      before.results.map((r) => [r.id, r.relevanceScore]),
    );

    await page.reload();
    await expect
      .poll(() => page.getByTestId('recommendation').first().getAttribute('data-tender-id'))
      .toBe(after.results[0]!.id);
    expect(
      await page.getByTestId('recommendation').first().getByTestId('match-reasons').locator('li').allTextContents(),
    ).toEqual(after.results[0]!.reasons);
    expect(after.results[0]!.reasons.join(' ')).toMatch(/Cybersecurity|Software|Ontario/);

    // Back to the onboarding profile for the other tests.
    const restore = { id: userId, primary_services: ['Business Consulting'], service_regions: ['Alberta'] };
    expect((await callApi(page, 'POST', '/api/profile', restore)).status).toBe(200);
  });

  test('Recent Activity is the server’s log: a tender viewed and a search, newest first, with links', async () => {
    const page = await signedInPage();
    const [tender] = openTendersClosing(10, 90, 1);
    expect(tender).toBeDefined();
    await page.goto(`${server.baseUrl}/tender-notice/${encodeURIComponent(tender!.id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // A search from the home box (Enter submits) lands on /search and is recorded.
    await page.goto(`${server.baseUrl}/home`);
    const box = page.getByRole('searchbox', { name: 'Search tenders' });
    await box.fill('snow removal services');
    await box.press('Enter');
    await page.waitForURL('**/search?q=snow+removal+services');
    // Recorded by the search call; the search page may still be loading when we go back.
    await expect
      .poll(async () => (await callApi<ActivityList>(page, 'GET', '/api/activity?limit=20')).body.activities[0]?.kind, {
        timeout: 15_000,
      })
      .toBe('searched');

    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('tab', { name: 'Recent Activity' }).click();
    const list = page.getByTestId('activity-list');
    await list.waitFor();
    const api = (await callApi<ActivityList>(page, 'GET', '/api/activity?limit=20')).body.activities;
    const d = db();
    const rows = d
      .prepare('SELECT kind, tender_id, query FROM activity WHERE user_id = ? ORDER BY id DESC LIMIT 20')
      .all(userId) as {
      kind: string;
      tender_id: string | null;
      query: string | null;
    }[];
    d.close();
    expect(api.map((a) => [a.kind, a.tender_id, a.query])).toEqual(rows.map((r) => [r.kind, r.tender_id, r.query]));
    expect(rows[0]).toMatchObject({ kind: 'searched', query: 'snow removal services' });
    expect(rows.some((r) => r.kind === 'viewed' && r.tender_id === tender!.id)).toBe(true);

    const items = list.locator('li');
    expect(await items.count()).toBe(api.length);
    await expect.poll(() => items.first().textContent()).toContain('Searched');
    expect(await items.first().getByRole('link').textContent()).toBe('“snow removal services”');
    const viewed = items.filter({ hasText: 'Viewed' }).filter({ hasText: tender!.title });
    expect(await viewed.count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-activity');

    await viewed.first().getByRole('link').click();
    await page.waitForURL(`**/tender-notice/${encodeURIComponent(tender!.id)}`);
  });

  test('the Bookmarks tab lists the user’s active bookmarks, newest first, each opening its tender', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home?tab=bookmarks`);
    const panel = page.getByRole('tabpanel', { name: 'Bookmarks' });
    await panel.getByRole('heading', { name: 'Your bookmarks' }).waitFor();
    const d = db();
    const rows = d
      .prepare(
        `SELECT t.id, t.title FROM bookmark b JOIN tender t ON t.id = b.tender_id
         WHERE b.user_id = ? AND b.status = 'active' ORDER BY b.created_at DESC, b.tender_id`,
      )
      .all(userId) as { id: string; title: string }[];
    const archived = (
      d.prepare(`SELECT COUNT(*) n FROM bookmark WHERE user_id = ? AND status = 'archived'`).get(userId) as {
        n: number;
      }
    ).n;
    d.close();
    expect(rows.length).toBeGreaterThan(0);
    const links = panel.getByRole('listitem').getByRole('link');
    await expect.poll(() => links.allTextContents()).toEqual(rows.slice(0, 10).map((r) => r.title));
    expect(await links.first().getAttribute('href')).toBe(`/tender-notice/${encodeURIComponent(rows[0]!.id)}`);
    if (archived > 0) await panel.getByText(`${archived} archived`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-bookmarks');
    await links.first().click();
    await page.waitForURL(`**/tender-notice/${encodeURIComponent(rows[0]!.id)}`);
  });

  test('Recent Activity shows Bookmarked and Downloaded entries made through the screens', async () => {
    const pdfDir = join(repoRoot, '../shared/data/rfp-pdfs');
    const pdf = 'AB-2024-07156_Penhold_PSB_Addendum-01.pdf';
    expect(existsSync(join(pdfDir, pdf)), `${pdf} in ${pdfDir}`).toBe(true);
    const page = await signedInPage();

    // Bookmarked: the detail page's 'Bookmark Tender'.
    const [tender] = openTendersClosing(20, 120, 1);
    await page.goto(`${server.baseUrl}/tender-notice/${encodeURIComponent(tender!.id)}`);
    const action = page.getByTestId('bookmark-action');
    await expect.poll(() => action.textContent()).toBe('Bookmark Tender');
    await action.click();
    await expect.poll(() => action.textContent()).toBe('Bookmarked');

    // Downloaded: an RFP analysed and its Markdown report downloaded on /rfp-analysis.
    await page.goto(`${server.baseUrl}/rfp-analysis`);
    await page.getByLabel('Choose PDF files').setInputFiles(join(pdfDir, pdf));
    const row = page.getByRole('listitem', { name: pdf });
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await row.getByRole('button', { name: `Analyze ${pdf}` }).click();
    await row.getByText('Completed', { exact: true }).waitFor({ timeout: 60_000 });
    await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Markdown/ }).click()]);

    const d = db();
    const logged = d
      .prepare(`SELECT kind, tender_id, detail FROM activity WHERE user_id = ? ORDER BY id DESC LIMIT 5`)
      .all(userId) as { kind: string; tender_id: string | null; detail: string | null }[];
    d.close();
    expect(logged[0]).toMatchObject({ kind: 'downloaded', detail: `${pdf}: analysis report (Markdown)` });
    expect(logged.some((r) => r.kind === 'bookmarked' && r.tender_id === tender!.id)).toBe(true);

    await page.goto(`${server.baseUrl}/home?tab=history`);
    const items = page.getByTestId('activity-list').locator('li');
    await items.first().waitFor();
    const downloaded = items.first();
    expect(await downloaded.getAttribute('data-kind')).toBe('downloaded');
    expect(await downloaded.locator('.dash-kind').textContent()).toBe('Downloaded');
    expect(await downloaded.textContent()).toContain(`${pdf}: analysis report (Markdown)`);
    expect(await downloaded.getByRole('link').getAttribute('href')).toBe('/rfp-analysis');
    const bookmarked = items
      .filter({ has: page.locator('.dash-kind', { hasText: 'Bookmarked' }) })
      .filter({ hasText: tender!.title });
    expect(await bookmarked.count()).toBe(1);
    expect(await bookmarked.getByRole('link').getAttribute('href')).toBe(
      `/tender-notice/${encodeURIComponent(tender!.id)}`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-activity');

    // In French, the report line too.
    const fr = await signedInPage({ language: 'fr' });
    await fr.goto(`${server.baseUrl}/home?tab=history`);
    const first = fr.getByTestId('activity-list').locator('li').first();
    await first.waitFor();
    expect(await first.locator('.dash-kind').textContent()).toBe('Téléchargé');
    expect((await first.textContent())?.replace(/\s+/g, ' ')).toContain(`${pdf} : rapport d’analyse (Markdown)`);
  }, 150_000);

  test('the tabs are a keyboard tab list; examples fill the search box; quick actions lead to their pages', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home`);
    const tabs = page.getByRole('tablist', { name: 'Your dashboard' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'Recommended for You',
      'Bookmarks',
      'Breeze Chat Beta',
      'Recent Activity',
    ]);
    const recommended = page.getByRole('tab', { name: 'Recommended for You' });
    expect(await recommended.getAttribute('aria-selected')).toBe('true');
    await recommended.focus();
    await page.keyboard.press('ArrowRight');
    const bookmarksTab = page.getByRole('tab', { name: 'Bookmarks' });
    await expect.poll(() => bookmarksTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bookmarks');
    const panel = page.getByRole('tabpanel', { name: 'Bookmarks' });
    expect(await panel.getByRole('link', { name: 'View all bookmarks' }).getAttribute('href')).toBe('/bookmarks');
    await page.keyboard.press('End');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Recent Activity' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => recommended.getAttribute('aria-selected')).toBe('true');

    const box = page.getByRole('searchbox', { name: 'Search tenders' });
    for (const example of [
      'IT services contracts in Ontario under $100K',
      'Construction projects in Alberta over $500K',
      'Consulting opportunities closing this month',
      'Software development with government agencies',
    ]) {
      await page.getByRole('button', { name: example }).click();
      expect(await box.inputValue()).toBe(example);
    }

    const quick = page.getByRole('complementary').getByRole('region', { name: 'Quick actions' });
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['Set up Alert', 'View Saved', 'Advanced Search', 'Manage Alerts', 'Track Deadlines'].map(
          async (name) => [name, await quick.getByRole('link', { name }).getAttribute('href')] as const,
        ),
      ),
    );
    expect(hrefs).toEqual({
      'Set up Alert': '/alerts/new',
      'View Saved': '/bookmarks',
      'Advanced Search': '/search',
      'Manage Alerts': '/alerts',
      'Track Deadlines': '/calendar',
    });

    // `view`: table shows the table view, rfp redirects to /rfp-analysis (spec §2).
    await page.goto(`${server.baseUrl}/home?view=table`);
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    await page.goto(`${server.baseUrl}/home?view=rfp`);
    await page.waitForURL('**/rfp-analysis');
  });

  test('Breeze Chat: a session opens with the tab, a question about tenders gets an answer linking them', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/home?tab=chat`);
    const panel = page.getByRole('tabpanel', { name: /Breeze Chat/ });
    await panel.getByText('Beta', { exact: true }).waitFor();
    const input = panel.getByRole('textbox', { name: 'Your message' });
    // Enabled once the session exists.
    await expect.poll(() => input.isEnabled()).toBe(true);

    await input.fill('consulting tenders in Alberta');
    await input.press('Enter');
    const replies = panel.locator('[data-role="model"]');
    await replies.first().waitFor();
    const first = replies.first();
    expect(await first.textContent()).toMatch(/I found \d+\+? open tenders?/);
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const links = first.locator('.chat-md a[href^="/tender-notice/"]');
    expect(await links.count()).toBeGreaterThan(0);
    const firstHref = (await links.first().getAttribute('href'))!;
    expect(await panel.locator('[data-role="user"]').first().textContent()).toContain('consulting tenders in Alberta');

    // A follow-up about the tender just listed; Shift+Enter makes a new line rather than sending.
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('when does the first one');
    await input.press('Shift+Enter');
    await input.pressSequentially('close?');
    expect(await input.inputValue()).toBe('when does the first one\nclose?');
    await input.press('Enter');
    await expect.poll(() => replies.count()).toBe(2);
    const second = replies.nth(1);
    expect(await second.textContent()).toMatch(/closes on|closed on|closing/i);
    expect(await second.locator(`.chat-md a[href="${firstHref}"]`).count()).toBe(1);
    // The tenders the answer names are also listed under it.
    expect(await second.locator(`.chat-msg__sources a[href="${firstHref}"]`).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-chat');

    // The history reloads with the tab.
    await page.getByRole('tab', { name: 'Recent Activity' }).click();
    await page.getByRole('tab', { name: /Breeze Chat/ }).click();
    await expect.poll(() => panel.locator('[data-role="model"]').count()).toBe(2);

    await panel.locator('[data-role="model"]').nth(1).locator(`.chat-md a[href="${firstHref}"]`).click();
    await page.waitForURL(`**${firstHref}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  test('in French: the dashboard, its tabs, the chat and the recommendations’ reasons', async () => {
    const page = await signedInPage({ language: 'fr', viewport: MOBILE });
    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('heading', { level: 1, name: 'Bon retour, Prairie Dashboard Consulting' }).waitFor();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Recommandés pour vous',
      'Favoris',
      'Breeze Chat Bêta',
      'Activité récente',
    ]);
    await page.getByTestId('recommendation').first().waitFor();
    const api = (await callApi<RecommendationPage>(page, 'GET', '/api/recommendations?page=1&limit=10&locale=fr')).body;
    expect(await page.getByTestId('match-reasons').first().locator('li').allTextContents()).toEqual(
      api.results[0]!.reasons,
    );
    expect(await page.getByTestId('match-score').first().textContent()).toBe(
      `Correspondance de ${api.results[0]!.relevanceScore} %`,
    );
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'home-dashboard-fr');

    await page.getByRole('tab', { name: /Breeze Chat/ }).click();
    const input = page.getByRole('textbox', { name: 'Votre message' });
    await expect.poll(() => input.isEnabled()).toBe(true);
    // The tab reopens the user's latest conversation (the English one above): the reply is the last bubble.
    const replies = page.locator('[data-role="model"]');
    const before = await replies.count();
    await input.fill('appels d’offres de consultation en Alberta');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(() => replies.count()).toBe(before + 1);
    const reply = replies.last();
    expect(await reply.textContent()).toMatch(/J’ai trouvé|Je n’ai trouvé/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-chat-fr');
  });
});
