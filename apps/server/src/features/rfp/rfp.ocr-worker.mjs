// @ts-check
// Renders the pages of an image-only PDF to PNG for OCR (rfp.ocr.ts), inside a worker_threads
// Worker with resourceLimits and a kill timer set by the parent. pdf.js draws on @napi-rs/canvas
// (pdfjs-dist's own optional dependency); eval, font faces and system fonts stay off. Pages are
// rendered one at a time and posted back as PNG bytes; nothing is ever shown to a user.
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('rfp.ocr-worker.mjs must run as a worker');
const port = parentPort;

/**
 * @param {{ bytes: Uint8Array, pages: number[], dpi: number, maxPixels: number }} job
 */
async function render(job) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    for (const n of job.pages) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      // 300 dpi, less for very large pages so that no canvas passes maxPixels.
      const scale = Math.min(job.dpi / 72, Math.sqrt(job.maxPixels / Math.max(1, base.width * base.height)));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @ts-expect-error pdf.js types the DOM canvas; @napi-rs/canvas is its Node stand-in.
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const png = canvas.toBuffer('image/png');
      page.cleanup();
      port.postMessage({ page: n, png });
    }
  } finally {
    await doc.destroy();
  }
}

port.on('message', (job) => {
  render(job).then(
    () => port.postMessage({ done: true }),
    (err) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
