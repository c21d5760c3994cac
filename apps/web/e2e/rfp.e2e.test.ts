import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from './paths.ts';
import { signUpOnboarded } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
const PDF_DIR = join(repoRoot, '../shared/data/rfp-pdfs');
const RFP = 'CER_84084-24-0022-A_Engineering-Services_RFP.pdf';
const ADDENDUM = 'AB-2026-01424_Addendum-1.pdf';
const SOLICITATION = '84084-24-0022';
const haveCorpus = existsSync(join(PDF_DIR, RFP)) && existsSync(join(PDF_DIR, ADDENDUM));

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

async function newPage(): Promise<Page> {
  context = await browser!.newContext({
    viewport: { width: 1280, height: 1000 },
    locale: 'en-CA',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
  return page;
}

/** All the text pdf.js finds in a PDF (the server's own legacy build, run here in Node). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    // Text only: the missing standard-font data (for glyph rendering) is not needed, so no warnings.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return parts.join('\n');
}

beforeAll(async () => {
  if (!haveCorpus) return;
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  const errors = pageErrors;
  pageErrors = [];
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('RFP analysis', () => {
  test('upload two real PDFs with the picker → ready → analyze → cited page → PDF and Markdown reports', async () => {
    if (!haveCorpus) {
      console.warn(`RFP e2e: ${PDF_DIR} does not hold ${RFP} and ${ADDENDUM}; nothing to test.`);
      return;
    }
    const page = await newPage();
    await signUpOnboarded(page, server!);

    await page.getByRole('link', { name: 'RFP Analysis' }).click();
    await page.waitForURL('**/rfp-analysis');
    await page.getByRole('heading', { name: 'RFP Analysis', level: 1 }).waitFor();
    await page.getByText('Supports PDF files up to 10MB').waitFor();
    await page.getByText('No documents yet. Upload a PDF to start.').waitFor();

    // A file that is not a PDF is left out in the browser, with a note.
    const picker = page.getByLabel('Choose PDF files');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await page.getByText('Only PDF files are supported; left out: notes.txt.').waitFor();

    // Record every value the upload progress bars take (the real XHR upload progress).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const record = () => {
        for (const bar of document.querySelectorAll<HTMLProgressElement>('progress[aria-label^="Uploading"]')) {
          seen.push(bar.value);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await picker.setInputFiles([join(PDF_DIR, RFP), join(PDF_DIR, ADDENDUM)]);

    const rfpRow = page.getByRole('listitem', { name: RFP });
    const addendumRow = page.getByRole('listitem', { name: ADDENDUM });
    await rfpRow.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await addendumRow.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(progressSeen.length).toBeGreaterThan(0);
    expect(progressSeen.every((v) => v >= 0 && v <= 100)).toBe(true);
    expect(await rfpRow.textContent()).toContain('45 pages');
    expect(await addendumRow.textContent()).toContain('Addendum');

    await rfpRow.getByRole('button', { name: `Analyze ${RFP}` }).click();
    await rfpRow.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });

    const result = page.getByRole('region', { name: `Analysis: ${RFP}` });
    await result.getByRole('heading', { name: 'Evaluation criteria' }).waitFor();
    for (const heading of [
      'Summary',
      'Key requirements',
      'Timeline',
      'Budget',
      'Compliance requirements',
      'Risk factors',
      'Recommendations',
    ]) {
      await result.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    expect(await result.textContent()).toContain(SOLICITATION);

    // A page reference reveals the text quoted from that page.
    const chip = result.getByRole('button', { name: /^p\. \d+/ }).first();
    const page_ = /^p\. (\d+)/.exec((await chip.textContent()) ?? '')?.[1];
    expect(page_).toBeDefined();
    expect(await chip.getAttribute('aria-expanded')).toBe('false');
    await chip.click();
    expect(await chip.getAttribute('aria-expanded')).toBe('true');
    const quote = page.locator(`[id="${await chip.getAttribute('aria-controls')}"]`);
    await quote.waitFor();
    expect(await quote.textContent()).toMatch(new RegExp(`^p\\. ${page_} — “.+”$`));

    // Download Report: a real PDF whose text carries the solicitation number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rfpRow.getByRole('link', { name: /^Download Report/ }).click(),
    ]);
    const pdfPath = await download.path();
    const pdf = new Uint8Array(readFileSync(pdfPath));
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain(SOLICITATION);

    const mdHref = await rfpRow.getByRole('link', { name: /^Markdown/ }).getAttribute('href');
    const md = await page.request.get(`${server!.baseUrl}${mdHref}`);
    expect(md.status()).toBe(200);
    expect(await md.text()).toContain(SOLICITATION);

    // The screen fits a 375 px phone without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Remove takes the addendum off the list.
    await addendumRow.getByRole('button', { name: `Remove ${ADDENDUM}` }).click();
    await addendumRow.waitFor({ state: 'detached' });
  });
});
