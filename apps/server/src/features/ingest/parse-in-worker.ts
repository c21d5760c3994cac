import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { mapCanadaBuysRecord, type MapOptions, type TenderDraft } from './canadabuys.ts';
import { InvalidFileError } from './canadabuys-columns.ts';
import { readCanadaBuysCsv } from './csv-reader.ts';

/**
 * A mapped CSV row, or why it is rejected. Reading and mapping (~60% of an ingest's CPU) run in
 * a worker thread while the main thread writes the previous rows to the database: the machines
 * have two cores. Where a worker cannot load TypeScript (see canUseWorker), the same code runs
 * in the calling thread.
 */
export type ParsedItem = { row: number; tender: TenderDraft } | { row: number; reason: string };

export type ToWorker = { type: 'chunk'; data: Uint8Array } | { type: 'end' };
export type ToMain =
  | { type: 'ack' }
  | { type: 'items'; items: ParsedItem[] }
  | { type: 'done' }
  | { type: 'fail'; invalidFile: boolean; message: string };

const WORKER_URL = new URL('./parse.worker.mjs', import.meta.url);
/**
 * Chunks (1 MiB each) sent and not yet read by the worker: bounds its memory, and lets it read
 * ahead while the main thread is busy writing a batch (5,000 rows are ~20 MB of CSV).
 */
const MAX_IN_FLIGHT = 32;

/**
 * Run under tsx (the server, the CLI, the benchmarks: tsx puts its loader in execArgv): the
 * worker's entry registers tsx to load the TypeScript. Elsewhere (the test runner, a bundle)
 * the calling thread does the work.
 */
const canUseWorker = () => process.execArgv.some((a) => a.includes('tsx'));

export async function* parseAndMap(stream: Readable, opts: MapOptions): AsyncGenerator<ParsedItem> {
  if (!canUseWorker()) {
    for await (const item of readCanadaBuysCsv(stream)) {
      if ('error' in item) yield { row: item.row, reason: item.error };
      else {
        const mapped = mapCanadaBuysRecord(item.record, opts);
        yield mapped.ok ? { row: item.row, tender: mapped.tender } : { row: item.row, reason: mapped.reason };
      }
    }
    return;
  }
  yield* inWorker(stream, { source: opts.source });
}

async function* inWorker(stream: Readable, opts: MapOptions): AsyncGenerator<ParsedItem> {
  // The entry registers tsx itself; the parent's flags (--eval, --input-type…) are not its own.
  const worker = new Worker(WORKER_URL, { workerData: opts, execArgv: [] });
  const groups: ParsedItem[][] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let inFlight = 0;
  let resume: (() => void) | undefined;

  worker.on('message', (msg: ToMain) => {
    if (msg.type === 'ack') {
      inFlight--;
      resume?.();
      resume = undefined;
      return;
    }
    if (msg.type === 'items') groups.push(msg.items);
    else if (msg.type === 'done') finished = true;
    else failure = msg.invalidFile ? new InvalidFileError(msg.message) : new Error(msg.message);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', () => {
    if (!finished) failure ??= new Error('the CSV reader stopped');
    notify();
  });

  // Feed the bytes, at most MAX_IN_FLIGHT chunks ahead of the worker. An input error (a dropped
  // download) ends the run like a parse error.
  const pump = (async () => {
    try {
      for await (const chunk of stream) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
        inFlight++;
        worker.postMessage({ type: 'chunk', data: bytes } satisfies ToWorker);
        if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => (resume = r));
        if (failure || finished) break;
      }
      worker.postMessage({ type: 'end' } satisfies ToWorker);
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
      notify();
    }
  })();

  try {
    for (;;) {
      const group = groups.shift();
      if (group) {
        yield* group;
        continue;
      }
      if (failure) throw failure;
      if (finished) break;
      await new Promise<void>((r) => (wake = r));
    }
    await pump;
  } finally {
    stream.destroy();
    resume?.();
    await worker.terminate();
  }
}
