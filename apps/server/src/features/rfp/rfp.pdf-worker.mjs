// @ts-check
// Runs inside a worker_threads Worker started by rfp.extract.ts, one PDF per worker, with
// resourceLimits and a kill timer set by the parent (SECURITY.md A.7). Plain JavaScript so
// that it starts the same under tsx, Vitest and a bundle, without a TypeScript loader.
//
// The parent has already checked the magic bytes and the size. Here:
//   1. a decompression budget: every Flate stream that text extraction would decode (all but
//      images, which pdf.js never decodes for text) is inflated with a ceiling, so a PDF
//      "zip bomb" is refused in milliseconds instead of exhausting memory;
//   2. pdf.js (legacy build) opens the file with eval, font faces and system fonts off;
//   3. the page count is checked before any page is read;
//   4. each page's positioned text items are sent back; nothing is ever rendered.
import { parentPort } from 'node:worker_threads';
import { constants, inflateSync } from 'node:zlib';

if (!parentPort) throw new Error('rfp.pdf-worker.mjs must run as a worker');
const port = parentPort;

// Imported at start-up so a pre-started worker has pdf.js compiled before a file arrives.
const pdfjsReady = import('pdfjs-dist/legacy/build/pdf.mjs');
pdfjsReady.catch(() => undefined);

/**
 * Sum of the inflated sizes of the Flate streams text extraction may decode. Returns the
 * total, or -1 as soon as it passes `budget`. Streams we cannot inflate (encrypted, other
 * filters, damaged) are left to the time and memory limits.
 * @param {Buffer} buf
 * @param {number} budget
 */
function inflatedSize(buf, budget) {
  let pos = 0;
  let total = 0;
  for (;;) {
    const s = buf.indexOf('stream', pos, 'latin1');
    if (s < 0) return total;
    if (s >= 3 && buf.toString('latin1', s - 3, s) === 'end') {
      pos = s + 6;
      continue;
    }
    const header = buf.toString('latin1', Math.max(0, s - 2048), s);
    if (!/>>\s*$/.test(header)) {
      pos = s + 6;
      continue;
    }
    let start = s + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    let end = buf.indexOf('endstream', start, 'latin1');
    if (end < 0) end = buf.length;
    pos = end + 9;
    const dict = header.slice(header.lastIndexOf('obj') + 1);
    if (/\/Subtype\s*\/Image\b/.test(dict)) continue;
    if (!/\/(FlateDecode|Fl)\b/.test(dict)) continue;
    try {
      const out = inflateSync(buf.subarray(start, end), {
        maxOutputLength: budget - total + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      total += out.length;
    } catch (err) {
      if (err && /** @type {{code?: string}} */ (err).code === 'ERR_BUFFER_TOO_LARGE') return -1;
      // not valid Flate data: pdf.js will fail on it or skip it
    }
    if (total > budget) return -1;
  }
}

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
  const inflated = inflatedSize(buf, job.maxInflatedBytes);
  if (inflated < 0) {
    return fail(
      'pdf_too_complex',
      `The PDF's compressed content expands to more than ${Math.round(job.maxInflatedBytes / 1048576)} MB`,
    );
  }
  let pdfjs;
  try {
    pdfjs = await pdfjsReady;
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
    const pages = [];
    let failedPages = 0;
    for (let n = 1; n <= pageCount; n++) {
      try {
        const page = await doc.getPage(n);
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
  extract(job).then(
    (result) => port.postMessage(result),
    () => port.postMessage(fail('pdf_unreadable', 'The PDF could not be read')),
  );
});
