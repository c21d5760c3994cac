// @ts-check
// Runs inside a worker_threads Worker started by rfp.extract.ts, one PDF per worker, with
// resourceLimits and a kill timer set by the parent (SECURITY.md A.7). Plain JavaScript so
// that it starts the same under tsx, Vitest and a bundle, without a TypeScript loader.
//
// The parent has already checked the magic bytes and the size. Here:
//   1. a bounded scan of the object structure (rfp.pdf-scan.mjs): a decompression budget for
//      every Flate stream text extraction would decode, so a PDF "zip bomb" is refused in
//      milliseconds, and script names (`/JavaScript`, `/JS`) in the objects and the object
//      streams, so a PDF carrying JavaScript is refused before pdf.js parses it;
//   2. pdf.js (legacy build) opens the file with eval, font faces and system fonts off, and its
//      own catalog, page and form-field action APIs are asked for scripts as well;
//   3. the page count is checked before any page is read;
//   4. each page's positioned text items are sent back; nothing is ever rendered;
//   5. the tripwire (rfp.worker-guard.mjs) reports any attempt to compile code or new global.
import { parentPort } from 'node:worker_threads';
import { scanPdf } from './rfp.pdf-scan.mjs';
import { installGuard } from './rfp.worker-guard.mjs';

if (!parentPort) throw new Error('rfp.pdf-worker.mjs must run as a worker');
const port = parentPort;

// Loaded at start-up so a pre-started worker has pdf.js compiled before a file arrives; its
// worker half is loaded too (pdf.js runs it in this thread), so that the guard's baseline of
// global names includes what pdf.js itself defines.
const ready = Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
]).then(([pdfjs]) => ({ pdfjs, guard: installGuard() }));
ready.catch(() => undefined);

/**
 * @param {string} code
 * @param {string} message
 */
const fail = (code, message) => ({ ok: false, code, message });

/**
 * @param {{ bytes: Uint8Array, maxPages: number, maxInflatedBytes: number }} job
 */
async function extract(job) {
  const buf = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const scan = scanPdf(buf, job.maxInflatedBytes);
  if (scan.tooLarge) {
    return fail(
      'pdf_too_complex',
      `The PDF's compressed content expands to more than ${Math.round(job.maxInflatedBytes / 1048576)} MB`,
    );
  }
  if (scan.javascript) return fail('pdf_has_javascript', `The PDF contains JavaScript (${scan.javascript})`);
  let pdfjs;
  try {
    ({ pdfjs } = await ready);
  } catch {
    return fail('internal', 'pdf.js could not be loaded');
  }
  const task = pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    maxImageSize: 1 << 20,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  /** @type {import('pdfjs-dist').PDFDocumentProxy} */
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
    if (name === 'PasswordException') return fail('pdf_encrypted', 'The PDF is password-protected');
    return fail('pdf_unreadable', 'The PDF is damaged or incomplete and cannot be read');
  }
  try {
    const pageCount = doc.numPages;
    if (pageCount > job.maxPages) {
      return fail('too_many_pages', `The PDF has ${pageCount} pages; the limit is ${job.maxPages}`);
    }
    if (pageCount < 1) return fail('pdf_unreadable', 'The PDF has no pages');
    // pdf.js's own view of scripts: the catalog's /Names /JavaScript tree, an /OpenAction or /AA
    // with a JavaScript action, and form fields with script actions.
    if ((await doc.getJSActions()) || (await doc.hasJSActions())) {
      return fail('pdf_has_javascript', 'The PDF contains JavaScript (document actions)');
    }
    const pages = [];
    let failedPages = 0;
    for (let n = 1; n <= pageCount; n++) {
      try {
        const page = await doc.getPage(n);
        if (await page.getJSActions()) {
          return fail('pdf_has_javascript', `The PDF contains JavaScript (page ${n} actions)`);
        }
        const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
        const content = await page.getTextContent({ includeMarkedContent: false });
        /** @type {Array<[string, number, number, number, number]>} */
        const items = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str.trim() === '') continue;
          const t = item.transform;
          // [text, x, baseline y, width, font size]; rotated text keeps its origin.
          items.push([item.str, t[4] - x0, t[5] - y0, item.width, Math.hypot(t[2], t[3]) || item.height]);
        }
        pages.push({ width: x1 - x0, height: y1 - y0, items });
        page.cleanup();
      } catch {
        failedPages++;
        pages.push({ width: 612, height: 792, items: [] });
      }
    }
    if (failedPages === pageCount) return fail('pdf_unreadable', 'No page of the PDF could be read');
    return { ok: true, pageCount, pages, failedPages };
  } finally {
    await doc.destroy();
  }
}

port.on('message', (job) => {
  extract(job)
    .catch(() => fail('pdf_unreadable', 'The PDF could not be read'))
    .then(async (result) => {
      const tripwire = await ready.then(
        ({ guard }) => guard.report(),
        () => ({ codeGeneration: 0, newGlobals: [] }),
      );
      port.postMessage({ ...result, tripwire });
    });
});
