import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { TenderDraft } from './canadabuys.ts';
import { InvalidFileError, type ResolvedHeader } from './canadabuys-columns.ts';
import { bundledWorkerUrl } from '../../lib/worker-bundle.ts';
import { csvBlocks, type CsvPiece } from './csv-blocks.ts';
import { mapCanadaBuysRecord } from './canadabuys.ts';
import { readCanadaBuysCsv, readHeaderRecord } from './csv-reader.ts';
import type { BatchCounts } from './ingest.queries.ts';

/**
 * Parallel ingestion (ADR 0003, "Speed"). The main thread cuts the CSV into blocks of whole
 * records (csv-blocks.ts) and hands them out in turn to worker threads, one per core; each
 * reads its blocks with csv-parse and maps them and, on a SQLite file, writes them itself in
 * block order (a turn counter in shared memory), so that one core parses while the other
 * writes and no row is copied between threads. On PostgreSQL (or a SQLite database in memory)
 * the workers send the mapped rows back and the caller writes them, in order.
 *
 * If a block ends inside a quoted field (a malformed file can mislead the cutter), that block
 * and everything after it are read again in order on this thread, exactly as a single reader
 * would: the same rows, numbers and rejections either way.
 */

export interface PoolInit {
  source: string;
  sqlitePath?: string;
  /** The file's header, resolved (and checked) once here. */
  header: ResolvedHeader;
  shared: SharedArrayBuffer;
}
export type ToWorker =
  { type: 'block'; index: number; bytes: Uint8Array; last: boolean; nowIso: string } | { type: 'end' };
type Reject = { row: number; reason: string };
export type ToPool =
  | { type: 'written'; index: number; records: number; rejects: Reject[]; counts: BatchCounts }
  | { type: 'parsed'; index: number; records: number; rejects: Reject[]; drafts: TenderDraft[] }
  | { type: 'resync'; index: number }
  | { type: 'dropped'; index: number }
  | { type: 'failed'; index: number; message: string; invalidFile: boolean; stage: 'read' | 'write' };

/** A worker could not write a block to the database (the run is then interrupted). */
export class BlockWriteError extends Error {
  override name = 'BlockWriteError';
}

/** What the caller receives, in file order. Row numbers are the file's (1 = first data row). */
export type BlockOutcome =
  | { kind: 'written'; records: number; rejects: Reject[]; counts: BatchCounts }
  | { kind: 'drafts'; records: number; rejects: Reject[]; drafts: TenderDraft[] };

export interface PoolOptions {
  source: string;
  /** Workers write to this SQLite file themselves; otherwise they return drafts. */
  sqlitePath?: string;
  /** Timestamp for the rows of the next block. */
  nowIso: () => string;
  blockBytes?: number;
  workers?: number;
}

const DEFAULT_BLOCK_BYTES = 4 << 20;
/** Blocks sent to a worker and not yet reported: bounds memory, keeps each worker busy. */
const PER_WORKER = 2;
const WORKER_ENTRY = new URL('./ingest.worker.ts', import.meta.url);
/** Records per delivery on the single-reader path. */
const IN_ORDER_GROUP = 1_000;

/**
 * Under tsx (the server, the CLI, the benchmarks) ingestion runs in worker threads, started
 * from a bundle of ingest.worker.ts (lib/worker-bundle.ts). Under the test runner, whose
 * modules Vite transforms, it reads in the calling thread; ingest-pool.test.ts runs the pool
 * in tsx processes and compares both paths.
 */
export const canUseWorkers = () => process.execArgv.some((a) => a.includes('tsx'));

export const defaultWorkers = () => Math.max(1, Math.min(2, availableParallelism()));

export async function runPool(
  input: Readable,
  opts: PoolOptions,
  deliver: (outcome: BlockOutcome) => Promise<void>,
): Promise<void> {
  const pieces = csvBlocks(input, opts.blockBytes ?? DEFAULT_BLOCK_BYTES);
  const first = await pieces.next();
  if (first.done) throw new InvalidFileError('The file is empty: it has no header row');
  const header = first.value.bytes;
  const resolved = readHeaderRecord(header); // throws when the header lacks the feed's required columns

  const shared = new SharedArrayBuffer(8);
  const state = new Int32Array(shared);
  Atomics.store(state, 1, 2 ** 31 - 1); // LIMIT: none yet
  const count = opts.workers ?? defaultWorkers();
  const init: PoolInit = {
    source: opts.source,
    header: resolved,
    shared,
    ...(opts.sqlitePath ? { sqlitePath: opts.sqlitePath } : {}),
  };
  const workerUrl = await bundledWorkerUrl(WORKER_ENTRY);
  const workers = Array.from({ length: count }, () => new Worker(workerUrl, { workerData: init, execArgv: [] }));
  const exited = workers.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));

  const held = new Map<number, Extract<CsvPiece, { kind: 'block' }>>(); // sent, not yet delivered
  const arrived = new Map<number, ToPool>();
  let nextToDeliver = 0;
  let dispatched = 0;
  let rowBase = 0;
  let resyncAt: number | undefined;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const outstanding = () => dispatched - nextToDeliver;
  // A function, so that TypeScript does not narrow `failure` (set by the message handlers).
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const setLimit = (index: number) => {
    if (index < Atomics.load(state, 1)) Atomics.store(state, 1, index);
    Atomics.notify(state, 0);
  };

  for (const w of workers) {
    w.on('message', (msg: ToPool) => {
      arrived.set(msg.index, msg);
      if (msg.type === 'resync') {
        resyncAt = Math.min(resyncAt ?? Infinity, msg.index);
        setLimit(msg.index);
      } else if (msg.type === 'failed') {
        failure ??= msg.invalidFile
          ? new InvalidFileError(msg.message)
          : msg.stage === 'write'
            ? new BlockWriteError(msg.message)
            : new Error(msg.message);
        setLimit(msg.index);
      }
      notify();
    });
    w.on('error', (err) => {
      failure ??= err;
      setLimit(0);
      notify();
    });
  }

  /** Delivers what has arrived, in order; stops at a gap or at the resync point. */
  const flush = async () => {
    for (let msg = arrived.get(nextToDeliver); msg; msg = arrived.get(nextToDeliver)) {
      if (failure || (resyncAt !== undefined && nextToDeliver >= resyncAt)) return;
      arrived.delete(nextToDeliver);
      held.delete(nextToDeliver);
      nextToDeliver++;
      if (msg.type === 'written' || msg.type === 'parsed') {
        const rejects = msg.rejects.map((r) => ({ row: rowBase + r.row, reason: r.reason }));
        rowBase += msg.records;
        await deliver(
          msg.type === 'written'
            ? { kind: 'written', records: msg.records, rejects, counts: msg.counts }
            : { kind: 'drafts', records: msg.records, rejects, drafts: msg.drafts },
        );
      }
    }
  };
  const waitForMessage = () => new Promise<void>((resolve) => (wake = resolve));

  let rest: AsyncIterator<CsvPiece> | undefined = pieces;
  try {
    for (;;) {
      await flush();
      throwIfFailed();
      if (resyncAt !== undefined) break;
      if (outstanding() >= count * PER_WORKER) {
        await waitForMessage();
        continue;
      }
      const next = await pieces.next();
      if (next.done) {
        rest = undefined;
        break;
      }
      const block = next.value as Extract<CsvPiece, { kind: 'block' }>;
      const index = dispatched++;
      held.set(index, block);
      const msg: ToWorker = { type: 'block', index, bytes: block.bytes, last: block.last, nowIso: opts.nowIso() };
      (workers[index % count] as Worker).postMessage(msg);
    }
    // Everything sent is accounted for (delivered, or dropped after a resync point).
    while (nextToDeliver < Math.min(dispatched, resyncAt ?? Infinity)) {
      await flush();
      throwIfFailed();
      if (nextToDeliver < Math.min(dispatched, resyncAt ?? Infinity)) await waitForMessage();
    }
    if (resyncAt !== undefined) {
      const from = resyncAt;
      const again = [...held.entries()].filter(([i]) => i >= from).sort(([a], [b]) => a - b);
      await readInOrder(
        header,
        again.map(([, b]) => b.bytes),
        rest,
        rowBase,
        opts,
        deliver,
      );
    }
  } finally {
    setLimit(0);
    for (const w of workers) w.postMessage({ type: 'end' } satisfies ToWorker);
    // A worker ends after its current block; one stuck past that is stopped (its transaction rolls back).
    const timer = setTimeout(() => void Promise.all(workers.map((w) => w.terminate())), 30_000);
    await Promise.all(exited);
    clearTimeout(timer);
  }
}

/** The single-reader path from a block on: the held blocks, then the rest of the input. */
async function readInOrder(
  header: Buffer,
  blocks: Buffer[],
  rest: AsyncIterator<CsvPiece> | undefined,
  rowBase: number,
  opts: PoolOptions,
  deliver: (outcome: BlockOutcome) => Promise<void>,
): Promise<void> {
  async function* bytes(): AsyncGenerator<Buffer> {
    yield header;
    yield* blocks;
    if (!rest) return;
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      if (next.value.kind === 'block') yield next.value.bytes;
    }
  }
  let group: BlockOutcome & { kind: 'drafts' } = { kind: 'drafts', records: 0, rejects: [], drafts: [] };
  for await (const item of readCanadaBuysCsv(Readable.from(bytes()))) {
    group.records++;
    if ('error' in item) group.rejects.push({ row: rowBase + item.row, reason: item.error });
    else {
      const mapped = mapCanadaBuysRecord(item.record, { source: opts.source }, item.raw);
      if (mapped.ok) group.drafts.push(mapped.tender);
      else group.rejects.push({ row: rowBase + item.row, reason: mapped.reason });
    }
    if (group.records >= IN_ORDER_GROUP) {
      await deliver(group);
      group = { kind: 'drafts', records: 0, rejects: [], drafts: [] };
    }
  }
  if (group.records > 0) await deliver(group);
}
