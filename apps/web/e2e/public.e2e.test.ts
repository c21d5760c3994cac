import { CONTACT_MESSAGES } from '@app/shared/contact';
import type { SearchResponse, TenderStats } from '@app/shared/tender';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../server/test/mail-catcher.ts';
import enAbout from '../src/locales/en/about.json';
import enCommon from '../src/locales/en/common.json';
import enContact from '../src/locales/en/contact.json';
import enContent from '../src/locales/en/content.json';
import enLanding from '../src/locales/en/landing.json';
import enNotFound from '../src/locales/en/notFound.json';
import frAbout from '../src/locales/fr/about.json';
import frCommon from '../src/locales/fr/common.json';
import frContact from '../src/locales/fr/contact.json';
import frContent from '../src/locales/fr/content.json';
import frLanding from '../src/locales/fr/landing.json';
import frNotFound from '../src/locales/fr/notFound.json';
import { DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { completeOnboarding, confirmationLinkFrom, signUpConfirmedSignedIn } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

const SUPPORT_EMAIL = 'support-e2e@breeze.example';
const SECTIONS = ['hero', 'stats', 'features', 'problem-solution', 'testimonials', 'faq', 'cta'];
const CONTENT_PAGES = Object.keys(enContent.pages) as Array<keyof typeof enContent.pages>;
const PREVIEW_SIZE = 3;

let catcher: MailCatcher | undefined;
let server: RunningServer | undefined;
// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
const newPage = (options?: Parameters<typeof browser.newPage>[0]) => browser.newPage(options);

beforeAll(async () => {
  // A real SMTP server on loopback: the contact form's two mails arrive here.
  catcher = await startMailCatcher();
  server = await startServer({
    ingestFiles: [CANADABUYS_SAMPLE],
    env: { SMTP_URL: catcher.url, SUPPORT_EMAIL },
  });
});

afterAll(async () => {
  await server?.stop();
  await catcher?.close();
});

const count = (n: number) => new Intl.NumberFormat('en-CA').format(n);

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server!.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const search = (q: string) => api<SearchResponse>('/api/tenders/searchTenders', { q, limit: PREVIEW_SIZE });

async function open(path: string, options: Parameters<typeof browser.newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto(`${server!.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

function withDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(server!.dbFile, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Signs a new user up, confirms from the mail the catcher received, signs in and onboards; ends on /home. */
async function signUpOnboarded(page: Page) {
  await signUpConfirmedSignedIn(page, server!, confirmationLinkFrom(catcher!));
  await completeOnboarding(page, {
    company: 'Harbour IT Services Inc.',
    size: '1-10',
    industry: 'it-services',
    service: 'Software Development',
    region: 'Ontario',
    experience: 'some',
    contractSize: 'under-50k',
  });
}

describe('landing page', () => {
  test('has every section in the spec order, with the live figures of the stats API', async () => {
    const stats = await api<TenderStats>('/api/tenders/stats');
    const page = await open('/');
    await page.getByTestId('open-tenders-count').waitFor();

    expect(
      await page.locator('main [data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section'))),
    ).toEqual(SECTIONS);
    // The banner comes first, above the hero.
    expect(await page.locator('main > *').first().getAttribute('data-testid')).toBe('launch-banner');

    expect(await page.getByTestId('open-tenders-count').textContent()).toBe(count(stats.open_tenders));
    expect(await page.getByTestId('added-this-week-count').textContent()).toBe(count(stats.added_this_week));
    expect(await page.getByTestId('organizations-count').textContent()).toBe(count(stats.organizations));
    // The generated demo set is not a source Breeze reads (public-site.e2e.test.ts checks it with SQL).
    expect(await page.getByTestId('sources-count').textContent()).toBe(
      count(stats.sources.filter((s) => s.source !== 'demo').length),
    );
    expect(stats.open_tenders).toBeGreaterThan(0);
    const notice = page.getByRole('note');
    if (stats.demo_data) {
      expect(await notice.textContent()).toBe('Demo data: these tenders are generated examples, not real notices.');
    } else {
      expect(await notice.count()).toBe(0);
    }

    const features = page.locator('[data-section="features"] h3');
    expect(await features.allTextContents()).toEqual([
      'Smart Contract Discovery',
      'Intelligent Alerts',
      'Deadline Management',
      'Analytics & Insights',
    ]);

    // Three testimonials with quote, author, title and initials, labelled as illustrative.
    const testimonials = page.locator('.testimonial');
    expect(await testimonials.count()).toBe(3);
    for (const [i, key] of (['it', 'construction', 'consulting'] as const).entries()) {
      const item = enLanding.testimonials.items[key];
      const card = testimonials.nth(i);
      expect(await card.locator('blockquote').textContent()).toBe(item.quote);
      expect(await card.locator('.testimonial__author').textContent()).toBe(item.author);
      expect(await card.locator('.testimonial__title').textContent()).toBe(item.title);
      expect(await card.locator('.testimonial__avatar').textContent()).toBe(item.initials);
      expect(await card.getByText('Illustrative scenario').count()).toBe(1);
    }
    await page.getByText(enLanding.testimonials.disclaimer).waitFor();

    // Four FAQ entries that open with the keyboard; no unverified claims.
    const questions = page.locator('.faq__question');
    expect(await questions.count()).toBe(4);
    await questions.first().focus();
    await page.keyboard.press('Enter');
    await page.getByText(enLanding.faq.sources.answer).waitFor();
    const text = await page.locator('main').innerText();
    for (const claim of ['95%', '47,000', '2,847', '$3.2B', 'hourly', '2-4 hours']) expect(text).not.toContain(claim);

    // Final call to action.
    const cta = page.locator('[data-section="cta"]');
    expect(await cta.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/sign-up');
    await cta.getByRole('link', { name: 'Book a demo' }).click();
    await page.waitForURL('**/contact?inquiry=demo');
    expect(await page.getByLabel('Inquiry type').inputValue()).toBe('demo');
  });

  test('the launch banner links to pricing, and once closed stays hidden across reloads', async () => {
    const page = await open('/');
    const banner = page.getByRole('region', { name: 'Launch announcement' });
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'Start your 14-day free trial' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await page.evaluate(() => localStorage.getItem('welcome-banner-closed'))).toBeNull();

    await banner.getByRole('button', { name: 'Close the launch announcement' }).click();
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('welcome-banner-closed'))).toBe('true');
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await page.getByTestId('open-tenders-count').waitFor();
      expect(await page.getByRole('region', { name: 'Launch announcement' }).count()).toBe(0);
    }
  });

  test('signed out, the hero search shows how many open tenders match and the first titles', async () => {
    const q = 'construction';
    const expected = await search(q);
    expect(expected.total_results).toBeGreaterThan(0);

    const page = await open('/');
    const box = page.getByRole('searchbox', { name: 'Search tenders' });
    expect(await box.getAttribute('placeholder')).toBe("Try: 'IT services under $50K in Ontario'");

    // Blank input does nothing.
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('search-preview').count()).toBe(0);

    await box.fill(q);
    await box.press('Enter');
    const preview = page.getByTestId('search-preview');
    await preview.waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(q);
    const lowerBound = expected.search_metadata.total_is_lower_bound === true;
    expect(await page.getByTestId('hero-search-total').textContent()).toBe(
      `${count(expected.total_results)}${lowerBound ? '+' : ''}`,
    );
    expect(await page.getByTestId('hero-search-titles').getByRole('listitem').allTextContents()).toEqual(
      expected.results.map((r) => r.title || r.title_fr),
    );
    expect(await preview.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/sign-up');
    await screenshot(page, 'public-landing-search');
  });

  test("'Watch demo' runs the example search on the live data", async () => {
    const expected = await search(enLanding.hero.example);
    const page = await open('/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    await page.getByTestId('search-preview').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search tenders' }).inputValue()).toBe(enLanding.hero.example);
    if (expected.total_results === 0) {
      await page.getByText(`No open tender matches “${enLanding.hero.example}” today.`, { exact: false }).waitFor();
    } else {
      expect(await page.getByTestId('hero-search-titles').getByRole('listitem').allTextContents()).toEqual(
        expected.results.map((r) => r.title || r.title_fr),
      );
    }
  });
});

describe('about page', () => {
  test('shows the live figures and the sources of the database, and links to sign-up and contact', async () => {
    const stats = await api<TenderStats>('/api/tenders/stats');
    const page = await open('/about');
    await page.getByTestId('open-tenders-count').waitFor();
    expect(await page.getByTestId('open-tenders-count').textContent()).toBe(count(stats.open_tenders));
    expect(await page.getByTestId('added-this-week-count').textContent()).toBe(count(stats.added_this_week));
    expect(await page.getByTestId('organizations-count').textContent()).toBe(count(stats.organizations));
    const sources = page.getByTestId('sources-list').getByRole('listitem');
    expect(await sources.count()).toBe(stats.sources.length);
    for (const [i, source] of stats.sources.entries()) {
      const name = enAbout.sources.names[source.source as keyof typeof enAbout.sources.names] ?? source.name;
      const text = await sources.nth(i).textContent();
      expect(text).toContain(name);
      expect(text).toContain(`${count(source.tenders)} notice`);
    }
    expect(await page.getByRole('link', { name: 'Start free trial', exact: true }).getAttribute('href')).toBe(
      '/sign-up',
    );
    expect(await page.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    await page.getByRole('heading', { name: 'How matching works' }).waitFor();
  });
});

describe('contact page', () => {
  test('shows the validation messages and sends nothing while the form is invalid', async () => {
    const before = withDb((db) => (db.prepare('SELECT count(*) AS n FROM contact_message').get() as { n: number }).n);
    const page = await open('/contact');
    expect(await page.getByLabel('Inquiry type').inputValue()).toBe('general');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      CONTACT_MESSAGES.nameRequired,
      CONTACT_MESSAGES.emailRequired,
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_MESSAGES.messageRequired,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByLabel('Subject').focus();
    await page.getByText(CONTACT_MESSAGES.emailInvalid, { exact: true }).waitFor();
    // Errors are tied to their fields for screen readers.
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'public-contact-errors');
    expect(withDb((db) => (db.prepare('SELECT count(*) AS n FROM contact_message').get() as { n: number }).n)).toBe(
      before,
    );
  });

  test('stores the message, mails the support address and a copy to the sender, then resets', async () => {
    const email = `e2e-contact-${Date.now()}@example.com`;
    const subject = `Demo for our bid team ${Date.now()}`;
    const message = 'We bid on federal IT work.\nCould you show us Breeze with our own searches?';
    const page = await open('/contact?inquiry=demo');
    expect(await page.getByLabel('Inquiry type').inputValue()).toBe('demo');
    await page.getByLabel('Full name').fill('Amélie Tremblay');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Company (optional)').fill('Tremblay Conseil');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message', { exact: true }).fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();

    const sent = page.getByTestId('contact-sent');
    await sent.getByRole('heading', { name: 'Message sent!' }).waitFor();
    await sent.getByText(CONTACT_MESSAGES.received).waitFor();
    await screenshot(page, 'public-contact-sent');

    const row = withDb(
      (db) =>
        db.prepare('SELECT * FROM contact_message WHERE email = ?').get(email) as
          | { id: string; name: string; company: string; inquiry_type: string; subject: string; message: string }
          | undefined,
    );
    expect(row).toMatchObject({
      name: 'Amélie Tremblay',
      company: 'Tremblay Conseil',
      inquiry_type: 'demo',
      subject,
      message,
    });
    expect(await sent.textContent()).toContain(row!.id);

    const toSupport = await catcher!.next(SUPPORT_EMAIL, subject, 15_000);
    expect(toSupport.text).toContain(message);
    expect(toSupport.text).toContain(email);
    const copy = await catcher!.next(email, 'We received your message', 15_000);
    expect(copy.text).toContain(subject);

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
  });

  test('says so clearly when the message could not be sent', async () => {
    const page = await open('/contact');
    await page.route('**/api/contact', (route) =>
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
    await page.getByLabel('Full name').fill('Sam Lee');
    await page.getByLabel('Email address').fill('sam@example.com');
    await page.getByLabel('Subject').fill('Question');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(enContact.errors.title).waitFor();
    expect(await alert.textContent()).toContain(enContact.errors.generic);
    // The text is kept so the visitor can try again.
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Hello');
    browser.clearPageErrors(/status of 503/);
  });
});

describe('content pages, redirects and 404', () => {
  test('every content page shows its real content', async () => {
    const page = await newPage();
    for (const name of CONTENT_PAGES) {
      await page.goto(`${server!.baseUrl}/${name}`);
      const content = enContent.pages[name];
      await page.getByRole('heading', { level: 1, name: content.title }).waitFor();
      await page.getByText(content.intro).waitFor();
      expect(await page.locator('article h2').allTextContents()).toEqual([
        ...Object.values(content.sections).map((s) => s.heading),
        enContent.related,
      ]);
      expect(await page.getByTestId('not-found').count()).toBe(0);
      expect(await page.title()).toBe(`${content.title} · Breeze`);
    }
  });

  test('unknown addresses show the 404 page with a link home', async () => {
    const page = await newPage();
    for (const path of ['/no-such-page-e2e', '/help/extra', '/tender-notices']) {
      await page.goto(`${server!.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: enNotFound.title }).waitFor();
    }
    await page.getByRole('link', { name: enNotFound.home }).click();
    await page.waitForURL(`${server!.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: enLanding.hero.title }).waitFor();
    // Chromium logs the 404 status of the page itself (a real 404: public-site.e2e.test.ts).
    browser.clearPageErrors(/status of 404/);
  });

  test('/api-docs leads to the API documentation', async () => {
    const page = await newPage();
    await page.goto(`${server!.baseUrl}/api-docs`);
    await page.waitForURL((url) => url.pathname.startsWith('/api/docs'));
    expect(await page.getByText('Page not found').count()).toBe(0);
    await page.locator('section.swagger-ui').waitFor();
  });

  test('signed in: the hero search opens /search?q=, and /dashboard, /tenders, /bookmarks lead to their views', async () => {
    const page = await newPage();
    await signUpOnboarded(page);

    await page.goto(`${server!.baseUrl}/`);
    await page.getByRole('searchbox', { name: 'Search tenders' }).fill('IT services in Ontario');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search?q=IT+services+in+Ontario');

    for (const [from, to] of [
      ['/dashboard', '/home'],
      ['/tenders', '/table-view'],
      ['/bookmarks', '/bookmarks'],
    ] as const) {
      await page.goto(`${server!.baseUrl}${from}`);
      await page.waitForURL((url) => url.pathname === to);
      expect(await page.getByTestId('not-found').count()).toBe(0);
    }
  });
});

/** English strings of a catalogue that French spells differently (placeholders stripped). */
function englishOnly(en: unknown, fr: unknown, out: string[] = []): string[] {
  if (typeof en === 'string') {
    if (typeof fr === 'string' && fr !== en && !en.includes('{{')) out.push(en);
    return out;
  }
  if (en && typeof en === 'object') {
    for (const [key, value] of Object.entries(en))
      englishOnly(value, (fr as Record<string, unknown> | undefined)?.[key], out);
  }
  return out;
}
const stillEnglish = (text: string, catalogues: Array<[unknown, unknown]>) =>
  catalogues
    .flatMap(([en, fr]) => englishOnly(en, fr))
    .filter((english) =>
      new RegExp(`(?<![\\p{L}])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text),
    );

const FRENCH_PAGES: Array<{ path: string; title: string; catalogues: Array<[unknown, unknown]> }> = [
  { path: '/', title: frLanding.hero.title, catalogues: [[enLanding, frLanding]] },
  {
    path: '/about',
    title: frAbout.title,
    catalogues: [
      [enAbout, frAbout],
      [enLanding.figures, frLanding.figures],
    ],
  },
  { path: '/contact', title: frContact.title, catalogues: [[enContact, frContact]] },
  ...CONTENT_PAGES.map((name) => ({
    path: `/${name}`,
    title: frContent.pages[name].title,
    catalogues: [[enContent, frContent]] as Array<[unknown, unknown]>,
  })),
  { path: '/no-such-page-e2e', title: frNotFound.title, catalogues: [[enNotFound, frNotFound]] },
];

describe('French', () => {
  test('the language switch turns every public page French, and the choice survives a reload', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: enCommon.language.switchToLabel }).first().click();
    await page.getByRole('heading', { level: 1, name: frLanding.hero.title }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: frLanding.hero.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');

    for (const { path, title, catalogues } of FRENCH_PAGES) {
      await page.goto(`${server!.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      if (path === '/') await page.getByTestId('open-tenders-count').waitFor();
      if (path === '/about') await page.getByTestId('sources-list').waitFor();
      const text = await page.locator('body').innerText();
      expect(stillEnglish(text, [[enCommon, frCommon], ...catalogues]), path).toEqual([]);
    }

    browser.clearPageErrors(/status of 404/); // the French 404 page is a real 404
    // The French contact form validates in French.
    await page.goto(`${server!.baseUrl}/contact`);
    await page.getByRole('button', { name: frContact.form.submit }).click();
    await page.getByText(frContact.validation.nameRequired, { exact: true }).waitFor();
    await screenshot(page, 'public-contact-fr');
  });
});

const ROUTES: Array<[name: string, path: string]> = [
  ['landing', '/'],
  ['about', '/about'],
  ['contact', '/contact'],
  ...CONTENT_PAGES.map((name): [string, string] => [name, `/${name}`]),
  ['not-found', '/no-such-page-e2e'],
];

describe('accessibility and layout', () => {
  for (const [name, path] of ROUTES) {
    test(`${path}: no axe violations and no sideways scroll at 1280 and 375 px`, async () => {
      for (const viewport of [DESKTOP, MOBILE]) {
        const page = await open(path, { viewport });
        if (path === '/') await page.getByTestId('open-tenders-count').waitFor();
        if (path === '/about') await page.getByTestId('sources-list').waitFor();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        await screenshot(page, `public-${name}`);
      }
      if (path === '/no-such-page-e2e') browser.clearPageErrors(/status of 404/);
    });
  }

  test('the landing page with a search preview has no axe violations', async () => {
    const page = await open('/?q=construction', { viewport: MOBILE });
    await page.getByTestId('search-preview').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'public-landing-search');
  });
});
