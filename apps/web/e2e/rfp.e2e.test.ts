import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RfpDocumentDetail, RfpDocumentList } from '@app/shared/rfp';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations, MOBILE, screenshot, useBrowser } from './browser.ts';
import { repoRoot } from './paths.ts';
import { signUpOnboarded } from './sign-in-helper.ts';
import { type RunningServer, startServer } from './start-server.ts';
import { imageOnlyPdf } from '../../server/test/rfp-fixtures.ts';

const PDF_DIR = join(repoRoot, '../shared/data/rfp-pdfs');
const RFP = 'CER_84084-24-0022-A_Engineering-Services_RFP.pdf';
const ADDENDUM = 'AB-2026-01424_Addendum-1.pdf';
const FR_RFP = 'AB-2026-01424_WDMLRL_RFP.pdf';
const SMALL = 'AB-2024-07156_Penhold_PSB_Addendum-01.pdf';
const haveCorpus = [RFP, ADDENDUM, FR_RFP, SMALL].every((f) => existsSync(join(PDF_DIR, f)));

// eslint-disable-next-line react-hooks/rules-of-hooks -- a vitest setup helper named like a hook, not a React hook
const browser = useBrowser();
let server: RunningServer | undefined;

beforeAll(async () => {
  if (haveCorpus) server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

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

/** Records every value the upload progress bars take (the real XHR upload progress). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll<HTMLProgressElement>('.rfp-progress progress[max="100"]')) {
        seen.push(bar.value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return async () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

/** Records every status each document row shows ("file: Analyzing"), in order, as the screen changes. */
async function watchStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    const record = () => {
      for (const badge of document.querySelectorAll('.rfp-doc .rfp-status')) {
        const entry = `${badge.closest('li')?.getAttribute('aria-label') ?? '?'}: ${badge.textContent ?? ''}`;
        if (seen[seen.length - 1] !== entry && !seen.includes(entry)) seen.push(entry);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return async () => page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
}

/** Drops files on the drop zone as a browser does: dragenter, dragover and drop events carrying a real DataTransfer. */
async function dropFiles(page: Page, zone: Locator, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const payload = files.map((f) => ({
    name: f.name,
    type: f.type ?? 'application/pdf',
    base64: f.bytes.toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const binary = atob(f.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, payload);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  expect(await zone.getAttribute('class')).toContain('rfp-drop--active');
  await zone.dispatchEvent('drop', { dataTransfer });
  expect(await zone.getAttribute('class')).not.toContain('rfp-drop--active');
}

async function documentsFromApi(page: Page): Promise<RfpDocumentList> {
  const res = await page.request.get(`${server!.baseUrl}/api/rfp/documents`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RfpDocumentList;
}

async function detailFromApi(page: Page, filename: string): Promise<RfpDocumentDetail> {
  const doc = (await documentsFromApi(page)).documents.find((d) => d.filename === filename);
  expect(doc, filename).toBeDefined();
  const res = await page.request.get(`${server!.baseUrl}/api/rfp/documents/${doc!.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RfpDocumentDetail;
}

/** Downloads the report through its link and returns the bytes. */
async function download(page: Page, link: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync(await file.path());
}

const normalize = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('RFP analysis', () => {
  test('upload two real PDFs with the picker → ready → analyze → cited page → PDF and Markdown reports', async () => {
    if (!haveCorpus) {
      console.warn(`RFP e2e: ${PDF_DIR} does not hold ${RFP}, ${ADDENDUM} and ${FR_RFP}; nothing to test.`);
      return;
    }
    const page = await browser.newPage();
    await signUpOnboarded(page, server!);

    await page.getByRole('link', { name: 'RFP Analysis' }).click();
    await page.waitForURL('**/rfp-analysis');
    await page.getByRole('heading', { name: 'RFP Analysis', level: 1 }).waitFor();
    await page.getByText('Supports PDF files up to 10MB').waitFor();
    await page.getByText('No documents yet. Upload a PDF to start.').waitFor();

    // A file that is not a PDF by its type is left out in the browser, with a note.
    const picker = page.getByLabel('Choose PDF files');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await page.getByText('Only PDF files are supported; left out: notes.txt.').waitFor();
    // One that only pretends (name and type) is refused by the server on its content, with the reason.
    await picker.setInputFiles({ name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text') });
    const renamed = page.getByRole('listitem', { name: 'renamed.pdf' });
    await renamed.getByText('The file is not a PDF (its content is not a PDF, whatever its name).').waitFor();
    await renamed.getByText('Error', { exact: true }).waitFor();
    browser.clearPageErrors(/status of 415/);
    await renamed.getByRole('button', { name: 'Dismiss renamed.pdf' }).click();
    await renamed.waitFor({ state: 'detached' });

    const progress = await watchProgress(page);
    await picker.setInputFiles([join(PDF_DIR, RFP), join(PDF_DIR, ADDENDUM)]);

    const rfpRow = page.getByRole('listitem', { name: RFP });
    const addendumRow = page.getByRole('listitem', { name: ADDENDUM });
    await rfpRow.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await addendumRow.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    const progressSeen = await progress();
    expect(progressSeen.length).toBeGreaterThan(0);
    expect(progressSeen.every((v) => v >= 0 && v <= 100)).toBe(true);
    const listed = (await documentsFromApi(page)).documents.find((d) => d.filename === RFP)!;
    expect(await rfpRow.textContent()).toContain(`${listed.pageCount} pages`);
    expect(await addendumRow.textContent()).toContain('Addendum');

    await rfpRow.getByRole('button', { name: `Analyze ${RFP}` }).click();
    await rfpRow.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });

    const detail = await detailFromApi(page, RFP);
    const solicitation = detail.analysis!.solicitationNumber.text;
    expect(solicitation).toContain('84084-24-0022');
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
    expect(await result.textContent()).toContain(solicitation);

    // A page reference reveals the text quoted from that page, as the API cites it.
    const chip = result.getByRole('button', { name: /^p\. \d+/ }).first();
    const pageNo = Number(/^p\. (\d+)/.exec((await chip.textContent()) ?? '')?.[1]);
    expect(await chip.getAttribute('aria-expanded')).toBe('false');
    await chip.click();
    expect(await chip.getAttribute('aria-expanded')).toBe('true');
    const quote = page.locator(`[id="${await chip.getAttribute('aria-controls')}"]`);
    await quote.waitFor();
    const shown = /^p\. (\d+) — “(.+)”$/.exec(normalize(await quote.textContent()));
    expect(Number(shown?.[1])).toBe(pageNo);
    expect(detail.citations.some((c) => c.page === pageNo && normalize(c.quote) === shown?.[2])).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-analysis');

    // Download Report: a real PDF whose text carries the solicitation number, and the Markdown version.
    const pdf = await download(page, rfpRow.getByRole('link', { name: /^Download Report/ }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(normalize(await pdfText(new Uint8Array(pdf)))).toContain(solicitation);
    const md = (await download(page, rfpRow.getByRole('link', { name: /^Markdown/ }))).toString('utf8');
    expect(md).toContain(solicitation);
    expect(md).toContain(`p. ${pageNo}`);

    // The screen fits a 375 px phone without sideways scrolling.
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-analysis');

    // Remove takes the addendum off the list.
    await addendumRow.getByRole('button', { name: `Remove ${ADDENDUM}` }).click();
    await addendumRow.waitFor({ state: 'detached' });
    expect((await documentsFromApi(page)).documents.map((d) => d.filename)).toEqual([RFP]);
  });

  test('in French: upload with progress, analyze, cited results, reports, and a refused non-PDF with its reason', async () => {
    if (!haveCorpus) return;
    const page = await browser.newPage({ viewport: MOBILE });
    await signUpOnboarded(page, server!, 'Génie Prairies inc.');
    await page.evaluate(() => window.localStorage.setItem('breeze-language', 'fr'));
    await page.goto(`${server!.baseUrl}/rfp-analysis`);
    await page.getByRole('heading', { name: "Analyse d'appel d'offres", level: 1 }).waitFor();
    await page.getByText("Fichiers PDF jusqu'à 10 Mo").waitFor();
    await page.getByText("Aucun document pour l'instant. Téléversez un PDF pour commencer.").waitFor();

    const picker = page.getByLabel('Choisir des fichiers PDF');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas un pdf') });
    await page.getByText('Seuls les fichiers PDF sont acceptés; fichiers écartés : notes.txt.').waitFor();
    await picker.setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('du texte') });
    const refused = page.getByRole('listitem', { name: 'faux.pdf' });
    await refused.getByText("Le fichier n'est pas un PDF", { exact: false }).waitFor();
    await refused.getByText('Erreur', { exact: true }).waitFor();
    browser.clearPageErrors(/status of 415/);

    const progress = await watchProgress(page);
    await picker.setInputFiles(join(PDF_DIR, FR_RFP));
    const row = page.getByRole('listitem', { name: FR_RFP });
    await row.getByText('Prêt', { exact: true }).waitFor({ timeout: 30_000 });
    expect((await progress()).length).toBeGreaterThan(0);
    const listed = (await documentsFromApi(page)).documents.find((d) => d.filename === FR_RFP)!;
    expect(normalize(await row.textContent())).toContain(`${listed.pageCount} pages`);
    expect(await row.textContent()).toMatch(/\d+,\d Mo|\d+ Ko/);

    await row.getByRole('button', { name: `Analyser ${FR_RFP}` }).click();
    await row.getByText('Terminé', { exact: true }).waitFor({ timeout: 30_000 });
    const detail = await detailFromApi(page, FR_RFP);
    const analysis = detail.analysis!;
    const result = page.getByRole('region', { name: `Analyse: ${FR_RFP}` });
    for (const heading of [
      'Résumé',
      'Exigences clés',
      'Échéancier',
      "Critères d'évaluation",
      'Budget',
      'Exigences de conformité',
      'Facteurs de risque',
      'Recommandations',
    ]) {
      await result.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    const text = normalize(await result.textContent());
    expect(text).toContain('Date limite des propositions');
    expect(text).toContain(analysis.issuingBody.text);
    expect(text).not.toContain('Not found in the document');
    const chip = result.getByRole('button', { name: /^p\. \d+.*afficher le texte cité/ }).first();
    const pageNo = Number(/^p\. (\d+)/.exec((await chip.textContent()) ?? '')?.[1]);
    // Its name changes once open ('masquer'): keep hold of the panel it controls first.
    const quote = page.locator(`[id="${await chip.getAttribute('aria-controls')}"]`);
    await chip.click();
    await quote.waitFor();
    const shown = /^p\. (\d+) — « (.+) »$/.exec(normalize(await quote.textContent()));
    expect(Number(shown?.[1])).toBe(pageNo);
    expect(detail.citations.some((c) => c.page === pageNo && normalize(c.quote) === shown?.[2])).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-analysis-fr');

    const pdf = await download(page, row.getByRole('link', { name: /^Télécharger le rapport/ }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(analysis.issuingBody.page).not.toBeNull();
    expect(normalize(await pdfText(new Uint8Array(pdf)))).toContain(normalize(analysis.issuingBody.text));
    const md = (await download(page, row.getByRole('link', { name: /^Markdown/ }))).toString('utf8');
    expect(md).toContain(`p. ${pageNo}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-analysis-fr');
  });

  test('drag and drop an RFP with its addendum: the over-10 MB note, throttled upload with real progress, Analyzing, and what the addendum changes against the RFP page', async () => {
    if (!haveCorpus) return;
    const page = await browser.newPage();
    await signUpOnboarded(page, server!, 'Battle River Builders Ltd.');
    await page.goto(`${server!.baseUrl}/rfp-analysis`);
    await page.getByText('No documents yet. Upload a PDF to start.').waitFor();

    // Over 10 MB: left out in the browser with a note, nothing is sent.
    await page
      .getByLabel('Choose PDF files')
      .setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 0x25) });
    await page.getByText('Over 10MB, left out: huge.pdf.').waitFor();
    expect(await page.getByRole('listitem', { name: 'huge.pdf' }).count()).toBe(0);

    // A slow uplink (CDP network emulation, ~96 KB/s): the bars show the transfer as it goes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 96 * 1024,
    });
    const progress = await watchProgress(page);
    const statuses = await watchStatuses(page);
    const zone = page.getByRole('button', { name: /^Drop RFP PDFs here or choose files/ });
    await dropFiles(page, zone, [
      { name: FR_RFP, bytes: readFileSync(join(PDF_DIR, FR_RFP)) },
      { name: ADDENDUM, bytes: readFileSync(join(PDF_DIR, ADDENDUM)) },
    ]);
    const rfpRow = page.getByRole('listitem', { name: FR_RFP });
    const addendumRow = page.getByRole('listitem', { name: ADDENDUM });
    await rfpRow.getByRole('progressbar', { name: `Uploading ${FR_RFP}` }).waitFor();
    await rfpRow.getByText('Uploading', { exact: true }).waitFor();
    await rfpRow.getByText('Ready', { exact: true }).waitFor({ timeout: 45_000 });
    await addendumRow.getByText('Ready', { exact: true }).waitFor({ timeout: 45_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const values = await progress();
    const between = [...new Set(values.filter((v) => v >= 1 && v <= 99))];
    expect(between.length, `progress values seen: ${JSON.stringify([...new Set(values)])}`).toBeGreaterThanOrEqual(3);
    expect((await statuses()).slice(0, 2).sort()).toEqual([`${ADDENDUM}: Uploading`, `${FR_RFP}: Uploading`]);
    expect(await addendumRow.textContent()).toContain(`addendum to ${FR_RFP}`);

    // Analyze the addendum, then its RFP: each row shows Analyzing, then Completed.
    await addendumRow.getByRole('button', { name: `Analyze ${ADDENDUM}` }).click();
    await addendumRow.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await rfpRow.getByRole('button', { name: `Analyze ${FR_RFP}` }).click();
    await rfpRow.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    const seen = await statuses();
    for (const file of [ADDENDUM, FR_RFP]) {
      expect(seen.indexOf(`${file}: Analyzing`), JSON.stringify(seen)).toBeGreaterThan(seen.indexOf(`${file}: Ready`));
      expect(seen.indexOf(`${file}: Completed`)).toBeGreaterThan(seen.indexOf(`${file}: Analyzing`));
    }

    // The RFP's analysis shows what Addendum 1 adds (§4.11 Bid Security) against the RFP page it lands on.
    const detail = await detailFromApi(page, FR_RFP);
    const change = detail.addenda[0]?.changes.find((c) => c.section === '4.11');
    expect(change?.rfpReference?.page).toBe(17);
    const result = page.getByRole('region', { name: `Analysis: ${FR_RFP}` });
    await result.getByRole('heading', { name: 'Addendum changes' }).waitFor();
    await result
      .getByRole('heading', { name: `${ADDENDUM} (Addendum 1) — ${detail.addenda[0]?.date ?? ''}` })
      .waitFor();
    const item = result.getByRole('listitem').filter({ hasText: '§4.11' });
    expect(normalize(await item.textContent())).toContain(normalize(change?.description ?? '-'));
    const rfpChip = item.getByRole('button', { name: /^p\. 17/ });
    const panel = page.locator(`[id="${await rfpChip.getAttribute('aria-controls')}"]`);
    await rfpChip.click();
    await panel.waitFor();
    expect(normalize(await panel.textContent())).toBe(`p. 17 — “${normalize(change?.rfpReference?.quote ?? '')}”`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-addendum');
  }, 120_000); // the upload is slowed on purpose

  test('documents in error show their reason: a scan without text, and a failed analysis', async () => {
    if (!haveCorpus) return;
    const page = await browser.newPage();
    await signUpOnboarded(page, server!, 'Red Deer Paving Ltd.');
    await page.goto(`${server!.baseUrl}/rfp-analysis`);
    const picker = page.getByLabel('Choose PDF files');

    // A picture of a page with no text: OCR finds none, so it is stored in error, with why, and cannot be analysed.
    await picker.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await imageOnlyPdf() });
    const scan = page.getByRole('listitem', { name: 'scan.pdf' });
    await scan.getByText('Error', { exact: true }).waitFor({ timeout: 30_000 });
    await scan
      .getByText('This PDF has no text layer (a scan or images only): it needs OCR before it can be analysed.')
      .waitFor();
    expect(await scan.getByRole('button', { name: /^Analyze/ }).count()).toBe(0);

    // An analysis that fails (its stored text is damaged) leaves the document in error with the reason, spec §8.
    await picker.setInputFiles(join(PDF_DIR, SMALL));
    const small = page.getByRole('listitem', { name: SMALL });
    await small.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    const db = new Database(server!.dbFile, { fileMustExist: true });
    try {
      db.prepare(`UPDATE rfp_document SET pages = '{"damaged": true}' WHERE filename = ?`).run(SMALL);
    } finally {
      db.close();
    }
    const statuses = await watchStatuses(page);
    await small.getByRole('button', { name: `Analyze ${SMALL}` }).click();
    await small.getByText('Error', { exact: true }).waitFor({ timeout: 30_000 });
    await small
      .getByText('Analysis failed: the document could not be analysed. Try Analyze again, or upload it again.')
      .waitFor();
    expect(await statuses()).toContain(`${SMALL}: Analyzing`);
    browser.clearPageErrors(/status of 422/);
    const listed = (await documentsFromApi(page)).documents.find((d) => d.filename === SMALL);
    expect(listed).toMatchObject({ status: 'error', error: { code: 'analysis_failed' } });
    // It can be analysed again (the button stays), and the screen fits a phone.
    await small.getByRole('button', { name: `Analyze ${SMALL}` }).waitFor();
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, 'rfp-errors');
  });
});
