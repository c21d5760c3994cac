import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { insertTenders, torontoDate, torontoMidday } from './db-fixtures.ts';
import { callApi, onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const b = useBrowser();
const signedInPage = signedInPages(b, () => session);
let server: RunningServer;
let session: Session;
let userId: string;

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  const page = await b.newPage();
  session = await onboardedSession(page, server, 'Deadline Keepers Ltd.');
  userId = session.userId;
});

afterAll(async () => {
  await server?.stop();
});

async function bookmark(page: Page, tenderId: string) {
  const { status } = await callApi(page, 'POST', '/api/bookmarks', { userId, tender_notice_id: tenderId });
  // 201 new, 200 already bookmarked.
  expect([200, 201]).toContain(status);
}

/** An open tender closing later this month when there is one (else the soonest), read from the database. */
function openTenderThisMonth(): { id: string; title: string; title_fr: string | null; closing_date: string } {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT id, title, title_fr, closing_date FROM tender WHERE status IN ('Open','Active') AND closing_date > ?
         ORDER BY closing_date LIMIT 200`,
      )
      .all(new Date(Date.now() + 86_400_000).toISOString()) as {
      id: string;
      title: string;
      title_fr: string | null;
      closing_date: string;
    }[];
    const month = new Date().getMonth();
    return rows.find((r) => new Date(r.closing_date).getMonth() === month) ?? rows[0]!;
  } finally {
    db.close();
  }
}

const sameMonth = (iso: string) => {
  const d = new Date(iso);
  const now = new Date();
  return d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth();
};

describe('calendar', () => {
  test('a bookmarked closing date appears in the month, week and list views and opens the tender', async () => {
    // Our own tender, closing at midday (Toronto) the day after tomorrow.
    const title = 'Calendar fixture: culvert replacement';
    insertTenders(server, [{ id: 'e2e-cal-1', title, closing_date: torontoMidday(2) }]);
    const day = torontoDate(2);
    const page = await signedInPage({ timezoneId: 'America/Toronto' });
    await page.goto(`${server.baseUrl}/calendar`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    // Month view starting today (spec §9), empty until something is bookmarked.
    await page.locator('.fc-dayGridMonth-view').waitFor();
    expect(await page.locator('.fc-day-today').count()).toBe(1);
    await page.getByText('No bookmarked tenders yet', { exact: false }).waitFor();

    await bookmark(page, 'e2e-cal-1');
    await page.reload();
    const sameMonthThere = day.slice(0, 7) === torontoDate(0).slice(0, 7);
    if (!sameMonthThere) await page.locator('.fc-next-button').click();
    const event = page.locator('.fc-dayGridMonth-view .fc-event', { hasText: title });
    await event.first().waitFor();
    // On its day's cell.
    expect(await page.locator(`.fc-daygrid-day[data-date="${day}"] .fc-event`, { hasText: title }).count()).toBe(1);
    // At 50vh (spec §9).
    const height = await page.locator('.fc').evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.abs(height - DESKTOP.height / 2)).toBeLessThan(2);
    expect(await event.first().getAttribute('href')).toBe('/tender-notice/e2e-cal-1');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar');
    // Its time as a wide screen shows it, also after the screenshot (which briefly resizes the page).
    expect(await event.first().locator('.fc-event-time').textContent()).toMatch(/^1[23]:00/);
    await page.setViewportSize(MOBILE);
    await expect.poll(() => event.first().locator('.fc-event-time').textContent()).toMatch(/^1[23]$/);
    // On a phone the cell shows the hour; the title is read out (in the link's text), not shown.
    expect(
      await event
        .first()
        .locator('.fc-event-title-container')
        .evaluate((el) => el.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(1);
    expect(await event.first().textContent()).toContain(title);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => event.first().locator('.fc-event-time').textContent()).toMatch(/^1[23]:00/);

    // The week view: the event in its day's column, at its time (noon or 1 p.m. in Toronto).
    await page.locator('.fc-timeGridWeek-button').click();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    if ((await page.locator(`.fc-timegrid-col[data-date="${day}"]`).count()) === 0) {
      await page.locator('.fc-next-button').click();
    }
    const weekEvent = page.locator(`.fc-timegrid-col[data-date="${day}"] .fc-event`, { hasText: title });
    await weekEvent.waitFor();
    expect(await weekEvent.locator('.fc-event-time').textContent()).toMatch(/^1[23]:00/);
    expect(await weekEvent.getAttribute('href')).toBe('/tender-notice/e2e-cal-1');
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-week');

    // The list view shows it with its closing time.
    await page.locator('.fc-listMonth-button').click();
    if (!sameMonthThere && (await page.locator('.fc-list-event', { hasText: title }).count()) === 0) {
      await page.locator('.fc-next-button').click();
    }
    await page.locator('.fc-list-event', { hasText: title }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-list');

    await page.locator('.fc-dayGridMonth-button').click();
    if (!sameMonthThere && (await event.count()) === 0) await page.locator('.fc-next-button').click();
    await event.first().click();
    await page.waitForURL('**/tender-notice/e2e-cal-1');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  test('in French on a phone: the texts, no sideways scroll, no axe violations', async () => {
    const page = await signedInPage({ language: 'fr', viewport: MOBILE });
    await page.goto(`${server.baseUrl}/calendar`);
    await page.getByRole('heading', { level: 1, name: 'Calendrier' }).waitFor();
    await page.locator('.fc-dayGridMonth-view').waitFor();
    for (const name of ['Mois', 'Semaine', 'Liste', 'Aujourd’hui'])
      await page.getByRole('button', { name, exact: true }).waitFor();
    // ADR 0014: on a phone the month takes its natural height: every week in sight, no inner scrollbar.
    const weeks = await page.locator('.fc-daygrid-body tr').count();
    expect(weeks).toBeGreaterThanOrEqual(4);
    const scrollers = await page
      .locator('.fc-dayGridMonth-view .fc-scroller')
      .evaluateAll((els) => els.map((el) => el.scrollHeight - el.clientHeight));
    expect(Math.max(...scrollers)).toBeLessThanOrEqual(1);
    const lastWeek = await page.locator('.fc-daygrid-body tr').last().boundingBox();
    const grid = await page.locator('.fc-view-harness').boundingBox();
    expect(lastWeek!.y + lastWeek!.height).toBeLessThanOrEqual(grid!.y + grid!.height + 1);
    const tender = openTenderThisMonth();
    await bookmark(page, tender.id);
    await page.reload();
    if (!sameMonth(tender.closing_date)) await page.locator('.fc-next-button').click();
    // The French title when the notice has one.
    await page
      .locator('.fc-event', { hasText: tender.title_fr || tender.title })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-fr');

    const english = await signedInPage({ viewport: MOBILE });
    await english.goto(`${server.baseUrl}/calendar`);
    await english.locator('.fc-dayGridMonth-view').waitFor();
    expect(await english.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(english, 'calendar');
  });
});
