// @ts-check
// Renders the pages of an image-only PDF to PNG for OCR (rfp.ocr.ts), inside a worker_threads
// Worker with resourceLimits, a kill timer and an RSS watchdog set by the parent. pdf.js draws on
// @napi-rs/canvas (pdfjs-dist's own optional dependency); eval, font faces and system fonts stay
// off, and images over `maxImagePixels` are not decoded at all (pdf.js `maxImageSize`), so an
// "image bomb" (a small file holding a huge compressed picture) costs nothing. Pages are rendered
// one at a time and posted back as PNG bytes, or as `blank` when nothing was drawn (tesseract is
// then not run); nothing is ever shown to a user. The guard (rfp.worker-guard.mjs) reports any
// attempt to compile code, which is where CVE-2024-4367 struck: glyphs drawn as paths.
import { parentPort } from 'node:worker_threads';
import { installGuard } from './rfp.worker-guard.mjs';

if (!parentPort) throw new Error('rfp.ocr-worker.mjs must run as a worker');
const port = parentPort;

// pdf.js reports an image it skipped for its size through its warning log (console.warn).
let skippedImages = 0;
const warn = console.warn;
console.warn = (/** @type {unknown[]} */ ...args) => {
  if (typeof args[0] === 'string' && args[0].includes('exceeded maximum allowed size')) skippedImages++;
  else warn(...args);
};

const ready = Promise.all([
  import('@napi-rs/canvas'),
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
]).then(([canvas, pdfjs]) => ({ canvas, pdfjs, guard: installGuard() }));
ready.catch(() => undefined);

/**
 * True when every pixel is white (nothing was drawn, or only what was skipped).
 * @param {Uint8ClampedArray | Uint8Array} rgba
 */
function isBlank(rgba) {
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i] !== 255 || rgba[i + 1] !== 255 || rgba[i + 2] !== 255) return false;
  }
  return true;
}

/**
 * @param {{ bytes: Uint8Array, pages: number[], dpi: number, maxPixels: number, maxImagePixels: number }} job
 */
async function render(job) {
  const { canvas: napi, pdfjs } = await ready;
  const doc = await pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: job.maxImagePixels,
    canvasMaxAreaInBytes: job.maxPixels * 4,
    verbosity: pdfjs.VerbosityLevel.WARNINGS,
  }).promise;
  try {
    for (const n of job.pages) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      // 300 dpi, less for very large pages so that no canvas passes maxPixels.
      const scale = Math.min(job.dpi / 72, Math.sqrt(job.maxPixels / Math.max(1, base.width * base.height)));
      const viewport = page.getViewport({ scale });
      const canvas = napi.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      const skippedBefore = skippedImages;
      // @ts-expect-error pdf.js types the DOM canvas; @napi-rs/canvas is its Node stand-in.
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const skipped = skippedImages - skippedBefore;
      page.cleanup();
      if (isBlank(context.getImageData(0, 0, canvas.width, canvas.height).data)) {
        port.postMessage({ page: n, blank: true, skippedImages: skipped });
      } else {
        port.postMessage({ page: n, png: canvas.toBuffer('image/png'), skippedImages: skipped });
      }
    }
  } finally {
    await doc.destroy();
  }
}

port.on('message', (job) => {
  render(job)
    .then(
      () => ({ done: true }),
      (err) => ({ error: err instanceof Error ? err.message : String(err) }),
    )
    .then(async (end) => {
      const tripwire = await ready.then(
        ({ guard }) => guard.report(),
        () => ({ codeGeneration: 0, newGlobals: [] }),
      );
      port.postMessage({ ...end, tripwire });
    });
});
