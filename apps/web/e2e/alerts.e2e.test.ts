import type { AlertList, AlertMatches } from '@app/shared/alerts';
import type { Dashboard } from '@app/shared/dashboard';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import enAlerts from '../src/locales/en/alerts.json';
import frAlerts from '../src/locales/fr/alerts.json';
import { DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { callApi, onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const b = useBrowser();
const signedInPage = signedInPages(b, () => session);
let server: RunningServer;
/** One onboarded user on the 14-day Professional trial (25 active alerts). */
let session: Session;
let userId: string;

beforeAll(async () => {
  server = await startServer();
  const page = await b.newPage();
  session = await onboardedSession(page, server, 'Prairie Alerts Construction');
  userId = session.userId;
});

afterAll(async () => {
  await server?.stop();
});

/** Active (not paused) alerts of the user, read from the server's database. */
function activeAlertsInDb(): number {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) n FROM alert WHERE user_id = ? AND active = 1`).get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function tileValue(page: Page): Promise<number> {
  const text = (await page.getByTestId('tile-alerts').getByTestId('tile-value').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

async function checkLayout(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(MOBILE);
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

describe('alerts', () => {
  test('create an alert from a search, see it on /alerts with its usage, pause and resume it; the tile counts it', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/search?q=construction&region=Ontario`);
    await page.getByRole('heading', { level: 1, name: 'Search Results for "construction"' }).waitFor();
    await page.getByRole('link', { name: 'Create alert from this search' }).click();
    await page.waitForURL('**/alerts/new?**');
    await page.getByRole('heading', { level: 1, name: 'Create an alert' }).waitFor();
    await page.getByText(enAlerts.form.fromSearch).waitFor();

    // Prefilled with the query and the filters of the search.
    expect(await page.getByLabel('Alert name').inputValue()).toBe('construction');
    expect(await page.getByLabel('Keywords').inputValue()).toBe('construction');
    expect(await page.getByRole('checkbox', { name: 'Ontario' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Quebec' }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: /Daily digest/ }).isChecked()).toBe(true);
    await checkLayout(page, 'alerts-new-from-search');

    await page.getByLabel('Alert name').fill('Ontario construction');
    await page.getByRole('radio', { name: /Right away/ }).check();
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.waitForURL(`${server.baseUrl}/alerts`);
    await page.getByText('Alert created: Ontario construction').waitFor();

    const item = page.getByTestId('alert-item').filter({ hasText: 'Ontario construction' });
    await item.waitFor();
    expect(await item.getByTestId('alert-status').textContent()).toBe('Active');
    expect(await item.textContent()).toContain('Right away');
    expect(await item.textContent()).toContain('“construction” · in Ontario');
    expect(await item.textContent()).toContain('Never');

    // What the list shows is what the API and the search say.
    const list = (await callApi<AlertList>(page, 'GET', '/api/alerts')).body;
    expect(list.alerts).toHaveLength(1);
    const alert = list.alerts[0]!;
    expect(alert).toMatchObject({
      name: 'Ontario construction',
      frequency: 'instant',
      status: 'active',
      criteria: { q: 'construction', regions: ['Ontario'] },
    });
    const search = await callApi<{ total_results: number }>(page, 'POST', '/api/tenders/searchTenders', {
      q: 'construction',
      regions: ['Ontario'],
      limit: 1,
    });
    expect(alert.match_count).toBe(search.body.total_results);
    expect(alert.match_count).toBeGreaterThan(0);
    const matchesText = await item.getByTestId('alert-matches').textContent();
    expect(Number((matchesText ?? '').replace(/[^\d]/g, ''))).toBe(alert.match_count);
    expect(await page.getByTestId('alert-usage').textContent()).toBe('1 of 25 active alerts');
    expect(activeAlertsInDb()).toBe(1);
    await checkLayout(page, 'alerts-list');

    // Pause, then resume: the status and the usage follow, and so does the database.
    await item.getByRole('button', { name: 'Pause: Ontario construction' }).click();
    await page.getByText('Alert paused: Ontario construction').waitFor();
    await expect.poll(() => item.getByTestId('alert-status').textContent()).toBe('Paused');
    await expect.poll(() => page.getByTestId('alert-usage').textContent()).toBe('0 of 25 active alerts');
    expect(activeAlertsInDb()).toBe(0);
    await item.getByRole('button', { name: 'Resume: Ontario construction' }).click();
    await page.getByText('Alert resumed: Ontario construction').waitFor();
    await expect.poll(() => item.getByTestId('alert-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('alert-usage').textContent()).toBe('1 of 25 active alerts');
    expect(activeAlertsInDb()).toBe(1);

    // Two more through the API, one of them paused: the dashboard tile equals the database's count.
    for (const [name, active] of [
      ['Quebec IT', true],
      ['Paused one', false],
    ] as const) {
      const res = await callApi(page, 'POST', '/api/alerts', {
        name,
        criteria: { q: 'software', regions: ['Quebec'] },
        active,
      });
      expect(res.status).toBe(201);
    }
    await page.goto(`${server.baseUrl}/home`);
    await page.getByTestId('tile-alerts').waitFor();
    await expect.poll(() => tileValue(page)).toBe(activeAlertsInDb());
    expect(activeAlertsInDb()).toBe(2);
    expect((await callApi<Dashboard>(page, 'GET', '/api/dashboard')).body.activeAlerts).toBe(2);

    // The quick actions: 'Set up Alert' opens the form, 'Manage Alerts' the list.
    const quick = page.getByRole('complementary').getByRole('region', { name: 'Quick actions' });
    await quick.getByRole('link', { name: 'Set up Alert' }).click();
    await page.waitForURL(`${server.baseUrl}/alerts/new`);
    await page.getByRole('heading', { level: 1, name: 'Create an alert' }).waitFor();
    expect(await page.getByLabel('Alert name').inputValue()).toBe('');
    await page.goto(`${server.baseUrl}/home`);
    await quick.getByRole('link', { name: 'Manage Alerts' }).click();
    await page.waitForURL(`${server.baseUrl}/alerts`);
    await expect.poll(() => page.getByTestId('alert-item').count()).toBe(3);
  });

  test('edit an alert and preview what it matches; delete with confirmation down to the empty state', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/alerts`);
    const item = page.getByTestId('alert-item').filter({ hasText: 'Ontario construction' });
    await item.getByRole('link', { name: 'Edit and preview: Ontario construction' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit alert' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // The preview is the API's, newest published first.
    const matches = (await callApi<AlertMatches>(page, 'GET', `/api/alerts/${id}/matches?limit=20`)).body;
    await page.getByRole('heading', { name: 'What this alert matches now' }).waitFor();
    await expect.poll(() => page.locator('.alert-preview__list li').count()).toBe(matches.results.length);
    expect(await page.locator('.alert-preview__list li a').allTextContents()).toEqual(
      matches.results.map((r) => r.title),
    );
    const published = matches.results.map((r) => r.published_date ?? '');
    expect(published).toEqual([...published].sort().reverse());
    expect(await page.getByTestId('alert-preview-total').textContent()).toContain(String(matches.total_results));
    await checkLayout(page, 'alerts-edit');

    // Rename and change the frequency.
    await page.getByLabel('Alert name').fill('Ontario building works');
    await page.getByRole('radio', { name: /Weekly digest/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Alert saved.').waitFor();
    const saved = (await callApi<AlertList>(page, 'GET', '/api/alerts')).body.alerts.find((a) => a.id === id);
    expect(saved).toMatchObject({ name: 'Ontario building works', frequency: 'weekly' });

    // Delete each, confirming; Cancel keeps it.
    await page.getByRole('link', { name: 'Back to alerts' }).click();
    await page.waitForURL(`${server.baseUrl}/alerts`);
    const first = page.getByTestId('alert-item').filter({ hasText: 'Ontario building works' });
    await first.getByRole('button', { name: 'Delete: Ontario building works' }).click();
    await first
      .getByText('Delete the alert “Ontario building works”? It stops sending and this cannot be undone.')
      .waitFor();
    await expectNoAxeViolations(page);
    await first.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('alert-item').count()).toBe(3);
    for (const name of ['Ontario building works', 'Quebec IT', 'Paused one']) {
      const row = page.getByTestId('alert-item').filter({ hasText: name });
      await row.getByRole('button', { name: `Delete: ${name}` }).click();
      await row.getByRole('button', { name: 'Delete alert' }).click();
      await page.getByText(`Alert deleted: ${name}`).waitFor();
    }
    await page.getByRole('heading', { name: 'No alerts yet' }).waitFor();
    expect(activeAlertsInDb()).toBe(0);
    expect(await page.getByTestId('alert-usage').textContent()).toBe('0 of 25 active alerts');
    await checkLayout(page, 'alerts-empty');
  });

  test('French: the list, the form and its checks', async () => {
    const page = await signedInPage({ language: 'fr' });
    await page.goto(`${server.baseUrl}/alerts`);
    await page.getByRole('heading', { level: 1, name: frAlerts.title }).waitFor();
    await page.getByRole('heading', { name: frAlerts.empty }).waitFor();
    await page.getByRole('link', { name: frAlerts.create }).first().click();
    await page.getByRole('heading', { level: 1, name: frAlerts.form.newTitle }).waitFor();
    await page.getByRole('button', { name: frAlerts.form.save }).click();
    await page.getByText(frAlerts.validation.nameRequired, { exact: true }).waitFor();
    await page.getByText(frAlerts.validation.criteriaEmpty, { exact: true }).waitFor();
    await checkLayout(page, 'alerts-new-fr');

    await page.getByLabel(frAlerts.form.name).fill('Construction en Ontario');
    await page.getByLabel(frAlerts.form.keywords).fill('construction');
    await page.getByRole('checkbox', { name: 'Ontario' }).check();
    await page.getByRole('button', { name: frAlerts.form.save }).click();
    await page.waitForURL(`${server.baseUrl}/alerts`);
    await page.getByText('Alerte créée : Construction en Ontario').waitFor();
    const item = page.getByTestId('alert-item').filter({ hasText: 'Construction en Ontario' });
    expect(await item.getByTestId('alert-status').textContent()).toBe(frAlerts.status.active);
    expect(await item.textContent()).toContain(frAlerts.frequency.daily);
    expect(await page.getByTestId('alert-usage').textContent()).toBe('1 alerte active sur 25');
    await checkLayout(page, 'alerts-list-fr');
  });

  test('at the plan limit: the usage says so with an upgrade link, and one more is refused', async () => {
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/alerts`);
    // The local provider switches plans at once: Starter allows 3 active alerts.
    expect(
      (await callApi(page, 'POST', '/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' }))
        .status,
    ).toBe(200);
    for (const name of ['Two', 'Three']) {
      expect((await callApi(page, 'POST', '/api/alerts', { name, criteria: { q: 'services' } })).status).toBe(201);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('alert-usage').textContent()).toBe('3 of 3 active alerts');
    await page.getByText(enAlerts.usage.atLimit.replace('{{plan}}', 'Starter')).waitFor();
    const upgrade = page.getByRole('link', { name: 'Upgrade your plan' });
    expect(await upgrade.getAttribute('href')).toBe('/plans');
    expect(activeAlertsInDb()).toBe(3);
    await checkLayout(page, 'alerts-at-limit');

    await page.getByRole('link', { name: 'Create alert' }).first().click();
    await page.getByLabel('Alert name').fill('Fourth');
    await page.getByLabel('Keywords').fill('roofing');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText(enAlerts.errors.limit).waitFor();
    b.clearPageErrors(/402/);
    expect(activeAlertsInDb()).toBe(3);

    // Plans & Billing shows the same usage.
    await page.goto(`${server.baseUrl}/plans`);
    await expect.poll(() => page.getByTestId('usage-alerts').textContent()).toContain('3');
  });
});
