import type { SearchCriteriaInput, SearchResponse } from '@app/shared/tender';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchBand, matchPercent } from '../src/features/tenders/components/search/match.ts';
import { chooseLanguage, DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { insertTenders, torontoMidday } from './db-fixtures.ts';
import { onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
const signedInPage = signedInPages(browser, () => session);
let server: RunningServer;
let session: Session;
const en = new Intl.NumberFormat('en-CA');

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  const page = await browser.newPage();
  session = await onboardedSession(page, server, 'Search Page Consulting');
  await page.context().close();
});

afterAll(async () => {
  await server?.stop();
});

async function search(criteria: SearchCriteriaInput): Promise<SearchResponse> {
  const res = await fetch(`${server.baseUrl}/api/tenders/searchTenders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ limit: 20, ...criteria }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const results = (page: Page) =>
  page.getByRole('list', { name: /^Tenders matching/ }).getByRole('heading', { level: 2 });

async function expectResults(page: Page, expected: SearchResponse['results']) {
  await expect.poll(() => results(page).allTextContents(), { timeout: 15_000 }).toEqual(expected.map((r) => r.title));
}

const found = (r: SearchResponse) =>
  r.search_metadata.total_is_lower_bound
    ? `Found ${en.format(r.total_results)}+ relevant contracts`
    : `Found ${en.format(r.total_results)} relevant ${r.total_results === 1 ? 'contract' : 'contracts'}`;

describe('search page', () => {
  test('lists the API results with counts, max relevance, match % and bands, tags, and loads the next page', async () => {
    const q = 'services';
    const first = await search({ q });
    expect(first.search_metadata.has_more).toBe(true);
    const second = await search({ q, offset: 20 });
    expect(second.results.length).toBeGreaterThan(0);

    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/search?q=${q}`);
    await page.getByRole('heading', { level: 1, name: `Search Results for "${q}"` }).waitFor();
    await expectResults(page, first.results);
    expect(await page.getByTestId('found-count').textContent()).toBe(found(first));
    const max = first.search_metadata.max_score;
    if (max !== null) {
      const value = (Math.round(max * 100) / 10).toLocaleString('en-CA', {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
      expect(await page.getByTestId('max-relevance').textContent()).toBe(`Max relevance: ${value}%`);
    }

    const matches = page.getByTestId('match');
    for (const [i, r] of first.results.entries()) {
      const percent = matchPercent(r.search_score);
      expect(await matches.nth(i).getByTestId('match-percentage').textContent()).toBe(`${percent}%`);
      expect(await matches.nth(i).getAttribute('data-band')).toBe(matchBand(percent));
      const band = { high: 'Strong match', medium: 'Good match', low: 'Partial match' }[matchBand(percent)];
      expect(await matches.nth(i).textContent()).toContain(band);
      const tags = page
        .getByRole('list', { name: /Tenders matching/ })
        .getByRole('listitem')
        .nth(i)
        .getByRole('list', { name: 'Tags' });
      expect(await tags.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    }
    const link = results(page).first().getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/tender-notice/${encodeURIComponent(first.results[0]!.id)}`);

    await page.getByRole('button', { name: 'Load More Results' }).click();
    await expectResults(page, [...first.results, ...second.results]);
    // Focus moves to the first new result.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(second.results[0]!.title);
    await screenshot(page, 'search');
    await expectNoAxeViolations(page);
  });

  test('the filter panel narrows to what the API returns; Reset and Clear Filters undo it', async () => {
    const q = 'services';
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/search?q=${q}`);
    await expectResults(page, (await search({ q })).results);

    await page.getByRole('checkbox', { name: 'Ontario' }).check();
    await page.getByRole('checkbox', { name: 'Quebec' }).check();
    await page.getByRole('radio', { name: 'Request for Proposal' }).check();
    const after = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Closing Date After').fill(after);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const filtered = await search({
      q,
      regions: ['Ontario', 'Quebec'],
      procurement_method: 'Request for Proposal',
      closing_date_after: after,
    });
    expect(filtered.total_results).toBeLessThan((await search({ q })).total_results);
    if (filtered.results.length > 0) await expectResults(page, filtered.results);
    else await page.getByText('No results found').waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.getAll('region')).toEqual(['Ontario', 'Quebec']);
    expect(url.searchParams.get('method')).toBe('Request for Proposal');
    expect(url.searchParams.get('after')).toBe(after);

    // Reload keeps the filters (and the panel shows them).
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Ontario' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectResults(page, (await search({ q })).results);
    expect(new URL(page.url()).searchParams.getAll('region')).toEqual([]);

    // A filter set with nothing in it: 'No results found' and Clear Filters.
    await page.goto(`${server.baseUrl}/search?q=${q}&region=Prince+Edward+Island&after=2099-01-01`);
    expect(
      (await search({ q, regions: ['Prince Edward Island'], closing_date_after: '2099-01-01' })).total_results,
    ).toBe(0);
    await page.getByText('No results found').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expectResults(page, (await search({ q })).results);
  });

  test('shows what the parser understood; removing a part searches again without it', async () => {
    const q = 'IT services in Ontario under $100K';
    const parsed = await search({ q });
    const labels = parsed.search_metadata.understood.map((u) => u.label);
    expect(labels).toEqual(expect.arrayContaining(['Ontario', 'under $100,000']));

    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    const chips = page.getByRole('list', { name: 'Understood:' }).getByRole('listitem');
    await expect.poll(() => chips.allTextContents()).toEqual(labels.map((l) => `${l}×`));
    await expectResults(page, parsed.results);

    await page.getByRole('button', { name: 'Remove “Ontario” from the search' }).click();
    const part = parsed.search_metadata.understood.find((u) => u.label === 'Ontario')!;
    const rest = q.replace(part.text, '').replace(/\s+/g, ' ').trim();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(rest);
    const without = await search({ q: rest });
    expect(without.search_metadata.understood.map((u) => u.label)).not.toContain('Ontario');
    await expect
      .poll(() => chips.allTextContents())
      .toEqual(without.search_metadata.understood.map((u) => `${u.label}×`));
    await expectResults(page, without.results);
    await page.getByRole('heading', { level: 1, name: `Search Results for "${rest}"` }).waitFor();
  });

  test('the header search runs only when the text changed', async () => {
    const page = await signedInPage();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/tenders/searchTenders')) calls++;
    });
    await page.goto(`${server.baseUrl}/search?q=roof`);
    await expectResults(page, (await search({ q: 'roof' })).results);
    const before = calls;
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForTimeout(500);
    expect(calls).toBe(before);
    expect(new URL(page.url()).searchParams.get('q')).toBe('roof');

    await page.getByRole('searchbox', { name: 'Search tenders' }).fill('security');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectResults(page, (await search({ q: 'security' })).results);
    expect(calls).toBeGreaterThan(before);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  test('match percentages of the documented formula: the three bands, the 85 default, at most 3 tags', async () => {
    // ADR 0004: score = 10 × Σ idf·field / Σ idf, field = title 1.0, organisation/codes 0.7,
    // description 0.4. Each made-up word is in all four notices, so every idf is the same and
    // the score is the mean of the fields: (1+1+1)/3 = 100%, (1+1+0.7)/3 = 90%,
    // (1+0.7+0.7)/3 = 80%, (1+0.4+0.4)/3 = 60%.
    const closing = torontoMidday(30);
    insertTenders(server, [
      {
        id: 'e2e-m-a',
        title: 'Zorblax quintor vexmire renewal',
        contracting_entity_name: 'Zeta Public Works',
        contracting_entity_name_fr: 'Travaux publics Zêta',
        category_primary: 'SRV*GD',
        gsin: 'N7030',
        closing_date: closing,
      },
      {
        id: 'e2e-m-b',
        title: 'Zorblax quintor upgrade',
        contracting_entity_name: 'Vexmire Harbour Authority',
        category_primary: 'CNST*SRV*GD',
        gsin: 'N5',
        closing_date: closing,
      },
      {
        id: 'e2e-m-c',
        title: 'Zorblax survey',
        contracting_entity_name: 'Quintor Vexmire Board',
        category_primary: 'SRV',
        closing_date: closing,
      },
      {
        id: 'e2e-m-d',
        title: 'Zorblax maintenance',
        description: 'Includes the quintor and vexmire checks.',
        gsin: 'N70, N71',
        closing_date: closing,
      },
    ]);
    const q = 'zorblax quintor vexmire';
    const page = await signedInPage();
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    await expect
      .poll(() => results(page).allTextContents())
      .toEqual(['Zorblax quintor vexmire renewal', 'Zorblax quintor upgrade', 'Zorblax survey', 'Zorblax maintenance']);
    expect(await page.getByTestId('found-count').textContent()).toBe('Found 4 relevant contracts');
    expect(await page.getByTestId('max-relevance').textContent()).toBe('Max relevance: 100.0%');
    const matches = page.getByTestId('match');
    expect(await page.getByTestId('match-percentage').allTextContents()).toEqual(['100%', '90%', '80%', '60%']);
    expect(await matches.evaluateAll((els) => els.map((e) => e.className))).toEqual([
      'match match--high',
      'match match--high',
      'match match--medium',
      'match match--low',
    ]);
    expect(await matches.locator('.match__band').allTextContents()).toEqual([
      'Strong match',
      'Strong match',
      'Good match',
      'Partial match',
    ]);
    // Tags: the decoded category codes, then the GSIN codes; three at most.
    const tagsOf = (i: number) =>
      page
        .getByRole('list', { name: /^Tenders matching/ })
        .locator(':scope > li')
        .nth(i)
        .getByTestId('result-tag')
        .allTextContents();
    expect(await tagsOf(0)).toEqual(['Services', 'Goods', 'N7030']);
    expect(await tagsOf(1)).toEqual(['Construction', 'Services', 'Goods']);
    expect(await tagsOf(2)).toEqual(['Services']);
    expect(await tagsOf(3)).toEqual(['N70', 'N71']);
    await expectNoAxeViolations(page);

    // A result without a score (another server's answer) reads 85%, the medium band.
    const page2 = await signedInPage();
    await page2.route('**/api/tenders/searchTenders', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as SearchResponse;
      const last = body.results.find((r) => r.id === 'e2e-m-d') as Partial<SearchResponse['results'][number]>;
      delete last.search_score;
      await route.fulfill({ response, json: body });
    });
    await page2.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    await expect
      .poll(() => page2.getByTestId('match-percentage').allTextContents())
      .toEqual(['100%', '90%', '80%', '85%']);
    expect(await page2.getByTestId('match').nth(3).getAttribute('class')).toBe('match match--medium');

    // In French: the bands and the organization's French name.
    const fr = await signedInPage();
    await chooseLanguage(fr, 'fr');
    await fr.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    await expect
      .poll(() => fr.getByTestId('match-percentage').allTextContents())
      .toEqual(['100 %', '90 %', '80 %', '60 %']);
    expect(await fr.locator('.result__org').first().textContent()).toBe('Travaux publics Zêta');
    expect(await fr.locator('.match__band').allTextContents()).toEqual([
      'Excellente correspondance',
      'Excellente correspondance',
      'Bonne correspondance',
      'Correspondance partielle',
    ]);
  });

  test("'Searching contracts...' while the search runs; every understood part in French", async () => {
    const page = await signedInPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tenders/searchTenders', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/search?q=roof`);
    await page.getByText('Searching contracts...').waitFor();
    release();
    await expectResults(page, (await search({ q: 'roof' })).results);
    expect(await page.getByText('Searching contracts...').count()).toBe(0);

    const q = 'RFI for goods contracts in Quebec under $50K';
    const parsed = await search({ q });
    const kinds = parsed.search_metadata.understood.map((u) => u.kind);
    expect([...kinds].sort()).toEqual(['category', 'notice_type', 'region', 'value_max']);
    const english = {
      region: 'Quebec',
      value_max: 'under $50,000',
      notice_type: 'Request for Information',
      category: 'Goods',
    };
    const french = {
      region: 'Québec',
      value_max: 'moins de 50 000 $',
      notice_type: 'Demande de renseignements',
      category: 'Biens',
    };
    const chipTexts = async (p: Page) =>
      (
        await p
          .getByRole('list', { name: /^(Understood|Compris)/ })
          .locator('.understood__text')
          .allTextContents()
      ).map((t) => t.replace(/\s+/g, ' '));
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    await expect.poll(() => chipTexts(page)).toEqual(kinds.map((k) => english[k as keyof typeof english]));

    const fr = await signedInPage();
    await chooseLanguage(fr, 'fr');
    await fr.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
    await expect.poll(() => chipTexts(fr)).toEqual(kinds.map((k) => french[k as keyof typeof french]));
    await fr.getByRole('button', { name: 'Retirer « Demande de renseignements » de la recherche' }).waitFor();
    // Closing dates and methods too.
    const q2 = 'standing offer closing before December 15 2026';
    const parsed2 = await search({ q: q2 });
    expect(parsed2.search_metadata.understood.map((u) => u.kind).sort()).toEqual(['closing_before', 'method']);
    expect(parsed2.search_metadata.understood.find((u) => u.kind === 'closing_before')?.value).toBe('2026-12-14');
    await fr.goto(`${server.baseUrl}/search?q=${encodeURIComponent(q2)}`);
    await expect
      .poll(async () => (await chipTexts(fr)).sort())
      .toEqual(['Offre à commandes', 'clôture au plus tard le 14 déc. 2026'].sort());
  });

  test('in French and on a phone: Filters toggle, no sideways scrolling, no axe violations', async () => {
    const q = 'services';
    const page = await signedInPage({ viewport: MOBILE });
    await page.goto(`${server.baseUrl}/search?q=${q}`);
    await expectResults(page, (await search({ q })).results);
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Apply Filters' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Apply Filters' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'search');

    for (const viewport of [DESKTOP, MOBILE]) {
      const fr = await signedInPage({ viewport });
      await chooseLanguage(fr, 'fr');
      await fr.goto(`${server.baseUrl}/search?q=${encodeURIComponent('services en Ontario')}`);
      await fr
        .getByRole('heading', { level: 1, name: 'Résultats de recherche pour « services en Ontario »' })
        .waitFor();
      const expected = await search({ q: 'services en Ontario' });
      await fr.getByTestId('found-count').waitFor();
      expect(await fr.getByTestId('found-count').textContent()).toMatch(/contrats? pertinents? trouvés?/);
      expect(await fr.getByRole('list', { name: 'Compris :' }).getByRole('listitem').count()).toBe(
        expected.search_metadata.understood.length,
      );
      if (expected.search_metadata.has_more)
        await fr.getByRole('button', { name: 'Charger plus de résultats' }).waitFor();
      expect(await fr.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(fr);
      await screenshot(fr, 'search-fr');
    }
  }, 120_000);
});
