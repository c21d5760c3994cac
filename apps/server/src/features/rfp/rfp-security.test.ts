import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RfpDocument, RfpDocumentList } from '@app/shared/rfp';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  fontMatrixExploitPdf,
  hasRealPdfs,
  imageBombPdf,
  javascriptPdf,
  multipartBody,
  objectStreamPdf,
  PENHOLD_ADD1,
  pdfkitLinkScript,
  pdfkitOpenActionScript,
  plainPdf,
  RFP_PDF_DIR,
  realPdf,
} from '../../../test/rfp-fixtures.ts';
import { createPdfExtractor } from './rfp.extract.ts';
import { createOcr } from './rfp.ocr.ts';
// @ts-expect-error plain JavaScript module (shared with the worker), no type declarations
import { scanPdf } from './rfp.pdf-scan.mjs';
import { listUploadEvents } from './rfp.queries.ts';

// SECURITY.md A.7: PDFs carrying JavaScript, the CVE-2024-4367 proof of concept, image bombs, and
// random or mutated bytes. Every bad file gets its documented 4xx within seconds, never a 5xx.

const PASSWORD = 'correct horse battery staple 42';
const scan = scanPdf as (
  buf: Buffer,
  budget: number,
) => { inflatedBytes: number; tooLarge: boolean; javascript: string | null };
const SCRIPT = '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;
let userId: string;

beforeAll(async () => {
  ctx = await buildTestApp({ env: { RFP_UPLOADS_PER_HOUR: '1000', RFP_UPLOADS_PER_HOUR_PER_IP: '1000' } });
  await createConfirmedUser(ctx.dbh, 'mallory@example.com', PASSWORD);
  client = new TestClient(ctx.app);
  ({
    user: { id: userId },
  } = await client.signIn('mallory@example.com', PASSWORD));
});

function upload(filename: string, content: Uint8Array) {
  const body = multipartBody([{ filename, content }]);
  return client.request('POST', '/api/rfp/documents', body.payload, body.headers);
}

async function documents(): Promise<RfpDocument[]> {
  return (await client.get('/api/rfp/documents')).json<RfpDocumentList>().documents;
}

describe('a PDF carrying JavaScript is refused with 422 pdf_has_javascript', () => {
  const cases: Array<[string, () => Buffer | Promise<Buffer>]> = [
    ['a plain /OpenAction JavaScript action', javascriptPdf],
    ['pdfkit: an /OpenAction whose script is a compressed stream', pdfkitOpenActionScript],
    ['pdfkit: a link annotation running a script', pdfkitLinkScript],
    [
      'an /OpenAction inside a compressed object stream, its name written /Java#53cript',
      () => objectStreamPdf({ catalogExtra: '/OpenAction << /S /Java#53cript /JS (app.alert\\(1\\)) >>' }),
    ],
    [
      'a link annotation script inside a compressed object stream',
      () =>
        objectStreamPdf({
          pageExtra: '/Annots [5 0 R]',
          extra: [
            '<< /Type /Annot /Subtype /Link /Rect [72 72 200 90] /A << /S /JavaScript /JS (app.alert\\(1\\)) >> >>',
          ],
        }),
    ],
    // The scanner inflates Flate only: these object streams are found by pdf.js's own checks.
    [
      'an /OpenAction in an ASCIIHex object stream (pdf.js catalog actions)',
      () => objectStreamPdf({ filter: 'ASCIIHexDecode', catalogExtra: SCRIPT }),
    ],
    [
      'a /Names /JavaScript tree in an ASCIIHex object stream',
      () =>
        objectStreamPdf({
          filter: 'ASCIIHexDecode',
          catalogExtra: '/Names << /JavaScript 5 0 R >>',
          extra: ['<< /Names [(init) << /S /JavaScript /JS (app.alert\\(1\\)) >>] >>'],
        }),
    ],
    [
      "a page's /AA open action in an ASCIIHex object stream (pdf.js page actions)",
      () =>
        objectStreamPdf({
          filter: 'ASCIIHexDecode',
          pageExtra: '/AA << /O << /S /JavaScript /JS (app.alert\\(1\\)) >> >>',
        }),
    ],
  ];
  for (const [name, make] of cases) {
    test(name, async () => {
      const started = Date.now();
      const res = await upload('scripted.pdf', await make());
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'pdf_has_javascript' });
      expect(res.json<{ message: string }>().message).toMatch(/^scripted\.pdf: The PDF contains JavaScript/);
      expect((await documents()).filter((d) => d.filename === 'scripted.pdf')).toEqual([]);
    });
  }

  test('the same structures without a script are accepted (object streams, Flate and ASCIIHex)', async () => {
    for (const content of [
      objectStreamPdf({}),
      objectStreamPdf({ filter: 'ASCIIHexDecode' }),
      plainPdf('About /JavaScript and /JS in a title'),
    ]) {
      const res = await upload('clean.pdf', content);
      expect(res.statusCode, res.body).toBe(201);
      await client.delete(`/api/rfp/documents/${res.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? ''}`);
    }
  });

  test('the scanner reads names, not bytes: strings and content streams that mention a script do not count', () => {
    expect(scan(objectStreamPdf({ catalogExtra: '/OpenAction << /S /Java#53cript /JS (x) >>' }), 1e8).javascript).toBe(
      '/JavaScript',
    );
    expect(
      scan(objectStreamPdf({ catalogExtra: '/Lang (en) /Info << /Title (/JavaScript /JS) >>' }), 1e8).javascript,
    ).toBeNull();
    expect(scan(plainPdf('/JavaScript in the page text'), 1e8).javascript).toBeNull();
    // The Flate stream of a compressed object stream is inflated and read; an ASCIIHex one is left to pdf.js.
    expect(scan(objectStreamPdf({ catalogExtra: SCRIPT }), 1e8).javascript).toBe('/JavaScript');
    expect(scan(objectStreamPdf({ filter: 'ASCIIHexDecode', catalogExtra: SCRIPT }), 1e8).javascript).toBeNull();
  });

  test('refusals are recorded with the code, name, size and hash, never the content', async () => {
    const content = javascriptPdf();
    await upload('audited-script.pdf', content);
    const events = (await listUploadEvents(ctx.dbh.db, userId)).filter((e) => e.filename === 'audited-script.pdf');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      outcome: 'rejected',
      code: 'pdf_has_javascript',
      sizeBytes: content.byteLength,
      documentId: null,
    });
    expect(events[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const row = await ctx.dbh.db
      .selectFrom('rfp_upload_event')
      .selectAll()
      .where('filename', '=', 'audited-script.pdf')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('app.alert');
  });
});

describe('CVE-2024-4367: a /FontMatrix that injects code', () => {
  const payload = "globalThis.__breezePwned = 'CVE-2024-4367'";

  test('the guard of the PDF workers reports code generation and new globals (control)', async () => {
    const guardUrl = new URL('./rfp.worker-guard.mjs', import.meta.url).href;
    const code = `import { parentPort } from 'node:worker_threads';
       import { installGuard } from ${JSON.stringify(guardUrl)};
       const guard = installGuard();
       globalThis.__breezePwned = 1;
       for (const f of [() => new Function('return 1'), () => Function('return 1'), () => eval('1'), () => (() => 0).constructor('return 1'), () => (async () => 0).constructor('return 1')]) {
         try { f(); } catch {}
       }
       parentPort.postMessage(guard.report());`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
    const report = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(report).toEqual({ codeGeneration: 5, newGlobals: ['__breezePwned'] });
  });

  test('text extraction and rendering for OCR run it without compiling code or leaving a global', async () => {
    const pdf = new Uint8Array(fontMatrixExploitPdf(payload));
    const extractor = createPdfExtractor({
      maxPages: 500,
      maxInflatedBytes: 200 * 1024 * 1024,
      timeoutMs: 30_000,
      heapMb: 512,
    });
    const extracted = await extractor.extract(pdf);
    await extractor.close();
    expect(extracted).toMatchObject({ ok: true, needsOcr: true, tripwire: { codeGeneration: 0, newGlobals: [] } });
    // Six glyphs only: the page goes to OCR, which draws the glyphs as paths (the vulnerable path).
    const outcome = await createOcr().recognize(pdf, [1]);
    expect(outcome.tripwire).toEqual({ codeGeneration: 0, newGlobals: [] });
    expect((globalThis as { __breezePwned?: unknown }).__breezePwned).toBeUndefined();
  }, 60_000);

  test('the upload completes like any scan without text and sets no flag', async () => {
    const res = await upload('poc.pdf', fontMatrixExploitPdf(payload));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ documents: RfpDocument[] }>().documents[0]).toMatchObject({
      status: 'error',
      error: { code: 'pdf_needs_ocr' },
    });
    expect((globalThis as { __breezePwned?: unknown }).__breezePwned).toBeUndefined();
    await client.delete(`/api/rfp/documents/${res.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? ''}`);
  }, 60_000);
});

describe('an image bomb (one page holding a 20,000 × 20,000 compressed image)', () => {
  test('OCR does not decode it and says why, in seconds', async () => {
    const started = Date.now();
    const outcome = await createOcr().recognize(new Uint8Array(imageBombPdf()), [1]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(outcome).toMatchObject({ problem: 'image_too_large', tripwire: { codeGeneration: 0, newGlobals: [] } });
    expect(outcome.texts.size).toBe(0);
  }, 30_000);

  test('the upload is stored as needing OCR with the reason, within seconds', async () => {
    const started = Date.now();
    const res = await upload('bomb.pdf', imageBombPdf());
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<{ documents: RfpDocument[] }>().documents[0];
    expect(doc).toMatchObject({ status: 'error', error: { code: 'pdf_needs_ocr' } });
    expect(doc?.error?.message).toContain('its page images are too large to read');
    await client.delete(`/api/rfp/documents/${doc?.id ?? ''}`);
  }, 30_000);
});

describe('fuzz: random and mutated PDF bytes never give a 5xx or hang', () => {
  const OK = [201, 413, 415, 422];
  const base = hasRealPdfs() ? Buffer.from(realPdf(PENHOLD_ADD1)) : plainPdf();

  async function check(content: Uint8Array) {
    const started = Date.now();
    const res = await upload('fuzz.pdf', content);
    const elapsed = Date.now() - started;
    expect(OK, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(elapsed).toBeLessThan(20_000);
    if (res.statusCode === 201) {
      for (const d of res.json<{ documents: RfpDocument[] }>().documents)
        await client.delete(`/api/rfp/documents/${d.id}`);
    }
  }

  test('mutations of a real PDF: flipped bytes, cuts, spliced and repeated ranges', async () => {
    if (!hasRealPdfs()) console.warn(`${RFP_PDF_DIR} is absent: fuzzing a small generated PDF instead`);
    const mutation = fc.oneof(
      fc
        .array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 40 })
        .map((flips) => {
          const b = Buffer.from(base);
          for (const [at, v] of flips) b[at] = v;
          return b;
        }),
      fc
        .tuple(fc.nat(base.length - 1), fc.nat(base.length - 1))
        .map(([a, z]) => Buffer.concat([base.subarray(0, Math.min(a, z)), base.subarray(Math.max(a, z))])),
      fc
        .tuple(fc.nat(base.length - 1), fc.nat(4096), fc.nat(base.length - 1))
        .map(([from, len, at]) =>
          Buffer.concat([base.subarray(0, at), base.subarray(from, from + len), base.subarray(at)]),
        ),
      fc.nat(base.length - 1).map((cut) => Buffer.concat([base.subarray(0, cut), Buffer.from('\n%%EOF\n')])),
    );
    await fc.assert(fc.asyncProperty(mutation, check), { numRuns: 30, seed: 8_2026 });
  }, 240_000);

  test('random bytes, with and without a PDF header and trailer', async () => {
    const bytes = fc.uint8Array({ minLength: 0, maxLength: 20_000 });
    const shaped = fc.oneof(
      bytes,
      bytes.map((b) => Buffer.concat([Buffer.from('%PDF-1.7\n'), b, Buffer.from('\n%%EOF\n')])),
      fc
        .array(
          fc.constantFrom(
            'obj ',
            'endobj ',
            '<< ',
            '>> ',
            'stream\n',
            'endstream ',
            '/Type /Page ',
            '/Length 99 ',
            '1 0 R ',
            '[ ',
            '] ',
            '(x) ',
            '/FlateDecode ',
            'xref\n0 1\n',
            'trailer ',
            'startxref\n9\n',
          ),
          { maxLength: 200 },
        )
        .map((tokens) => Buffer.from(`%PDF-1.4\n${tokens.join('')}\n%%EOF\n`, 'latin1')),
    );
    await fc.assert(fc.asyncProperty(shaped, check), { numRuns: 25, seed: 4_367 });
  }, 240_000);
});

afterAll(async () => {
  await ctx.app.close();
});
