import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { insertTenders, torontoMidday, withDb } from './db-fixtures.ts';
import { onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

/**
 * Every discovery screen (home with its four tabs, table, search, tender detail, bookmarks,
 * calendar) and their special states, in English and French, at 1280 and 375 px: zero axe
 * violations, no sideways scrolling, and a screenshot of each in artifacts/screenshots/
 * (`screen-<name>[-fr]-<width>.png`) for a person to look at.
 */

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const b = useBrowser();
const signedInPage = signedInPages(b, () => session);
let server: RunningServer;
let session: Session;
let userId: string;
const DETAIL_ID = 'e2e-screens-detail';

beforeAll(async () => {
  server = await startServer({ ingestFiles: [CANADABUYS_SAMPLE] });
  insertTenders(server, [
    {
      id: DETAIL_ID,
      title: 'Replacement of the heating, ventilation and air conditioning system at the Regina federal building',
      title_fr:
        'Remplacement du système de chauffage, de ventilation et de climatisation de l’édifice fédéral de Regina',
      description:
        'Public Services and Procurement Canada requires a contractor to replace the HVAC system. The work includes ' +
        'removal of the existing equipment, installation and commissioning. A mandatory site visit will be held.',
      description_fr:
        'Services publics et Approvisionnement Canada requiert un entrepreneur pour remplacer le système CVC. Les ' +
        'travaux comprennent le retrait de l’équipement existant, l’installation et la mise en service.',
      procurement_type: 'Request for Proposal',
      procurement_type_fr: 'Demande de propositions',
      procurement_method: 'Competitive - Open bidding',
      procurement_method_fr: 'Concurrentielle - Invitation ouverte à soumissionner',
      category_primary: 'CNST',
      unspsc: '72151200',
      unspsc_description: 'Heating, ventilation and air conditioning HVAC construction services',
      unspsc_description_fr: 'Services de construction de systèmes de chauffage, ventilation et climatisation',
      region_keys: '|Saskatchewan|',
      contracting_entity_name: 'Public Services and Procurement Canada',
      contracting_entity_name_fr: 'Services publics et Approvisionnement Canada',
      contracting_entity_city: 'Regina',
      contracting_entity_province: 'Saskatchewan',
      closing_date: torontoMidday(5),
      estimated_value: 2_450_000,
      source_url: 'https://canadabuys.canada.ca/en/tender-opportunities',
    },
  ]);
  const page = await b.newPage();
  session = await onboardedSession(page, server, 'Screens Check Engineering Ltd.');
  userId = session.userId;
  // Something in every list: three bookmarks (one with notes, one archived), a search, a view.
  const open = withDb(
    server,
    (db) =>
      db
        .prepare(
          `SELECT id FROM tender WHERE status IN ('Open','Active') AND closing_date > ? AND id != ?
           ORDER BY closing_date LIMIT 3`,
        )
        .all(new Date(Date.now() + 86_400_000).toISOString(), DETAIL_ID) as { id: string }[],
  );
  for (const id of [DETAIL_ID, ...open.map((o) => o.id)]) {
    const res = await page.request.post(`${server.baseUrl}/api/bookmarks`, {
      data: { userId, tender_notice_id: id },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
  }
  await page.request.put(`${server.baseUrl}/api/bookmarks/${userId}/${DETAIL_ID}/notes`, {
    data: { notes: 'Site visit on Tuesday. Ask about the asbestos survey.' },
    headers: { origin: server.baseUrl },
  });
  await page.request.patch(`${server.baseUrl}/api/bookmarks/${userId}/${open[2]!.id}`, {
    data: { status: 'archived' },
    headers: { origin: server.baseUrl },
  });
  await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent('construction projects in Saskatchewan')}`);
  await page.getByTestId('found-count').or(page.getByText('No results found')).waitFor();
  await page.goto(`${server.baseUrl}/tender-notice/${DETAIL_ID}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.context().close();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data (may depend on the language). */
  ready: (page: Page, language: 'en' | 'fr') => Locator;
  /** Brings the screen into the state to check (after `ready`). */
  act?: (page: Page, language: 'en' | 'fr') => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'home-recommended',
    path: '/home',
    ready: (p) => p.getByTestId('recommendation').first().or(p.locator('.dash-empty').first()),
  },
  { name: 'home-bookmarks', path: '/home?tab=bookmarks', ready: (p) => p.locator('.bm-compact li').first() },
  {
    name: 'home-chat',
    path: '/home?tab=chat',
    ready: (p, l) => p.getByRole('textbox', { name: l === 'fr' ? 'Votre message' : 'Your message' }),
    act: async (p, l) => {
      const input = p.getByRole('textbox', { name: l === 'fr' ? 'Votre message' : 'Your message' });
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.fill(
        l === 'fr' ? 'appels d’offres de construction en Saskatchewan' : 'construction tenders in Saskatchewan',
      );
      await input.press('Enter');
      await p.locator('[data-role="model"]').first().waitFor({ timeout: 30_000 });
    },
  },
  { name: 'home-activity', path: '/home?tab=history', ready: (p) => p.getByTestId('activity-list') },
  { name: 'table', path: '/table-view', ready: (p) => p.getByTestId('tv-title').first() },
  {
    name: 'table-empty',
    path: '/table-view?text=zzqxv+nothing+matches',
    ready: (p, l) => p.getByText(l === 'fr' ? "Aucun appel d'offres trouvé" : 'No tenders found'),
  },
  { name: 'search', path: '/search?q=services', ready: (p) => p.getByTestId('match').first() },
  {
    name: 'tender-detail',
    path: `/tender-notice/${DETAIL_ID}`,
    ready: (p) => p.getByTestId('ai-summary').or(p.getByTestId('closing-countdown')).first(),
    act: async (p, l) => {
      await p
        .getByTestId('ai-summary')
        .or(p.getByText(l === 'fr' ? "BreezeAI n'a pas pu résumer" : 'BreezeAI could not summarise'))
        .first()
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'tender-not-found',
    path: '/tender-notice/no-such-tender-screens',
    ready: (p, l) => p.getByRole('heading', { level: 1, name: l === 'fr' ? /introuvable/i : 'Tender Not Found' }),
  },
  { name: 'bookmarks', path: '/bookmarks', ready: (p) => p.getByTestId('bookmark-item').first() },
  {
    name: 'bookmarks-notes',
    path: '/bookmarks',
    ready: (p) => p.getByTestId('bookmark-item').first(),
    act: async (p) => {
      await p.locator(`[data-tender-id="${DETAIL_ID}"] .bm-actions button`).first().click();
      await p.locator(`[data-tender-id="${DETAIL_ID}"] textarea`).waitFor();
    },
  },
  { name: 'calendar', path: '/calendar', ready: (p) => p.locator('.fc-dayGridMonth-view .fc-event').first() },
  {
    name: 'calendar-week',
    path: '/calendar',
    ready: (p) => p.locator('.fc-dayGridMonth-view').first(),
    act: async (p, l) => {
      // A time grid from 40rem up, a list on a phone (ADR 0014).
      await p.getByRole('button', { name: l === 'fr' ? 'Semaine' : 'Week', exact: true }).click();
      await p.locator('.fc-timeGridWeek-view, .fc-listWeek-view').first().waitFor();
    },
  },
  {
    name: 'calendar-list',
    path: '/calendar',
    ready: (p) => p.locator('.fc-dayGridMonth-view').first(),
    act: async (p) => {
      await p.locator('.fc-listMonth-button').click();
      await p.locator('.fc-list').waitFor();
    },
  },
];

/** The innermost elements whose right edge is past the viewport (run in the page). */
function widerThanViewport(): string[] {
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (el.getBoundingClientRect().right <= window.innerWidth + 0.5) continue;
    if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5)) continue;
    out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}"`);
  }
  return out.slice(0, 5);
}

describe('every discovery screen, EN and FR, 1280 and 375 px', () => {
  for (const screen of SCREENS) {
    test(
      screen.name,
      async () => {
        for (const language of ['en', 'fr'] as const) {
          for (const viewport of [DESKTOP, MOBILE]) {
            const page = await signedInPage({ viewport, language, timezoneId: 'America/Toronto' });
            await page.goto(`${server.baseUrl}${screen.path}`);
            await screen.ready(page, language).waitFor({ timeout: 30_000 });
            await screen.act?.(page, language);
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(
              language === 'fr' ? 'fr-CA' : 'en-CA',
            );
            await expectNoAxeViolations(page);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            // Name what sticks out, so a failure says where to look.
            const wide = overflow > 0 ? await page.evaluate(widerThanViewport) : [];
            expect(
              overflow,
              `${screen.name} ${language} ${viewport.width}px scrolls sideways: ${wide.join(', ')}`,
            ).toBeLessThanOrEqual(0);
            await screenshot(page, `screen-${screen.name}${language === 'fr' ? '-fr' : ''}`);
            await page.context().close();
          }
        }
        // The not-found page's lookup by id answers 404 (spec §4 lookup order); Chromium logs it.
        b.clearPageErrors(/status of 404/);
      },
      240_000,
    );
  }
});
