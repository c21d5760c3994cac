import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessageList, ChatSessionList } from '@app/shared/ai';
import { parse } from 'csv-parse/sync';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { callApi, onboardedSession, type Session, signedInPages } from './sign-in-helper.ts';
import { CANADABUYS_SAMPLE, type RunningServer, startServer } from './start-server.ts';

/**
 * Breeze Chat in Chromium (spec §2, §4, §5, §8; issue 6): the spec's error texts and apology
 * bubble, the input disabled before a session exists and while a reply is pending, Enter and
 * Shift+Enter, the comparison as a table with links, HTML of a tender shown inert, and the
 * conversation kept across a reload. Three notices are ingested for it with the real CLI.
 */

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const b = useBrowser();
const signedInPage = signedInPages(b, () => session);
let server: RunningServer;
let session: Session;
let csvDir = '';

const PAINTING = 'cb-999-00000091';
const LENS = 'cb-999-00000092';
const HOSTILE = 'cb-999-00000093';
const HOSTILE_DESCRIPTION =
  'The Coast Guard requires <img src=x onerror="window.__pwned=1"> harbour <b>signage</b><script>window.__pwned=2</script> services for the Gulf region. ' +
  'Bidders must read <svg onload="window.__pwned=3"></svg> the [terms](javascript:window.__pwned=4) and <a href="javascript:window.__pwned=5">annexes</a>.';

type Row = Record<string, string>;
const sample: Row[] = parse(readFileSync(CANADABUYS_SAMPLE, 'utf8'), { columns: true, bom: true });
const header = Object.keys(sample[0]!);
const col = (name: string) => header.find((h) => h.startsWith(name))!;
const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function notice(id: string, title: string, description: string, closesInDays: number, entity: string): Row {
  return {
    ...sample[1]!,
    [col('referenceNumber')]: id,
    [col('solicitationNumber')]: `${id.toUpperCase()}-S`,
    [col('title-titre-eng')]: title,
    [col('title-titre-fra')]: title,
    [col('tenderDescription-descriptionAppelOffres-eng')]: description,
    [col('tenderDescription-descriptionAppelOffres-fra')]: description,
    [col('publicationDate')]: day(-1),
    [col('tenderClosingDate')]: `${day(closesInDays)}T14:00:00`,
    [col('tenderStatus-appelOffresStatut-eng')]: 'Open',
    [col('tenderStatus-appelOffresStatut-fra')]: 'Ouvert',
    [col('contractingEntityName-nomEntitContractante-eng')]: entity,
  };
}

beforeAll(async () => {
  csvDir = mkdtempSync(join(tmpdir(), 'breeze-chat-e2e-'));
  const file = join(csvDir, 'chat.csv');
  const rows = [
    notice(
      PAINTING,
      'Zephyr lighthouse painting',
      'Fisheries and Oceans Canada requires the painting of the Zephyr lighthouse tower. The estimated value is $85,000.',
      20,
      'Fisheries and Oceans Canada',
    ),
    notice(
      LENS,
      'Zephyr lighthouse lens restoration',
      'Parks Canada requires the restoration of the Zephyr lighthouse lens. Bidders must attend a mandatory site visit.',
      30,
      'Parks Canada',
    ),
    notice(HOSTILE, 'Harbour signage <b>notice</b>', HOSTILE_DESCRIPTION, 25, 'Canadian Coast Guard'),
  ];
  writeFileSync(
    file,
    [header, ...rows.map((r) => header.map((h) => r[h] ?? ''))].map((r) => r.map(quote).join(',')).join('\r\n'),
  );
  server = await startServer({ ingestFiles: [file] });
  const page = await b.newPage();
  session = await onboardedSession(page, server, 'Harbour Chat Consulting');
});

afterAll(async () => {
  await server?.stop();
  if (csvDir) rmSync(csvDir, { recursive: true, force: true });
});

async function api<T>(page: Page, path: string): Promise<T> {
  return (await callApi<T>(page, 'GET', path)).body;
}

async function openChat(page: Page) {
  await page.goto(`${server.baseUrl}/home?tab=chat`);
  const panel = page.getByRole('tabpanel', { name: /Breeze Chat/ });
  await panel.getByText('Beta', { exact: true }).waitFor();
  return {
    panel,
    input: panel.getByRole('textbox', { name: 'Your message' }),
    send: panel.getByRole('button', { name: 'Send' }),
  };
}

const MESSAGE_URL = (url: URL) => /^\/api\/chat\/session\/[^/]+\/message$/.test(url.pathname);
const isMessagePost = (route: Route) => route.request().method() === 'POST';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Breeze Chat', () => {
  test('start failure shows the spec’s text; the input stays disabled until a session exists', async () => {
    const page = await signedInPage();
    // As for a user without any conversation: the list is empty, so the tab must create one.
    await page.route(
      (url) => url.pathname === '/api/chat/sessions',
      (route) => route.fulfill({ json: { sessions: [] } }),
    );
    let failStart = true;
    await page.route(
      (url) => url.pathname === '/api/chat/session',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        if (failStart)
          return route.fulfill({
            status: 500,
            json: { statusCode: 500, code: 'internal', error: 'Internal Server Error', message: 'boom' },
          });
        await sleep(1_500); // a slow start: the input must stay disabled meanwhile
        return route.continue();
      },
    );
    const { panel, input, send } = await openChat(page);
    const alert = panel.getByRole('alert');
    await alert.getByText('Failed to start chat session. Please try again.').waitFor();
    expect(await input.isDisabled()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    failStart = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await panel.getByText('Starting a chat session...').waitFor();
    expect(await input.isDisabled()).toBe(true);
    await expect.poll(() => input.isEnabled()).toBe(true);
    expect(await panel.getByText('Failed to start chat session. Please try again.').count()).toBe(0);
    b.clearPageErrors(/status of 500/);
  });

  test('Enter sends, the input is disabled while the reply is pending, Shift+Enter makes a new line, and “compare” answers with a table of linked tenders', async () => {
    const page = await signedInPage();
    let delay = 1_500;
    await page.route(MESSAGE_URL, async (route) => {
      if (!isMessagePost(route)) return route.continue();
      await sleep(delay);
      return route.continue();
    });
    const { panel, input } = await openChat(page);
    await expect.poll(() => input.isEnabled()).toBe(true);

    await input.fill('find zephyr lighthouse tenders');
    await input.press('Enter');
    await panel.getByText('BreezeAI is replying...').waitFor();
    expect(await input.isDisabled()).toBe(true);
    expect(await input.inputValue()).toBe('');
    const replies = panel.locator('[data-role="model"]');
    const before = await replies.count();
    await expect.poll(() => replies.count()).toBe(before + 1);
    await expect.poll(() => input.isEnabled()).toBe(true);
    const found = replies.last();
    expect(await found.textContent()).toContain('I found 2 open tenders');
    expect(await found.locator(`.chat-md a[href="/tender-notice/${PAINTING}"]`).count()).toBe(1);
    expect(await found.locator(`.chat-md a[href="/tender-notice/${LENS}"]`).count()).toBe(1);

    delay = 0;
    await input.fill('compare 1');
    await input.press('Shift+Enter');
    await input.pressSequentially('and 2');
    expect(await input.inputValue()).toBe('compare 1\nand 2');
    await input.press('Enter');
    await expect.poll(() => replies.count()).toBe(before + 2);
    const answer = replies.last();
    const table = answer.getByRole('table');
    await table.waitFor();
    // Column headers are the two tenders, each a link to its page; rows are headed by what they compare.
    const columns = table.getByRole('columnheader');
    expect(await columns.count()).toBe(2);
    const hrefs = await columns.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual([`/tender-notice/${PAINTING}`, `/tender-notice/${LENS}`].sort());
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([
      'Buyer',
      'Category',
      'Closing',
      'Value',
      'Delivery',
      'Notice type',
      'Requirements',
    ]);
    const buyers = await table
      .getByRole('row', { name: /^Buyer/ })
      .getByRole('cell')
      .allTextContents();
    expect(buyers.sort()).toEqual(['Fisheries and Oceans Canada', 'Parks Canada']);
    const value = (
      await table
        .getByRole('row', { name: /^Value/ })
        .getByRole('cell')
        .allTextContents()
    ).join(' ');
    expect(value).toContain('$85,000 (estimated value)');
    const answerText = (await answer.locator('.chat-md').textContent()) ?? '';
    expect(answerText).not.toContain('|');
    expect(answerText).not.toContain('---');
    await expectNoAxeViolations(page);
    await screenshot(page, 'chat-compare');

    await table.getByRole('link', { name: 'Zephyr lighthouse painting' }).click();
    await page.waitForURL(`**/tender-notice/${PAINTING}`);
    await page.getByRole('heading', { level: 1, name: 'Zephyr lighthouse painting' }).waitFor();
  });

  test('at 375 px the comparison table scrolls inside the bubble, not the page', async () => {
    const page = await signedInPage({ viewport: MOBILE });
    const { panel, input } = await openChat(page);
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('find zephyr lighthouse tenders');
    await input.press('Enter');
    await expect.poll(() => input.isEnabled()).toBe(true);
    await panel
      .locator('[data-role="model"]')
      .last()
      .getByRole('link', { name: 'Zephyr lighthouse lens restoration' })
      .first()
      .waitFor();
    await input.fill('compare 1 and 2');
    await input.press('Enter');
    await panel.locator('[data-role="model"]').last().getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, 'chat-compare');
  });

  test('send failure shows the spec’s text and the apology bubble; the input comes back', async () => {
    const page = await signedInPage();
    await page.route(MESSAGE_URL, (route) =>
      isMessagePost(route)
        ? route.fulfill({
            status: 500,
            json: { statusCode: 500, code: 'internal', error: 'Internal Server Error', message: 'boom' },
          })
        : route.continue(),
    );
    const { panel, input } = await openChat(page);
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('when does it close?');
    await input.press('Enter');
    await panel.getByRole('alert').getByText('Failed to send message. Please try again.').waitFor();
    const apology = panel.locator('[data-role="model"]').last();
    expect((await apology.locator('.chat-md').textContent())?.trim()).toBe(
      "I apologize, but I'm having trouble processing your message right now. Please try again.",
    );
    expect(await panel.locator('[data-role="user"]').last().textContent()).toContain('when does it close?');
    await expect.poll(() => input.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    b.clearPageErrors(/status of 500/);
  });

  test('HTML in a tender’s description is shown as text in a chat answer, never run', async () => {
    const page = await signedInPage();
    const { panel, input } = await openChat(page);
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill(`summarize ${HOSTILE}`);
    await input.press('Enter');
    const answer = panel.locator('[data-role="model"]').last();
    await answer.locator(`.chat-md a[href="/tender-notice/${HOSTILE}"]`).waitFor();
    const body = answer.locator('.chat-md');
    // The markup is visible as characters, and no element came from it.
    expect(await body.textContent()).toContain(
      'The Coast Guard requires <img src=x onerror="window.__pwned=1"> harbour <b>signage</b><script>window.__pwned=2</script> services',
    );
    expect(await body.getByRole('link', { name: 'Harbour signage <b>notice</b>' }).count()).toBe(1);
    expect(await answer.locator('img, script, b, iframe, svg').count()).toBe(0);
    // SECURITY.md A.10: no on* attribute and no javascript: URL reaches the DOM.
    expect(
      await answer.evaluate((el) =>
        [...el.querySelectorAll('*')].some(
          (n) =>
            [...n.attributes].some((a) => a.name.startsWith('on')) ||
            /^\s*javascript:/i.test(n.getAttribute('href') ?? ''),
        ),
      ),
    ).toBe(false);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('the conversation survives a reload; New conversation starts an empty one that a reload keeps', async () => {
    const page = await signedInPage();
    const { panel, input } = await openChat(page);
    await expect.poll(() => input.isEnabled()).toBe(true);
    const question = 'show me the zephyr lighthouse lens tenders please';
    await input.fill(question);
    await input.press('Enter');
    await expect.poll(() => input.isEnabled()).toBe(true);
    const bubbles = panel.locator('[data-role]');
    const shown = await bubbles.count();
    expect(shown).toBeGreaterThanOrEqual(2);

    // What the server stored for the latest session is what the tab shows.
    const { sessions } = await api<ChatSessionList>(page, '/api/chat/sessions');
    const latest = sessions[0]!;
    const stored = await api<ChatMessageList>(page, `/api/chat/session/${latest.sessionId}/messages`);
    expect(stored.messages.at(-2)?.message).toBe(question);
    expect(stored.messages).toHaveLength(shown);

    await page.reload();
    const after = await openChat(page);
    await expect.poll(() => after.panel.locator('[data-role]').count()).toBe(shown);
    expect(await after.panel.locator('[data-role="user"]').last().textContent()).toContain(question);
    expect(
      await after.panel.locator('[data-role="model"]').last().locator(`a[href="/tender-notice/${LENS}"]`).count(),
    ).toBeGreaterThan(0);

    await after.panel.getByRole('button', { name: 'New conversation' }).click();
    await after.panel.getByText('No messages yet. Try one of these:').waitFor();
    expect(await after.panel.locator('[data-role]').count()).toBe(0);
    await expect.poll(() => after.input.isEnabled()).toBe(true);
    const now = await api<ChatSessionList>(page, '/api/chat/sessions');
    expect(now.sessions[0]).toMatchObject({ messageCount: 0 });
    expect(now.sessions[1]?.sessionId).toBe(latest.sessionId);

    await page.reload();
    const fresh = await openChat(page);
    await fresh.panel.getByText('No messages yet. Try one of these:').waitFor();
    expect(await fresh.panel.getByText(question).count()).toBe(0);
    await expect.poll(() => fresh.input.isEnabled()).toBe(true);
  });
});
