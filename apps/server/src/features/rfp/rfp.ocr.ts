import { execFile } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { type ExtractedPdf, textLayer, type Tripwire, trippedWire } from './rfp.extract.ts';

/**
 * OCR of image-only PDFs (issue 8: "a PDF without a text layer is reported as needing OCR").
 * Pages are rendered to PNG by pdf.js on @napi-rs/canvas in a throw-away worker, then read by
 * Debian's `tesseract` (packages tesseract-ocr, tesseract-ocr-eng, tesseract-ocr-fra; scripts/test.sh
 * installs them) with English and French. Everything runs offline: no language data is downloaded.
 * Without tesseract or its language data, `available()` is false and such PDFs keep status error,
 * code pdf_needs_ocr.
 *
 * Limits (SECURITY.md A.7), so that a scan can never hang an upload or the server:
 * - the render worker has a V8 heap limit, an RSS watchdog (canvases and decoded images live
 *   outside the heap), and pdf.js `maxImageSize`: an image over `maxImagePixels` is not decoded
 *   (an "image bomb" is reported, not drawn);
 * - one document is read at a time (`concurrency`), the others wait in a bounded queue;
 * - each document has a total time budget (`totalTimeoutMs`: waiting, rendering and every tesseract
 *   run together); pages not read when it runs out stay without text, and the reason is reported.
 */
export interface OcrOptions {
  /** The tesseract executable. */
  command?: string;
  /** Tesseract languages, all of which must be installed. */
  languages?: string[];
  /** At most this many pages are read (about 3–6 s each on two cores); the rest stay without text. */
  maxPages?: number;
  /** Wall time for one document: queue wait, rendering and reading together. */
  totalTimeoutMs?: number;
  /** Wall time for one tesseract run (one page). */
  pageTimeoutMs?: number;
  dpi?: number;
  /** Ceiling on a rendered page's pixels (300 dpi Letter is 8.4 M). */
  maxPixels?: number;
  /** Images with more pixels than this are not decoded (pdf.js maxImageSize). */
  maxImagePixels?: number;
  heapMb?: number;
  /** Documents read at the same time; the others wait. */
  concurrency?: number;
  /** Documents that may wait; past that, OCR is skipped for the new one (reported as busy). */
  maxQueued?: number;
}

/** Why OCR read nothing, or less than asked, in words a user can act on. */
export type OcrProblem =
  'unavailable' | 'busy' | 'image_too_large' | 'time_budget' | 'memory' | 'render_failed' | 'no_text';

export interface OcrOutcome {
  /** Text of each page read (1-based). */
  texts: Map<number, string>;
  /** The first problem met, if any. */
  problem: OcrProblem | null;
  /** What the render worker's guard saw (rfp.worker-guard.mjs); when tripped, the file is refused. */
  tripwire?: Tripwire;
}

export interface Ocr {
  /** True when tesseract and every language are installed (checked once). */
  available(): Promise<boolean>;
  /** Reads the pages asked for (1-based), within the limits above. */
  recognize(pdf: Uint8Array, pages: number[]): Promise<OcrOutcome>;
}

const WORKER_URL = new URL('./rfp.ocr-worker.mjs', import.meta.url);

export const OCR_PROBLEM_TEXT: Record<OcrProblem, string> = {
  unavailable: 'OCR is not installed on this server',
  busy: 'OCR is busy with other documents; upload the file again later',
  image_too_large: 'its page images are too large to read',
  time_budget: 'reading it took longer than the time allowed',
  memory: 'reading it needed too much memory',
  render_failed: 'its pages could not be drawn',
  no_text: 'OCR found no text on its pages',
};

function run(command: string, args: string[], input: Buffer | null, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout) => (err ? reject(new Error(`${command} failed: ${err.message}`)) : resolve(stdout)),
    );
    child.stdin?.on('error', () => undefined); // tesseract missing: the callback reports it
    child.stdin?.end(input ?? undefined);
  });
}

type RenderMessage =
  | { page: number; png?: Uint8Array; blank?: boolean; skippedImages: number }
  | { done: true; tripwire?: Tripwire }
  | { error: string; tripwire?: Tripwire };

interface Rendered {
  pngs: Map<number, Buffer>;
  skippedImages: number;
  problem: OcrProblem | null;
  tripwire?: Tripwire;
}

export function createOcr(options: OcrOptions = {}): Ocr {
  const command = options.command ?? 'tesseract';
  const languages = options.languages ?? ['eng', 'fra'];
  const maxPages = options.maxPages ?? 20;
  const totalTimeoutMs = options.totalTimeoutMs ?? 120_000;
  const pageTimeoutMs = options.pageTimeoutMs ?? 60_000;
  const dpi = options.dpi ?? 300;
  const maxPixels = options.maxPixels ?? 12_000_000;
  const maxImagePixels = options.maxImagePixels ?? 25_000_000;
  const heapMb = options.heapMb ?? 512;
  const concurrency = options.concurrency ?? 1;
  const maxQueued = options.maxQueued ?? 4;
  let checked: Promise<boolean> | undefined;
  let running = 0;
  const waiting: Array<() => void> = [];

  function available(): Promise<boolean> {
    checked ??= run(command, ['--list-langs'], null, 10_000).then(
      (out) => {
        const installed = new Set(out.split(/\s+/));
        return languages.every((l) => installed.has(l));
      },
      () => false,
    );
    return checked;
  }

  /** A slot among `concurrency`, or false when the queue is full or the deadline passes first. */
  function acquire(deadline: number): Promise<boolean> {
    if (running < concurrency) {
      running++;
      return Promise.resolve(true);
    }
    if (waiting.length >= maxQueued) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        running++;
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          const i = waiting.indexOf(wake);
          if (i >= 0) waiting.splice(i, 1);
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      waiting.push(wake);
    });
  }

  function release() {
    running--;
    const next = waiting.shift();
    if (next) next();
  }

  /** Renders the pages in a worker; resolves with the PNGs it managed before any limit hit. */
  function render(pdf: Uint8Array, pages: number[], deadline: number): Promise<Rendered> {
    const out: Rendered = { pngs: new Map(), skippedImages: 0, problem: null };
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    return new Promise((resolve) => {
      let done = false;
      const finish = (problem: OcrProblem | null = null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        out.problem ??= problem;
        void worker.terminate();
        resolve(out);
      };
      const timer = setTimeout(() => finish('time_budget'), Math.max(1, deadline - Date.now()));
      // Canvases and decoded images live outside the V8 heap: watch the process too.
      const ceiling = process.memoryUsage.rss() + heapMb * 2 * 1024 * 1024;
      const watchdog = setInterval(() => {
        if (process.memoryUsage.rss() > ceiling) finish('memory');
      }, 100);
      worker.on('message', (msg: RenderMessage) => {
        if ('page' in msg) {
          out.skippedImages += msg.skippedImages;
          if (msg.png) out.pngs.set(msg.page, Buffer.from(msg.png));
          return;
        }
        if (msg.tripwire) out.tripwire = msg.tripwire;
        finish('error' in msg ? 'render_failed' : null);
      });
      worker.once('error', (err: Error & { code?: string }) =>
        finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'render_failed'),
      );
      worker.once('exit', () => finish('render_failed'));
      worker.postMessage({ bytes: pdf, pages, dpi, maxPixels, maxImagePixels });
    });
  }

  async function recognize(pdf: Uint8Array, pages: number[]): Promise<OcrOutcome> {
    const texts = new Map<number, string>();
    if (pages.length === 0) return { texts, problem: null };
    if (!(await available())) return { texts, problem: 'unavailable' };
    const deadline = Date.now() + totalTimeoutMs;
    if (!(await acquire(deadline))) return { texts, problem: Date.now() >= deadline ? 'time_budget' : 'busy' };
    try {
      const wanted = [...pages].sort((a, b) => a - b).slice(0, maxPages);
      const rendered = await render(pdf, wanted, deadline);
      const seen = rendered.tripwire ? { tripwire: rendered.tripwire } : {};
      if (trippedWire(rendered.tripwire)) return { texts, problem: null, ...seen };
      let problem = rendered.problem;
      for (const page of wanted) {
        const png = rendered.pngs.get(page);
        if (!png) continue;
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          problem ??= 'time_budget';
          break;
        }
        try {
          const text = await run(
            command,
            ['stdin', 'stdout', '-l', languages.join('+'), '--psm', '3'],
            png,
            Math.min(pageTimeoutMs, remaining),
          );
          const clean = text
            .replace(/\f/g, '')
            .replace(/[ \t]+\n/g, '\n')
            .replace(/\n{3,}/g, '\n\n')
            .trim();
          if (clean) texts.set(page, clean);
        } catch {
          // A page tesseract could not read (or that ran out of time) stays without text.
          if (Date.now() >= deadline) problem ??= 'time_budget';
        }
      }
      if (texts.size === 0) problem ??= rendered.skippedImages > 0 ? 'image_too_large' : 'no_text';
      else if (rendered.skippedImages > 0) problem ??= 'image_too_large';
      return { texts, problem, ...seen };
    } finally {
      release();
    }
  }

  return { available, recognize };
}

/** An extraction after OCR: which pages were read by OCR, and why OCR read nothing if so. */
export interface OcrExtractedPdf extends ExtractedPdf {
  /** Pages (1-based) whose text comes from OCR, not from the PDF's text layer. */
  ocrPages: number[];
  /** Why OCR could not give the document a text layer (set only when `needsOcr` stays true). */
  ocrProblem: OcrProblem | null;
  /** Set only when rendering for OCR tripped the worker's guard: the file must be refused. */
  tripwire?: Tripwire;
}

/**
 * A PDF without a text layer, read by OCR when tesseract is installed: the pages without text get
 * the recognised text (which the analysis then quotes and cites like any other, marked as read by
 * OCR), and `needsOcr` is recomputed. Documents that have a text layer are returned as they are.
 */
export async function withOcr(ocr: Ocr | null, pdf: Uint8Array, extracted: ExtractedPdf): Promise<OcrExtractedPdf> {
  const { tripwire: _extractionTripwire, ...text } = extracted; // checked by the extractor already
  const unchanged: OcrExtractedPdf = { ...text, ocrPages: [], ocrProblem: null };
  if (!extracted.needsOcr) return unchanged;
  if (!ocr) return { ...unchanged, ocrProblem: 'unavailable' };
  const outcome = await ocr.recognize(pdf, extracted.pagesWithoutText);
  if (trippedWire(outcome.tripwire))
    return { ...unchanged, ...(outcome.tripwire ? { tripwire: outcome.tripwire } : {}) };
  if (outcome.texts.size === 0) return { ...unchanged, ocrProblem: outcome.problem ?? 'no_text' };
  const pages = extracted.pages.map((t, i) => outcome.texts.get(i + 1) ?? t);
  const layer = textLayer(pages);
  return {
    ...text,
    pages,
    ...layer,
    ocrPages: [...outcome.texts.keys()].sort((a, b) => a - b),
    ocrProblem: layer.needsOcr ? (outcome.problem ?? 'no_text') : null,
  };
}
