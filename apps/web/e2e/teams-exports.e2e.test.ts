import { readFileSync } from 'node:fs';
import type { TenderPage } from '@app/shared/tender';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MailCatcher, startMailCatcher, tokenFromLink } from '../../server/test/mail-catcher.ts';
import { expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { E2E_PASSWORD, signUpOnboarded } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

/**
 * CSV exports, plan-limit messages and teams in Chromium (issue 7, ADR 0013), against the real
 * server with a real SMTP server on loopback: the table view's export holds the table's rows; a
 * Starter account at its search limit sees the server's message with a link to /plans; an owner
 * invites a teammate who accepts from the mail and is listed. English and French, axe at 1280 and 375 px.
 */
// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
let server: RunningServer;
let catcher: MailCatcher;
const NEW_TAB = ' (opens in a new tab)';

beforeAll(async () => {
  catcher = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: catcher.url } });
});
afterAll(async () => {
  await server?.stop();
  await catcher?.close();
});

/** The confirmation link of a new account, from the loopback SMTP server. */
const confirmFromMail = async (email: string) =>
  tokenFromLink((await catcher.next(email, 'Confirm')).text, 'token').link;
const signUp = (page: Page, company: string) => signUpOnboarded(page, server, company, confirmFromMail);

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`${server.baseUrl}${path}`, { headers: { origin: server.baseUrl }, data });
  return { status: res.status(), body: await res.text() };
}

describe('CSV export', () => {
  test('the table view exports its whole result set: the file’s rows are the table’s rows, in order', async () => {
    const page = await browser.newPage();
    await signUp(page, 'Export Builders Ltd.');
    await page.goto(`${server.baseUrl}/table-view?region=Ontario`);
    const titles = page.getByTestId('tv-title');
    await titles.first().waitFor();
    const shown = (await titles.allTextContents()).map((t) => t.replace(NEW_TAB, ''));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^breeze-table-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
    const header = rows[0]!;
    const data = rows.slice(1);
    const col = (name: string) => data.map((r) => r[header.indexOf(name)]!);

    // Page 1 of the table is the file's first 50 rows; the file holds every match (under the cap).
    expect(col('Title').slice(0, shown.length)).toEqual(shown);
    const api = await page.request.post(`${server.baseUrl}/api/tenders/table`, {
      headers: { origin: server.baseUrl },
      data: { regions: ['Ontario'], page: 1, page_size: 1 },
    });
    const total = ((await api.json()) as TenderPage).total;
    expect(data.length).toBe(Math.min(total, 5000));
    expect(col('Breeze link').every((link) => link.startsWith(`${server.baseUrl}/tender-notice/`))).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /Exported [\d,]+ rows to breeze-table-/ })
      .waitFor();

    // The export counted one against the plan, shown on Plans & Billing.
    await page.goto(`${server.baseUrl}/plans`);
    await page.getByRole('region', { name: 'Usage' }).waitFor();
    expect(await page.getByTestId('usage-exports').textContent()).toBe('1 of 100 exports/month');
  });
});

describe('plan limits on screen', () => {
  test('a Starter account at its search limit sees the server’s message and a link to /plans, in English and French', async () => {
    const page = await browser.newPage();
    await signUp(page, 'Limit Reached Inc.');
    expect(
      (await post(page, '/api/subscriptions/checkout', { planId: 'starter', billingCycle: 'monthly' })).status,
    ).toBe(200);
    for (let i = 1; i <= 100; i++) {
      const res = await post(page, '/api/tenders/searchTenders', { q: `roads ${i}` });
      expect(res.status, res.body).toBe(200);
    }

    await page.goto(`${server.baseUrl}/search?q=bridge%20repair`);
    const notice = page.getByTestId('plan-limit');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'You have used your 100 searches this month on the Starter plan. Upgrade to Professional for unlimited searches.',
    );
    browser.clearPageErrors(/402/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'plan-limit-search');

    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page);
    await screenshot(page, 'plan-limit-search');

    await notice.getByRole('link', { name: 'See plans and upgrade' }).click();
    await page.waitForURL('**/plans');
    expect(await page.getByTestId('usage-searches').textContent()).toBe('100 of 100 searches/month');

    // French, on the table view: the app sends its language and the server answers in it.
    await page.evaluate(() => window.localStorage.setItem('breeze-language', 'fr'));
    await page.goto(`${server.baseUrl}/table-view?text=pont`);
    const frNotice = page.getByTestId('plan-limit');
    await frNotice.waitFor();
    expect(await frNotice.textContent()).toContain(
      'Vous avez utilisé vos 100 recherches de ce mois avec le forfait Essentiel. Passez au forfait Professionnel pour des recherches illimitées.',
    );
    await frNotice.getByRole('link', { name: 'Voir les forfaits et passer au suivant' }).waitFor();
    browser.clearPageErrors(/402/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'plan-limit-table-fr');
  });
});

describe('teams', () => {
  test('the owner invites a teammate; the teammate opens the mail signed out, signs in, accepts and is listed', async () => {
    const teammatePage = await browser.newPage();
    const teammate = await signUp(teammatePage, 'Teammate Consulting');
    await teammatePage.context().close();

    const owner = await browser.newPage();
    const ownerAccount = await signUp(owner, 'Owner Builders Ltd.');
    await owner.getByRole('button', { name: /account menu/ }).click();
    await owner.getByRole('link', { name: 'Team' }).click();
    await owner.waitForURL('**/team');
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    expect(await owner.getByTestId('team-users').textContent()).toContain('1 of 5 users');
    await owner.getByLabel('Email address').fill(teammate.email);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitation sent to ${teammate.email}. The link is valid for 7 days.`).waitFor();
    await owner.getByTestId('team-invites').getByText(teammate.email).waitFor();
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'team-owner');

    // The invitation arrives on the SMTP server; the teammate opens it signed out.
    const mail = await catcher.next(teammate.email, 'invited you');
    const { link } = tokenFromLink(mail.text, 'token');
    const invited = await browser.newPage({ viewport: MOBILE });
    await invited.goto(link);
    await invited
      .getByText(`${ownerAccount.email} invited ${teammate.email} to join the Breeze account “Owner Builders Ltd.”`)
      .waitFor();
    expect(invited.url()).toBe(`${server.baseUrl}/team/join`); // the token left the address bar
    await expectNoAxeViolations(invited);
    await screenshot(invited, 'team-join');
    await invited.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await invited.getByLabel('Email').fill(teammate.email);
    await invited.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await invited.getByRole('button', { name: 'Sign In' }).click();
    // Back to the invitation once signed in.
    await invited.waitForURL('**/team/join');
    await invited.getByRole('button', { name: 'Accept invitation' }).click();
    await invited.getByText('You joined “Owner Builders Ltd.”. You now share its plan.').waitFor();
    await invited.getByRole('link', { name: 'See your team' }).click();
    await invited.waitForURL('**/team');
    await invited
      .getByText("You are a member of Owner Builders Ltd.'s account: you share its plan and its limits.")
      .waitFor();
    await expectNoAxeViolations(invited);
    await screenshot(invited, 'team-member');

    await owner.reload();
    const members = owner.getByTestId('team-members');
    await members.getByText(teammate.email).waitFor();
    expect(await owner.getByTestId('team-users').textContent()).toContain('2 of 5 users');
    expect(await owner.getByText('No pending invitations.').count()).toBe(1);

    // The same page in French.
    await owner.evaluate(() => window.localStorage.setItem('breeze-language', 'fr'));
    await owner.reload();
    await owner.getByRole('heading', { name: 'Équipe', level: 1 }).waitFor();
    expect(await owner.getByTestId('team-users').textContent()).toContain('2 utilisateurs sur 5');
    await owner.getByRole('button', { name: `Retirer ${teammate.email} de votre compte` }).waitFor();
    await expectNoAxeViolations(owner);
    await owner.setViewportSize(MOBILE);
    await expectNoAxeViolations(owner);
    await screenshot(owner, 'team-owner-fr');
  });
});
