import { execFile } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { type ExtractedPdf, textLayer } from './rfp.extract.ts';

/**
 * OCR of image-only PDFs (issue 8: "a PDF without a text layer is reported as needing OCR").
 * Pages are rendered to PNG by pdf.js on @napi-rs/canvas in a throw-away worker (time and heap
 * limits, as text extraction), then read by Debian's `tesseract` (packages tesseract-ocr,
 * tesseract-ocr-eng, tesseract-ocr-fra; scripts/test.sh installs them) with English and French.
 * Everything runs offline: no language data is downloaded. Without tesseract or its language
 * data, `available()` is false and such PDFs keep status error, code pdf_needs_ocr.
 */
export interface OcrOptions {
  /** The tesseract executable. */
  command?: string;
  /** Tesseract languages, all of which must be installed. */
  languages?: string[];
  /** At most this many pages are read (about 3–6 s each on two cores); the rest stay without text. */
  maxPages?: number;
  /** Wall time for rendering all pages, and for each tesseract run. */
  timeoutMs?: number;
  dpi?: number;
  /** Ceiling on a rendered page's pixels (300 dpi Letter is 8.4 M). */
  maxPixels?: number;
  heapMb?: number;
}

export interface Ocr {
  /** True when tesseract and every language are installed (checked once). */
  available(): Promise<boolean>;
  /** Text of each page asked for (1-based), in page order; pages it could not read are absent. */
  recognize(pdf: Uint8Array, pages: number[]): Promise<Map<number, string>>;
}

const WORKER_URL = new URL('./rfp.ocr-worker.mjs', import.meta.url);

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

export function createOcr(options: OcrOptions = {}): Ocr {
  const command = options.command ?? 'tesseract';
  const languages = options.languages ?? ['eng', 'fra'];
  const maxPages = options.maxPages ?? 20;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const dpi = options.dpi ?? 300;
  const maxPixels = options.maxPixels ?? 12_000_000;
  const heapMb = options.heapMb ?? 512;
  let checked: Promise<boolean> | undefined;

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

  /** Renders the pages in a worker; resolves with the PNGs it managed before any limit hit. */
  function render(pdf: Uint8Array, pages: number[]): Promise<Map<number, Buffer>> {
    const pngs = new Map<number, Buffer>();
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(pngs);
      };
      const timer = setTimeout(finish, timeoutMs);
      worker.on('message', (msg: { page?: number; png?: Uint8Array; done?: boolean; error?: string }) => {
        if (msg.page !== undefined && msg.png) pngs.set(msg.page, Buffer.from(msg.png));
        if (msg.done || msg.error !== undefined) finish();
      });
      worker.once('error', finish);
      worker.once('exit', finish);
      worker.postMessage({ bytes: pdf, pages, dpi, maxPixels });
    });
  }

  async function recognize(pdf: Uint8Array, pages: number[]): Promise<Map<number, string>> {
    const texts = new Map<number, string>();
    if (pages.length === 0 || !(await available())) return texts;
    const wanted = [...pages].sort((a, b) => a - b).slice(0, maxPages);
    const pngs = await render(pdf, wanted);
    for (const page of wanted) {
      const png = pngs.get(page);
      if (!png) continue;
      try {
        const text = await run(command, ['stdin', 'stdout', '-l', languages.join('+'), '--psm', '3'], png, timeoutMs);
        texts.set(
          page,
          text
            .replace(/\f/g, '')
            .replace(/[ \t]+\n/g, '\n')
            .replace(/\n{3,}/g, '\n\n')
            .trim(),
        );
      } catch {
        // A page tesseract could not read stays without text.
      }
    }
    return texts;
  }

  return { available, recognize };
}

/**
 * A PDF without a text layer, read by OCR when tesseract is installed: the pages without text get
 * the recognised text (which the analysis then quotes and cites like any other), and `needsOcr`
 * is recomputed. Documents that have a text layer are returned as they are: OCR is for scans.
 */
export async function withOcr(ocr: Ocr | null, pdf: Uint8Array, extracted: ExtractedPdf): Promise<ExtractedPdf> {
  if (!ocr || !extracted.needsOcr) return extracted;
  const texts = await ocr.recognize(pdf, extracted.pagesWithoutText);
  if (texts.size === 0) return extracted;
  const pages = extracted.pages.map((text, i) => texts.get(i + 1) ?? text);
  return { ...extracted, pages, ...textLayer(pages) };
}
