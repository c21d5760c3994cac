import type { FilterOptions, TableQueryInput, TenderPage } from '@app/shared/tender';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageItems } from '../src/features/tenders/components/table-view/pagination.ts';
import { chooseLanguage, DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { insertTenders, torontoMidday } from './db-fixtures.ts';
import { onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

const COMPANY = 'Table Test Builders Inc.';
const NEW_TAB = ' (opens in a new tab)';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
const signedInPage = signedInPages(browser, () => session);
let server: RunningServer;
/** Cookies and local storage of one signed-in, onboarded user, reused by every test. */
let session: Session;

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  const page = await browser.newPage();
  session = await onboardedSession(page, server, COMPANY);
  await page.context().close();
});

afterAll(async () => {
  await server?.stop();
});

async function table(query: TableQueryInput): Promise<TenderPage> {
  const res = await fetch(`${server.baseUrl}/api/tenders/table`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify(query),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TenderPage;
}

async function filterOptions(): Promise<FilterOptions> {
  const res = await fetch(`${server.baseUrl}/api/tenders/filter-options`);
  expect(res.status).toBe(200);
  return (await res.json()) as FilterOptions;
}

const titles = (page: Page) => page.getByTestId('tv-title');
async function shownTitles(page: Page): Promise<string[]> {
  return (await titles(page).allTextContents()).map((t) => t.replace(NEW_TAB, ''));
}

/** Waits until the table shows exactly these titles (the page may still show the previous set). */
async function expectRows(page: Page, expected: TenderPage) {
  const want = expected.tenders.map((t) => t.title);
  await expect.poll(() => shownTitles(page), { timeout: 15_000 }).toEqual(want);
  const en = new Intl.NumberFormat('en-CA');
  const from = (expected.page - 1) * expected.page_size + 1;
  await expect
    .poll(() => page.getByTestId('tv-range').textContent())
    .toBe(`Showing ${en.format(from)}–${en.format(from + want.length - 1)} of ${en.format(expected.total)} tenders`);
}

const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');

describe('table view', () => {
  test('lists the first 50 open tenders like the API, with the welcome, count, TBD texts and pagination', async () => {
    const expected = await table({});
    expect(expected.tenders.length).toBe(50);
    expect(expected.page_count).toBeGreaterThan(5);

    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view`);
    await page.getByRole('heading', { level: 1, name: `Welcome back, ${COMPANY}` }).waitFor();
    await expectRows(page, expected);
    const stats = (await (await fetch(`${server.baseUrl}/api/tenders/stats`)).json()) as { open_tenders: number };
    expect(await page.getByTestId('active-count').textContent()).toBe(
      `${new Intl.NumberFormat('en-CA').format(stats.open_tenders)} active tenders`,
    );

    // Each row: closing date or 'TBD', value or 'Value TBD'.
    const closing = await page.getByTestId('tv-closing').allTextContents();
    const values = await page.getByTestId('tv-value').allTextContents();
    expected.tenders.forEach((t, i) => {
      if (!t.closing_date) expect(closing[i]).toBe('TBD');
      else expect(closing[i]).not.toBe('TBD');
      if (t.estimated_value === null) expect(values[i]).toBe('Value TBD');
      else expect(values[i]).toMatch(/^\$[\d,]+$/);
    });

    // Numbered pagination with ellipses (more than 5 pages).
    const nav = page.getByRole('navigation', { name: 'Pages' });
    const items = pageItems(1, expected.page_count);
    expect(await nav.getByTestId('tv-gap').count()).toBe(items.filter((i) => i === 'gap').length);
    expect(await nav.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(
      items.filter((i) => i !== 'gap').map((n) => new Intl.NumberFormat('en-CA').format(n)),
    );
    expect(await nav.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    // Last page, then a middle page: both equal the API's pages, with gaps on both sides in the middle.
    await nav.getByRole('button', { name: `Page ${expected.page_count}` }).click();
    await expectRows(page, await table({ page: expected.page_count }));
    expect(pageParam(page)).toBe(String(expected.page_count));
    await nav.getByRole('button', { name: 'Previous' }).click();
    await nav.getByRole('button', { name: 'Previous' }).click();
    const middle = expected.page_count - 2;
    await expectRows(page, await table({ page: middle }));
    if (middle > 3 && middle < expected.page_count - 2) expect(await nav.getByTestId('tv-gap').count()).toBe(2);

    // Reload keeps the page; back returns to the previous one.
    await page.reload();
    await expectRows(page, await table({ page: middle }));
    await page.goBack();
    await expectRows(page, await table({ page: middle + 1 }));
  });

  test('each filter narrows to what the API returns, shows a removable chip, and goes back to page 1', async () => {
    const options = await filterOptions();
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view?page=2`);
    await expectRows(page, await table({ page: 2 }));

    const cases = [
      { label: 'Region', api: 'regions', option: options.regions.find((o) => o.count > 0), chip: (v: string) => v },
      {
        label: 'Category',
        api: 'categories',
        option: options.categories.find((o) => o.count > 0),
        chip: (_: string, l: string) => l,
      },
      {
        label: 'Notice type',
        api: 'notice_types',
        option: options.notice_types.find((o) => o.count > 0),
        chip: (v: string) => v,
      },
      {
        label: 'Status',
        api: 'statuses',
        option: options.statuses.find((o) => o.value === 'Closed'),
        chip: (v: string) => v,
      },
      {
        label: 'Organization',
        api: 'organizations',
        option: options.organizations.find((o) => o.count > 0),
        chip: (v: string) => v,
      },
    ] as const;

    for (const c of cases) {
      expect(c.option, `an option for ${c.label}`).toBeDefined();
      const { value, label } = c.option!;
      const filtered = await table({ [c.api]: [value] });
      const unfiltered = await table({});
      // Status replaces the default (Open); every other filter narrows it.
      if (c.api !== 'statuses') expect(filtered.total, `${c.label} ${value} narrows`).toBeLessThan(unfiltered.total);
      expect(filtered.total).toBeGreaterThan(0);

      await page.getByLabel(c.label, { exact: true }).selectOption(value);
      await expectRows(page, filtered);
      expect(pageParam(page)).toBeNull();
      const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
      expect(await chip.count()).toBe(1);
      const chipText = c.chip(value, label);
      expect(await chip.textContent()).toContain(chipText);

      // On page 2 of the filtered set, removing the chip goes back to page 1 of everything.
      if (filtered.page_count > 1) {
        await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
        await expectRows(page, await table({ [c.api]: [value], page: 2 }));
      }
      await page.getByRole('button', { name: `Remove filter: ${chipText}` }).click();
      await expectRows(page, unfiltered);
      expect(pageParam(page)).toBeNull();
    }

    // Two filters together: the API's intersection.
    const region = options.regions.find((o) => o.count > 0)!.value;
    const category = options.categories.find((o) => o.count > 0)!.value;
    await page.getByLabel('Region', { exact: true }).selectOption(region);
    await page.getByLabel('Category', { exact: true }).selectOption(category);
    await expectRows(page, await table({ regions: [region], categories: [category] }));
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expectRows(page, await table({}));
  }, 120_000);

  test('the text search matches title, description and organization on the server', async () => {
    const first = (await table({})).tenders.find((t) => t.contracting_entity_name);
    expect(first).toBeDefined();
    const text = first!.contracting_entity_name!.split(/\s+/).slice(0, 2).join(' ');
    const expected = await table({ q: text });
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan((await table({})).total);
    for (const t of expected.tenders) {
      const haystack = [t.title, t.description, t.contracting_entity_name].join(' ').toLowerCase();
      expect(haystack).toContain(text.toLowerCase());
    }

    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view?page=3`);
    await expectRows(page, await table({ page: 3 }));
    await page.getByRole('searchbox', { name: 'Search tenders' }).fill(text);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectRows(page, expected);
    expect(pageParam(page)).toBeNull();
    expect(new URL(page.url()).searchParams.get('text')).toBe(text);

    // Nothing matches: the empty state of the spec.
    await page.getByRole('searchbox', { name: 'Search tenders' }).fill('zzqxv nothing matches this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No tenders found').waitFor();
    await page.getByText('Try adjusting your search criteria or check back later for new opportunities.').waitFor();
  });

  test('a row opens the tender in a new tab; the notice link goes to the source', async () => {
    const expected = await table({});
    const [tender] = expected.tenders;
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view`);
    await expectRows(page, expected);
    const link = titles(page).first();
    expect(await link.getAttribute('href')).toBe(`/tender-notice/${encodeURIComponent(tender!.id)}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL(`**/tender-notice/${encodeURIComponent(tender!.id)}`);
    await tab.getByRole('heading', { level: 1, name: tender!.title }).waitFor();
    await tab.close();

    const withSource = expected.tenders.findIndex((t) => t.source_url);
    if (withSource >= 0) {
      const notice = page
        .getByRole('row')
        .nth(withSource + 1)
        .getByRole('link', { name: /View notice/ });
      expect(await notice.getAttribute('href')).toBe(expected.tenders[withSource]!.source_url);
      expect(await notice.getAttribute('target')).toBe('_blank');
    }
  });

  test("a tender with no closing date or value reads 'TBD' and 'Value TBD'; text matches title and description separately", async () => {
    insertTenders(server, [
      // Unique words: one only in a title, one only in a description.
      { id: 'e2e-tbd', title: 'Quokkavale wharf inspection', description: 'Annual inspection of the wharf.' },
      {
        id: 'e2e-valued',
        title: 'Harbour dredging study',
        description: 'Marblequorn sediment sampling and analysis.',
        closing_date: torontoMidday(40),
        estimated_value: 125_000,
      },
    ]);
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view`);
    const search = async (q: string) => {
      await page.getByRole('searchbox', { name: 'Search tenders' }).fill(q);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };

    await search('quokkavale');
    await expect.poll(() => shownTitles(page)).toEqual(['Quokkavale wharf inspection']);
    expect(await page.getByTestId('tv-closing').allTextContents()).toEqual(['TBD']);
    expect(await page.getByTestId('tv-value').allTextContents()).toEqual(['Value TBD']);

    // A word only in the description finds its tender; its closing date and value are shown.
    await search('MARBLEQUORN');
    await expect.poll(() => shownTitles(page)).toEqual(['Harbour dredging study']);
    expect(await page.getByTestId('tv-value').allTextContents()).toEqual(['$125,000']);
    expect(await page.getByTestId('tv-closing').allTextContents()).not.toEqual(['TBD']);
    // The title's word does not find the description's tender, nor the other way round.
    await search('dredging quokkavale');
    await page.getByText('No tenders found').waitFor();

    // French: 'À déterminer' and 'Valeur à déterminer'.
    const fr = await signedInPage();
    await chooseLanguage(fr, 'fr');
    await fr.goto(`${server.baseUrl}/table-view?text=quokkavale`);
    await expect.poll(() => fr.getByTestId('tv-closing').count()).toBe(1);
    expect(await fr.getByTestId('tv-closing').allTextContents()).toEqual(['À déterminer']);
    expect(await fr.getByTestId('tv-value').allTextContents()).toEqual(['Valeur à déterminer']);
  });

  test('clicking anywhere on a row opens the tender in a new tab', async () => {
    const expected = await table({});
    const tender = expected.tenders[1]!;
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/table-view`);
    await expectRows(page, expected);
    // The organization cell, not the title link.
    const cell = page.getByRole('row').nth(2).getByTestId('tv-organization');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), cell.click()]);
    await tab.waitForURL(`**/tender-notice/${encodeURIComponent(tender.id)}`);
    expect(new URL(tab.url()).pathname).toBe(`/tender-notice/${encodeURIComponent(tender.id)}`);
    expect(page.url()).toBe(`${server.baseUrl}/table-view`);
    await tab.close();
  });

  test('the loading and empty states; the 10 regions and 5 statuses are offered whatever the data', async () => {
    const page = await signedInPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tenders/table', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/table-view`);
    await page.getByText('Finding relevant tenders...').first().waitFor();
    release();
    await page.getByTestId('tv-title').first().waitFor();
    await page.unroute('**/api/tenders/table');

    // Spec §2 and §9: the ten regions and the five statuses, each offered even at count 0.
    const options = async (label: string) =>
      (await page.getByLabel(label, { exact: true }).locator('option').allTextContents()).slice(1);
    await expect.poll(async () => (await options('Region')).length).toBe(10);
    expect((await options('Region')).map((o) => o.replace(/ \([\d,]+\)$/, ''))).toEqual([
      'Ontario',
      'British Columbia',
      'Alberta',
      'Quebec',
      'Manitoba',
      'Saskatchewan',
      'Nova Scotia',
      'New Brunswick',
      'Newfoundland and Labrador',
      'Prince Edward Island',
    ]);
    expect((await options('Status')).map((o) => o.replace(/ \([\d,]+\)$/, ''))).toEqual([
      'Active',
      'Open',
      'Closed',
      'Cancelled',
      'Awarded',
    ]);
    // Categories are the data's four codes.
    expect((await options('Category')).map((o) => o.replace(/ \([\d,]+\)$/, ''))).toEqual([
      'Construction',
      'Goods',
      'Services',
      'Service related to Goods',
    ]);

    await page.goto(`${server.baseUrl}/table-view?text=zzqxv+nothing+matches`);
    await page.getByText('No tenders found').waitFor();
    await page.getByText('Try adjusting your search criteria or check back later for new opportunities.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'table-view-empty');
  });

  test('in French the organization and the notice type filter read the source’s French text', async () => {
    const fr = await signedInPage();
    await chooseLanguage(fr, 'fr');
    // The real CanadaBuys notices of Statistics Canada (closed by now).
    await fr.goto(`${server.baseUrl}/table-view?status=Closed&org=${encodeURIComponent('Statistics Canada')}`);
    await expect
      .poll(async () => (await fr.getByTestId('tv-organization').allTextContents()).length)
      .toBeGreaterThan(0);
    expect(new Set(await fr.getByTestId('tv-organization').allTextContents())).toEqual(new Set(['Statistique Canada']));
    const types = await fr.getByLabel("Type d'avis", { exact: true }).locator('option').allTextContents();
    expect(types.some((o) => o.startsWith('Demande de propositions'))).toBe(true);
    expect(types.some((o) => o.startsWith('Request for Proposal'))).toBe(false);
  });

  test('in French, accessible, and without sideways scrolling at 1280 and 375 px', async () => {
    const expected = await table({});
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await signedInPage({ viewport });
      await page.goto(`${server.baseUrl}/table-view`);
      await expectRows(page, expected);
      await page.getByLabel('Region', { exact: true }).selectOption('Ontario');
      await expectRows(page, await table({ regions: ['Ontario'] }));
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, 'table-view');

      const fr = await signedInPage({ viewport });
      await chooseLanguage(fr, 'fr');
      await fr.goto(`${server.baseUrl}/table-view?region=Quebec`);
      await fr.getByRole('heading', { level: 1, name: `Bon retour, ${COMPANY}` }).waitFor();
      const frPage = await table({ regions: ['Quebec'] });
      await expect.poll(async () => (await shownTitles(fr)).length).toBe(frPage.tenders.length);
      await fr.getByRole('button', { name: 'Retirer le filtre : Québec' }).waitFor();
      expect(await fr.getByRole('navigation', { name: 'Pages' }).textContent()).toContain("appels d'offres");
      await expectNoAxeViolations(fr);
      expect(await fr.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(fr, 'table-view-fr');
    }
  }, 180_000);
});
