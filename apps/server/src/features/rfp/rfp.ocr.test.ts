import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RfpDocument, RfpDocumentDetail } from '@app/shared/rfp';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { imageOnlyPdf, multipartBody, pdfkit } from '../../../test/rfp-fixtures.ts';
import { createPdfExtractor, type ExtractedPdf } from './rfp.extract.ts';
import { createOcr, withOcr } from './rfp.ocr.ts';

const LINES = [
  'REQUEST FOR PROPOSAL',
  'Solicitation No. 84084-99-0042',
  'Snow Removal Services for Testville',
  'Issued by: Town of Testville, Alberta',
  'Closing date: March 6, 2026 at 2:00 PM MST',
  'Contact: Jane Smith, jane.smith@testville.ca',
];

/** A scan: a page that is one picture of printed text, with no text layer at all. */
async function scannedPdf(): Promise<Buffer> {
  const canvas = createCanvas(1700, 2200); // Letter at 200 dpi
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '44px "DejaVu Sans"';
  LINES.forEach((line, i) => ctx.fillText(line, 150, 250 + i * 90));
  const png = canvas.toBuffer('image/png');
  return pdfkit((doc) => doc.image(png, 0, 0, { width: 612, height: 792 }), { margin: 0 });
}

async function extract(pdf: Buffer): Promise<ExtractedPdf> {
  const extractor = createPdfExtractor({
    maxPages: 500,
    maxInflatedBytes: 200 * 1024 * 1024,
    timeoutMs: 60_000,
    heapMb: 512,
  });
  try {
    const result = await extractor.extract(new Uint8Array(pdf));
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result;
  } finally {
    await extractor.close();
  }
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('OCR of image-only PDFs (Debian tesseract, eng + fra)', () => {
  let scan: Buffer;
  beforeAll(async () => {
    scan = await scannedPdf();
  });

  test('tesseract and its English and French data are installed (scripts/test.sh installs them)', async () => {
    expect(await createOcr().available()).toBe(true);
  });

  test('the scan has no text layer; OCR reads its page, which then has text to analyse', async () => {
    const extracted = await extract(scan);
    expect(extracted).toMatchObject({ needsOcr: true, pagesWithoutText: [1], pageCount: 1 });
    const read = await withOcr(createOcr(), new Uint8Array(scan), extracted);
    expect(read.needsOcr).toBe(false);
    expect(read.pagesWithoutText).toEqual([]);
    expect(read.ocrPages).toEqual([1]);
    expect(read.ocrProblem).toBeNull();
    const text = flat(read.pages[0] ?? '');
    expect(text).toContain('84084-99-0042');
    expect(text).toContain('Town of Testville');
    expect(text).toContain('jane.smith@testville.ca');
  }, 60_000);

  test('without tesseract the document is still reported as needing OCR, and a blank scan stays so', async () => {
    const extracted = await extract(scan);
    const missing = createOcr({ command: '/nonexistent/tesseract' });
    expect(await missing.available()).toBe(false);
    const { tripwire: _t, ...text } = extracted;
    expect(await withOcr(missing, new Uint8Array(scan), extracted)).toEqual({
      ...text,
      ocrPages: [],
      ocrProblem: 'unavailable',
    });
    expect(await withOcr(null, new Uint8Array(scan), extracted)).toEqual({
      ...text,
      ocrPages: [],
      ocrProblem: 'unavailable',
    });
    const blank = await imageOnlyPdf();
    const blankExtracted = await extract(blank);
    expect(await withOcr(createOcr(), new Uint8Array(blank), blankExtracted)).toMatchObject({
      needsOcr: true,
      ocrPages: [],
      ocrProblem: 'no_text',
    });
  }, 60_000);
});

describe('OCR limits: time budget, queue, memory', () => {
  test('a document over its total time budget stops and says so, pages unread', async () => {
    const started = Date.now();
    const outcome = await createOcr({ totalTimeoutMs: 300 }).recognize(new Uint8Array(await scannedPdf()), [1]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcome).toMatchObject({ problem: 'time_budget' });
    expect(outcome.texts.size).toBe(0);
  }, 30_000);

  test('documents are read one at a time; past the queue, a new one is reported busy', async () => {
    const ocr = createOcr({ concurrency: 1, maxQueued: 1 });
    const pdf = new Uint8Array(await scannedPdf());
    const order: string[] = [];
    const first = ocr.recognize(pdf, [1]).then((o) => (order.push('first'), o));
    const second = ocr.recognize(pdf, [1]).then((o) => (order.push('second'), o));
    const third = await ocr.recognize(pdf, [1]);
    expect(third).toMatchObject({ problem: 'busy' });
    expect(third.texts.size).toBe(0);
    const [a, b] = await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(a.texts.get(1)).toContain('Testville');
    expect(b.texts.get(1)).toContain('Testville');
  }, 120_000);

  test('a render worker over its memory is stopped: problem memory, no text, no hang', async () => {
    const started = Date.now();
    const outcome = await createOcr({ heapMb: 16, maxPixels: 40_000_000, dpi: 600 }).recognize(
      new Uint8Array(await scannedPdf()),
      [1],
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(outcome).toMatchObject({ problem: 'memory' });
  }, 30_000);
});

describe('upload of a scanned RFP', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let client: TestClient;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await createConfirmedUser(ctx.dbh, 'scan@example.com', 'correct horse battery staple 42');
    client = new TestClient(ctx.app);
    await client.signIn('scan@example.com', 'correct horse battery staple 42');
  });

  test('is read by OCR at upload, analysed, and cited from the recognised text', async () => {
    const body = multipartBody([{ filename: 'scanned-rfp.pdf', content: await scannedPdf() }]);
    const res = await client.request('POST', '/api/rfp/documents', body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<{ documents: RfpDocument[] }>().documents[0]!;
    expect(doc).toMatchObject({ status: 'ready', error: null, pageCount: 1 });
    const analysed = (await client.post(`/api/rfp/documents/${doc.id}/analyze`)).json<RfpDocumentDetail>();
    expect(analysed.status).toBe('completed');
    expect(analysed.analysis?.pagesWithoutText).toEqual([]);
    expect(analysed.analysis?.solicitationNumber.text).toContain('84084-99-0042');
    expect(analysed.citations.length).toBeGreaterThan(0);
    expect(analysed.citations.every((c) => c.page === 1)).toBe(true);
    // Read by OCR, and marked so: the analysis, every citation from that page, and a risk to check it.
    expect(analysed.analysis?.ocrPages).toEqual([1]);
    expect(analysed.citations.every((c) => c.ocr)).toBe(true);
    expect(analysed.analysis?.riskFactors.find((r) => r.category === 'ocr')).toMatchObject({ page: 1 });
    expect(analysed.analysis?.riskFactors.find((r) => r.category === 'ocr')?.text).toContain('read by OCR');
    const md = await client.get(`/api/rfp/documents/${doc.id}/report.md`);
    expect(md.body).toMatch(/p\. 1 \(OCR\)/);
  }, 60_000);
});
