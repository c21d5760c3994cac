import { Worker } from 'node:worker_threads';
import { layoutPage, type RawPage } from './rfp.layout.ts';

/** Why a file was refused; each maps to one documented 4xx (docs/decisions/0008). */
export type ExtractFailureCode =
  'not_a_pdf' | 'pdf_encrypted' | 'too_many_pages' | 'pdf_unreadable' | 'pdf_too_complex' | 'pdf_has_javascript';

export interface ExtractedPdf {
  ok: true;
  pageCount: number;
  /** Text of each page in reading order, lines joined by '\n'; index 0 is page 1. */
  pages: string[];
  /** Pages with (almost) no text: scanned images. */
  pagesWithoutText: number[];
  /** True when the document as a whole has no usable text layer. */
  needsOcr: boolean;
  /** What the worker's guard saw while reading the file (always empty for an accepted file). */
  tripwire?: Tripwire;
}
export type ExtractResult = ExtractedPdf | { ok: false; code: ExtractFailureCode; message: string };

export interface ExtractLimits {
  maxPages: number;
  /** Ceiling on the inflated size of the streams text extraction decodes (zip bombs). */
  maxInflatedBytes: number;
  /** Wall time after which the worker is terminated. */
  timeoutMs: number;
  /** V8 old-generation heap of the worker. */
  heapMb: number;
}

/** What the worker's guard saw (rfp.worker-guard.mjs): both must stay empty. */
export interface Tripwire {
  codeGeneration: number;
  newGlobals: string[];
}

type WorkerReply = (
  | { ok: true; pageCount: number; pages: RawPage[]; failedPages: number }
  | { ok: false; code: ExtractFailureCode | 'internal'; message: string }
) & { tripwire?: Tripwire };

/** True when reading the file tried to compile code or left a global behind in the worker. */
export const trippedWire = (t: Tripwire | undefined): boolean =>
  !!t && (t.codeGeneration > 0 || t.newGlobals.length > 0);

const WORKER_URL = new URL('./rfp.pdf-worker.mjs', import.meta.url);
const MIN_TEXT_CHARS_PER_PAGE = 20;

/** Pages (1-based) with (almost) no text, and whether the document as a whole has no usable text layer. */
export function textLayer(pages: string[]): { pagesWithoutText: number[]; needsOcr: boolean } {
  const pagesWithoutText: number[] = [];
  let chars = 0;
  pages.forEach((text, i) => {
    const n = text.replace(/\s+/g, '').length;
    chars += n;
    if (n < MIN_TEXT_CHARS_PER_PAGE) pagesWithoutText.push(i + 1);
  });
  const needsOcr =
    chars < MIN_TEXT_CHARS_PER_PAGE * Math.min(3, pages.length) || pagesWithoutText.length === pages.length;
  return { pagesWithoutText, needsOcr };
}

/** `%PDF-` within the first 1024 bytes, as readers accept (ASVS 5.2.2: content, not name). */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** A complete PDF ends with %%EOF (trailing junk of a few bytes is common); a cut-off one does not. */
export function hasEofMarker(bytes: Uint8Array): boolean {
  const start = Math.max(0, bytes.byteLength - 2048);
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start)
    .toString('latin1')
    .includes('%%EOF');
}

/**
 * Text extraction in a throw-away worker thread: one worker per file, so a file that
 * exhausts the worker's heap or time takes only that worker down. A worker is started in
 * advance (pdf.js takes ~200 ms to compile) and replaced after each use. Files are
 * extracted one at a time: the machines have two cores.
 */
export function createPdfExtractor(limits: ExtractLimits) {
  let spare: Worker | undefined;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  function spawn(): Worker {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.on('error', () => undefined); // handled per job; an idle spare that dies is replaced
    // pdf.js may print warnings about the file: drop them rather than fill the server log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    return worker;
  }

  function take(): Worker {
    const worker = spare ?? spawn();
    spare = undefined;
    return worker;
  }

  function run(bytes: Uint8Array): Promise<WorkerReply> {
    const worker = take();
    return new Promise<WorkerReply>((resolve) => {
      let done = false;
      const finish = (reply: WorkerReply) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        worker.removeAllListeners('message');
        void worker.terminate();
        if (!closed) spare = spawn();
        resolve(reply);
      };
      const tooComplex = (why: string): WorkerReply => ({ ok: false, code: 'pdf_too_complex', message: why });
      const timer = setTimeout(
        () => finish(tooComplex(`Reading the PDF took longer than ${Math.round(limits.timeoutMs / 1000)} s`)),
        limits.timeoutMs,
      );
      // Decoded streams live in ArrayBuffers, outside the V8 heap limit: watch the process too.
      const baseline = process.memoryUsage.rss();
      const ceiling = baseline + limits.heapMb * 2 * 1024 * 1024;
      const watchdog = setInterval(() => {
        if (process.memoryUsage.rss() > ceiling) finish(tooComplex('Reading the PDF needed too much memory'));
      }, 100);
      worker.ref();
      worker.on('message', (reply: WorkerReply) => finish(reply));
      worker.once('error', (err: Error & { code?: string }) =>
        finish(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooComplex('Reading the PDF needed too much memory')
            : { ok: false, code: 'internal', message: err.message },
        ),
      );
      worker.once('exit', () => finish({ ok: false, code: 'pdf_unreadable', message: 'The PDF could not be read' }));
      // A copy is posted, so the caller keeps its bytes (they are stored afterwards).
      worker.postMessage({ bytes, maxPages: limits.maxPages, maxInflatedBytes: limits.maxInflatedBytes });
    });
  }

  async function extractNow(bytes: Uint8Array): Promise<ExtractResult> {
    if (!hasPdfMagic(bytes)) return { ok: false, code: 'not_a_pdf', message: 'The file is not a PDF' };
    if (!hasEofMarker(bytes)) {
      return {
        ok: false,
        code: 'pdf_unreadable',
        message: 'The PDF is incomplete (it may have been cut off during download)',
      };
    }
    const reply = await run(bytes);
    if (trippedWire(reply.tripwire)) {
      return {
        ok: false,
        code: 'pdf_has_javascript',
        message: `Reading the PDF tried to run code (${JSON.stringify(reply.tripwire)}); it is refused`,
      };
    }
    if (!reply.ok) {
      if (reply.code === 'internal') throw new Error(`PDF worker failed: ${reply.message}`);
      return { ok: false, code: reply.code, message: reply.message };
    }
    const pages = reply.pages.map(layoutPage);
    return {
      ok: true,
      pageCount: reply.pageCount,
      pages,
      ...textLayer(pages),
      ...(reply.tripwire ? { tripwire: reply.tripwire } : {}),
    };
  }

  return {
    /** Never throws for a bad file: every refusal is an `ok: false` result. */
    extract(bytes: Uint8Array): Promise<ExtractResult> {
      const result = queue.then(() => extractNow(bytes));
      queue = result.catch(() => undefined);
      return result;
    },
    /** Starts the spare worker now, so the first upload does not wait for pdf.js to compile. */
    warm(): void {
      if (!closed && !spare) spare = spawn();
    },
    async close(): Promise<void> {
      closed = true;
      const s = spare;
      spare = undefined;
      if (s) await s.terminate();
    },
  };
}

export type PdfExtractor = ReturnType<typeof createPdfExtractor>;
