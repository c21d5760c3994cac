import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTACT_LIMITS } from '@app/shared/contact';
import type { SearchResponse, TenderStats } from '@app/shared/tender';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../server/test/mail-catcher.ts';
import { appRoutePatterns } from '../src/app-routes.ts';
import enContent from '../src/locales/en/content.json';
import frAbout from '../src/locales/fr/about.json';
import frContact from '../src/locales/fr/contact.json';
import frContent from '../src/locales/fr/content.json';
import frLanding from '../src/locales/fr/landing.json';
import frNotFound from '../src/locales/fr/notFound.json';
import enNotFound from '../src/locales/en/notFound.json';
import { chooseLanguage, DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { webDist } from './paths.ts';
import { confirmationLinkFrom, signUpConfirmedSignedIn } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

/**
 * The public site against the database (issue 4): live figures checked with SQL, the demo set
 * shown as what it is, the contact page's promises and checks, French everywhere (axe, 375 px,
 * screenshots, the hero search's French titles, a French message with its French mails), the
 * header and footer, HTTP 404 for unknown addresses, and visible focus.
 *
 * The real CanadaBuys sample's notices all closed in January 2025. A copy with every date moved by
 * the same number of days (published yesterday) makes them open notices again, with the source's
 * own English and French titles; nothing else in the file changes.
 */
const SUPPORT_EMAIL = 'support-site@breeze.example';
const DAY_MS = 86_400_000;
const SAMPLE_PUBLISHED = Date.parse('2024-12-09T00:00:00Z');

let catcher: MailCatcher;
let server: RunningServer;
let scratch: string;
// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();

/** The sample with its dates shifted so that it was published yesterday (times of day unchanged). */
function shiftedSample(dir: string): string {
  const shiftDays = Math.floor((Date.now() - DAY_MS - SAMPLE_PUBLISHED) / DAY_MS);
  const shift = (iso: string) =>
    new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + shiftDays * DAY_MS).toISOString().slice(0, 10);
  const text = readFileSync(CANADABUYS_SAMPLE, 'utf8').replace(/\b(20\d\d-\d\d-\d\d)(?=[T"\s,])/g, (d) => shift(d));
  const file = join(dir, 'canadabuys-sample-shifted.csv');
  writeFileSync(file, text);
  return file;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'breeze-site-'));
  catcher = await startMailCatcher();
  server = await startServer({
    ingestFiles: [shiftedSample(scratch)],
    env: { SMTP_URL: catcher.url, SUPPORT_EMAIL },
  });
});
afterAll(async () => {
  await server?.stop();
  await catcher?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const count = (n: number, locale = 'en-CA') => new Intl.NumberFormat(locale).format(n);

function withDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const scalar = (sql: string, ...params: unknown[]) =>
  withDb((db) => Number((db.prepare(sql).get(...params) as { n: number }).n));

/** The live figures, counted here with SQL at the instant the server counted them. */
function figuresBySql(atIso: string) {
  const open = `status IN ('Open', 'Active') AND (closing_date IS NULL OR closing_date > ?)`;
  const weekAgo = new Date(Date.parse(atIso) - 7 * DAY_MS).toISOString().slice(0, 10);
  return {
    open: scalar(`SELECT count(*) AS n FROM tender WHERE ${open}`, atIso),
    added: scalar('SELECT count(*) AS n FROM tender WHERE published_date >= ?', weekAgo),
    organizations: scalar(`SELECT count(DISTINCT contracting_entity_name) AS n FROM tender WHERE ${open}`, atIso),
    realSources: scalar(`SELECT count(DISTINCT source) AS n FROM tender WHERE source <> 'demo'`),
    demo: scalar(`SELECT count(*) AS n FROM tender WHERE source = 'demo'`),
    bySource: withDb(
      (db) =>
        db.prepare('SELECT source, count(*) AS n FROM tender GROUP BY source ORDER BY n DESC, source').all() as Array<{
          source: string;
          n: number;
        }>,
    ),
  };
}

async function open(path: string, options: Parameters<typeof browser.newPage>[0] = {}): Promise<Page> {
  const page = await browser.newPage(options);
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

async function stats(): Promise<TenderStats> {
  return (await (await fetch(`${server.baseUrl}/api/tenders/stats`)).json()) as TenderStats;
}

describe('live figures (issue 4: equal to the database)', () => {
  test('landing and /about show the counts SQL finds; the demo set is labelled and not counted as a source', async () => {
    // The figures are cached for up to 30 s: wait until they were counted after the last ingestion.
    const ingested = withDb(
      (db) =>
        (db.prepare("SELECT max(finished_at) AS at FROM ingest_run WHERE status = 'succeeded'").get() as { at: string })
          .at,
    );
    await expect
      .poll(async () => Date.parse((await stats()).generated_at) > Date.parse(ingested), {
        timeout: 45_000,
        interval: 1_000,
      })
      .toBe(true);
    for (const path of ['/', '/about']) {
      const page = await open(path);
      await page.getByTestId('open-tenders-count').waitFor();
      const sql = figuresBySql((await stats()).generated_at);
      expect(sql.open, 'the sample copy is open').toBeGreaterThan(0);
      expect(await page.getByTestId('open-tenders-count').textContent(), path).toBe(count(sql.open));
      expect(await page.getByTestId('added-this-week-count').textContent(), path).toBe(count(sql.added));
      expect(await page.getByTestId('organizations-count').textContent(), path).toBe(count(sql.organizations));
      expect(await page.getByTestId('sources-count').textContent(), path).toBe(count(sql.realSources));
      expect(sql.realSources).toBe(1); // CanadaBuys: the demo set is not a source
      expect(sql.demo).toBeGreaterThan(0);
      expect(await page.getByTestId('sources-demo-label').textContent(), path).toBe('+ Demo data');
      expect(await page.getByRole('note').textContent(), path).toBe(
        'Demo data: these tenders are generated examples, not real notices.',
      );
      if (path === '/about') {
        const items = page.getByTestId('sources-list').getByRole('listitem');
        expect(await items.count()).toBe(sql.bySource.length);
        for (const [i, { source, n }] of sql.bySource.entries()) {
          const text = (await items.nth(i).textContent()) ?? '';
          expect(text).toContain(source === 'demo' ? 'Demo data (generated examples, not real notices)' : 'CanadaBuys');
          expect(text).toContain(`${count(n)} notice`);
        }
      }
      // The footer names the sources Breeze reads, and no others.
      const legal = await page.locator('.site-footer__legal').textContent();
      expect(legal).toBe(
        `© ${new Date().getFullYear()} Breeze. Tender data: Government of Canada (CanadaBuys), under the Open Government Licence – Canada.`,
      );
      expect(sql.bySource.map((s) => s.source).sort()).toEqual(['canadabuys', 'demo']);
    }
  }, 120_000);
});

describe('contact (spec §2, §5)', () => {
  test("the page promises spec §2's response times and business hours, in English and in French", async () => {
    const rows = async (page: Page) =>
      page
        .locator('.contact__aside dl > div')
        .evaluateAll((els) =>
          els.map((el) => [el.querySelector('dt')?.textContent, el.querySelector('dd')?.textContent]),
        );
    const en = await open('/contact');
    expect(await rows(en)).toEqual([
      ['General inquiries', '24 hours'],
      ['Sales', '4 hours'],
      ['Technical support', '2 hours'],
      ['Emergency', '30 minutes'],
    ]);
    await en.getByText('Mon-Fri 9AM-6PM EST', { exact: true }).waitFor();

    const frPage = await browser.newPage();
    await chooseLanguage(frPage, 'fr');
    await frPage.goto(`${server.baseUrl}/contact`);
    await frPage.getByRole('heading', { level: 1, name: frContact.title }).waitFor();
    expect(await rows(frPage)).toEqual([
      ['Demandes générales', '24 heures'],
      ['Ventes', '4 heures'],
      ['Soutien technique', '2 heures'],
      ['Urgences', '30 minutes'],
    ]);
    await frPage.getByText(frContact.hours.text, { exact: true }).waitFor();
  });

  test('too long and more than one line: the messages, and nothing is sent', async () => {
    const before = scalar('SELECT count(*) AS n FROM contact_message');
    const page = await open('/contact');
    await page.getByLabel('Full name').fill('N'.repeat(CONTACT_LIMITS.name + 1));
    await page.getByLabel('Email address').fill('long@example.com');
    await page.getByLabel('Company (optional)').fill('C'.repeat(CONTACT_LIMITS.company + 1));
    // An input keeps a tab character (line breaks are stripped by the browser): still not "one line".
    await page.getByLabel('Subject').fill('Two\tparts');
    await page.getByLabel('Message', { exact: true }).fill('M'.repeat(CONTACT_LIMITS.message + 1));
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      `Full name must be at most ${CONTACT_LIMITS.name} characters`,
      `Company must be at most ${CONTACT_LIMITS.company} characters`,
      'Subject must be on one line',
      `Message must be at most ${CONTACT_LIMITS.message} characters`,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Full name').fill('Nora Lee');
    await page.getByLabel('Company (optional)').fill('Lee & Co');
    await page.getByLabel('Company (optional)').fill('Lee\tCo');
    await page.getByLabel('Subject').focus();
    await page.getByText('Company must be on one line', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    expect(scalar('SELECT count(*) AS n FROM contact_message')).toBe(before);
  });

  test('a message written in French: the sent state in French, the copy to the sender in French', async () => {
    const email = `e2e-fr-contact-${Date.now()}@example.com`;
    const subject = `Accès pour notre équipe ${Date.now()}`;
    const page = await browser.newPage({ locale: 'fr-CA' });
    await chooseLanguage(page, 'fr');
    await page.goto(`${server.baseUrl}/contact`);
    await page.getByLabel(frContact.form.name).fill('Amélie Tremblay');
    await page.getByLabel(frContact.form.email).fill(email);
    await page.getByLabel(frContact.form.inquiryType).selectOption('support');
    await page.getByLabel(frContact.form.subject).fill(subject);
    await page.getByLabel(frContact.form.message, { exact: true }).fill('Bonjour,\nnous ne voyons pas nos favoris.');
    await page.getByRole('button', { name: frContact.form.submit }).click();
    const sent = page.getByTestId('contact-sent');
    await sent.getByRole('heading', { name: frContact.sent.title }).waitFor();
    await sent.getByText(frContact.sent.text).waitFor();
    await screenshot(page, 'public-fr-contact-sent');

    const copy = await catcher.next(email, 'Nous avons bien reçu votre message', 15_000);
    expect(copy.text).toContain('Bonjour Amélie Tremblay,');
    expect(copy.text).toContain('dans un délai de 2 heures');
    expect(copy.text).toContain(`Votre message (Soutien technique) : ${subject}`);
    expect(copy.html).toContain('<html lang="fr">');
    const support = await catcher.next(SUPPORT_EMAIL, subject, 15_000);
    expect(support.text).toContain('Language: French');
    expect(support.subject).toBe(`[Breeze contact: Technical support] ${subject}`);
    expect(
      withDb((db) => db.prepare('SELECT inquiry_type, subject FROM contact_message WHERE email = ?').get(email)),
    ).toEqual({ inquiry_type: 'support', subject });
  });
});

const FRENCH_PAGES: Array<[name: string, path: string, title: string]> = [
  ['landing', '/', frLanding.hero.title],
  ['about', '/about', frAbout.title],
  ['contact', '/contact', frContact.title],
  ...(Object.keys(enContent.pages) as Array<keyof typeof frContent.pages>).map((name): [string, string, string] => [
    name,
    `/${name}`,
    frContent.pages[name].title,
  ]),
  ['not-found', '/aucune-page-e2e', frNotFound.title],
];

describe('French (issue 4)', () => {
  for (const [name, path, title] of FRENCH_PAGES) {
    test(`${path} in French: no axe violations, no sideways scroll at 1280 and 375 px`, async () => {
      for (const viewport of [DESKTOP, MOBILE]) {
        const page = await browser.newPage({ viewport, locale: 'fr-CA' });
        await chooseLanguage(page, 'fr');
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        if (path === '/' || path === '/about') await page.getByTestId('open-tenders-count').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        await screenshot(page, `public-fr-${name}`);
      }
      // The 404 page is a real 404, which Chromium logs as a failed resource.
      if (name === 'not-found') browser.clearPageErrors(/status of 404/);
    });
  }

  test('the hero search in French lists the French titles of the notices found', async () => {
    const q = 'services';
    const expected = (await (
      await fetch(`${server.baseUrl}/api/tenders/searchTenders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q, limit: 3 }),
      })
    ).json()) as SearchResponse;
    const french = expected.results.map((r) => r.title_fr || r.title);
    // The point of the test: some of these have a French title of their own.
    expect(expected.results.some((r) => r.title_fr && r.title_fr !== r.title)).toBe(true);

    const page = await browser.newPage({ locale: 'fr-CA' });
    await chooseLanguage(page, 'fr');
    await page.goto(`${server.baseUrl}/`);
    const box = page.getByRole('searchbox', { name: frLanding.hero.searchLabel });
    await box.fill(q);
    await page.getByRole('button', { name: frLanding.hero.search, exact: true }).click();
    const preview = page.getByTestId('search-preview');
    await preview.waitFor();
    await preview.getByRole('heading', { name: `Appels d'offres ouverts correspondant à « ${q} »` }).waitFor();
    expect(await page.getByTestId('hero-search-titles').getByRole('listitem').allTextContents()).toEqual(french);
    expect(await page.getByTestId('hero-search-total').textContent()).toMatch(
      new RegExp(`^${count(expected.total_results, 'fr-CA').replace(/\s/g, '\\s')}\\+?$`),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'public-fr-landing-search');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'public-fr-landing-search');
  });
});

describe('header and footer (spec §2)', () => {
  const HEADER: Array<[string, string]> = [
    ['About', '/about'],
    ['Pricing', '/pricing'],
    ['Contact', '/contact'],
    ['Help', '/help'],
    ['Sign In', '/sign-in'],
    ['Start Free Trial', '/sign-up'],
  ];
  const FOOTER: Record<string, Array<[string, string]>> = {
    Product: [
      ['Home', '/home'],
      ['Table view', '/table-view'],
      ['Search', '/search'],
      ['Analytics', '/analytics'],
      ['Alerts', '/alerts'],
      ['Pipeline', '/pipeline'],
    ],
    Company: [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Careers', '/careers'],
      ['News', '/news'],
    ],
    Resources: [
      ['Help', '/help'],
      ['FAQ', '/faq'],
      ['Guides', '/guides'],
      ['API documentation', '/api-docs'],
    ],
    Legal: [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Accessibility', '/accessibility'],
      ['Cookies', '/cookies'],
    ],
  };

  test('signed out: the header links and where they lead; the logo leads to /', async () => {
    const page = await open('/help');
    const header = page.locator('header.site-header');
    const nav = header.getByRole('navigation', { name: 'Main' });
    expect(
      await nav.getByRole('link').evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('href')])),
    ).toEqual(HEADER);
    expect(await header.getByRole('link', { name: 'Breeze' }).getAttribute('href')).toBe('/');
    for (const [name, path] of HEADER) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await header.getByRole('link', { name: 'Breeze' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    // No signed-in navigation for a visitor.
    expect(await page.getByRole('list', { name: 'Views' }).count()).toBe(0);
  });

  test('the footer: every column, its links and targets; the footer language switch', async () => {
    const page = await open('/about');
    const footer = page.locator('footer.site-footer');
    for (const [column, links] of Object.entries(FOOTER)) {
      const nav = footer.getByRole('navigation', { name: column });
      expect(await nav.getByRole('heading').textContent()).toBe(column);
      expect(
        await nav.getByRole('link').evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('href')])),
        column,
      ).toEqual(links);
    }
    // A visitor following Home reaches the sign-in page (a protected page); a content link its page.
    await footer.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/sign-in');
    await page.locator('footer.site-footer').getByRole('link', { name: 'Pipeline' }).click();
    await page.waitForURL('**/pipeline');
    await page.getByRole('heading', { level: 1, name: enContent.pages.pipeline.title }).waitFor();

    // The footer's own language switch: French now, and after a reload.
    const footerSwitch = page.locator('footer.site-footer').getByRole('button', { name: 'Afficher en français' });
    await footerSwitch.click();
    await page.getByRole('heading', { level: 1, name: frContent.pages.pipeline.title }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
    expect(await page.evaluate(() => localStorage.getItem('breeze-language'))).toBe('fr');
    await expect.poll(() => page.locator('footer.site-footer .language-switch').textContent()).toBe('English');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: frContent.pages.pipeline.title }).waitFor();
    await page.locator('footer.site-footer').getByRole('button', { name: 'View in English' }).click();
    await page.getByRole('heading', { level: 1, name: enContent.pages.pipeline.title }).waitFor();
  });

  test('signed in: the logo leads to /home', async () => {
    const page = await browser.newPage();
    await signUpConfirmedSignedIn(page, server, confirmationLinkFrom(catcher));
    await page.getByRole('link', { name: "Skip for now, I'll complete this later" }).click();
    await page.waitForURL('**/home');
    await page.goto(`${server.baseUrl}/about`);
    const logo = page.locator('header.site-header').getByRole('link', { name: 'Breeze' });
    expect(await logo.getAttribute('href')).toBe('/home');
    await logo.click();
    await page.waitForURL('**/home');
  });
});

describe('addresses (issue 4: a real 404)', () => {
  test("every app route answers 200; any other address answers 404 with the app's 404 page", async () => {
    // The server's list is the build's, and the build's is made from paths.ts and the content pages.
    const built = JSON.parse(readFileSync(join(webDist, 'app-routes.json'), 'utf8')) as string[];
    expect(built).toEqual(appRoutePatterns());
    expect(built).toEqual(expect.arrayContaining(['/', '/sign-in', '/tender-notice/:id', '/help', '/update-password']));

    const page = await browser.newPage();
    for (const pattern of built) {
      const path = pattern.replace(/:\w+/g, 'cb-e2e-1');
      if (path === '/api-docs') continue; // leaves the app for /api/docs (its own test)
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBe(200);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('not-found').count(), `${path} drew the 404 page`).toBe(0);
    }
    for (const path of ['/no-such-page-e2e', '/help/extra', '/tender-notices', '/about/team', '/sign-in/x']) {
      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(res?.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { level: 1, name: enNotFound.title }).waitFor();
    }
    browser.clearPageErrors(/status of 404/);
  }, 120_000);
});

describe('landing details', () => {
  test("the hero's 'Start free trial' leads to /sign-up", async () => {
    const page = await open('/');
    const hero = page.locator('[data-section="hero"]');
    const trial = hero.getByRole('link', { name: 'Start free trial' });
    expect(await trial.getAttribute('href')).toBe('/sign-up');
    await trial.click();
    await page.waitForURL('**/sign-up');
    await page.getByRole('button', { name: 'Start my free trial' }).waitFor();
  });

  test('focus is visible: each element reached with Tab draws an outline', async () => {
    const page = await open('/');
    await page.getByTestId('open-tenders-count').waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          what: `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`,
          outlineStyle: style.outlineStyle,
          outlineWidth: Number.parseFloat(style.outlineWidth),
          boxShadow: style.boxShadow,
        };
      });
      expect(focus, `tab stop ${i + 1}`).not.toBeNull();
      expect(focus!.outlineStyle, focus!.what).not.toBe('none');
      expect(focus!.outlineWidth, focus!.what).toBeGreaterThanOrEqual(2);
      seen.push(focus!.what);
    }
    expect(seen[0]).toMatch(/^a Skip to/);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
