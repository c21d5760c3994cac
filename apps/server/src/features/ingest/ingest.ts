import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { sql } from 'kysely';
import type { IngestRun } from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import { conflict } from '../../lib/errors.ts';
import type { TenderDraft } from './canadabuys.ts';
import { InvalidFileError } from './canadabuys-columns.ts';
import {
  beginBulkLoad,
  insertRun,
  restoreBulkLoadIndexes,
  toIngestRun,
  updateRun,
  upsertTenders,
  type RunRow,
} from './ingest.queries.ts';
import { pruneChangeLog } from '../tenders/search/open-index-live.ts';
import { mapCanadaBuysRecord } from './canadabuys.ts';
import { readCanadaBuysCsv } from './csv-reader.ts';
import { BlockWriteError, canUseWorkers, runPool } from './ingest-pool.ts';
import { describeInput, openInput, SourceUnreachableError, type IngestInput } from './source-input.ts';

export interface IngestOptions {
  /** `canadabuys` or `demo`. */
  source: string;
  /** What the run row records as its origin; defaults to the path or URL. */
  origin?: string;
  input: IngestInput;
  /** Clock for timestamps (tests pin it). */
  now?: Date;
  /** Rows per transaction. */
  batchSize?: number;
  /** Wait for response headers, then for each pause in the body. */
  fetchTimeoutMs?: number;
  /** Size of the blocks worker threads read (ingest-pool.ts); tests make it small. */
  blockBytes?: number;
}

/**
 * Why a run failed: the source could not be opened, the file is not the expected format, or
 * the input broke off midway (complete batches before the break are kept).
 */
export type IngestFailure = { kind: 'source_unreachable' | 'invalid_file' | 'interrupted'; message: string };
export interface IngestResult {
  run: IngestRun;
  failure: IngestFailure | null;
}

export const DEFAULT_BATCH_SIZE = 5_000;
/** The run row keeps this many rejected rows; the count covers all of them. */
export const MAX_STORED_REJECTIONS = 1_000;

/** A database error while writing a batch: the run is marked failed and the error rethrown. */
class BatchWriteError extends Error {}

/** Ingests one CanadaBuys CSV; returns the run summary, whether it succeeded or failed. */
export async function runIngest(dbh: DbHandle, opts: IngestOptions): Promise<IngestRun> {
  return (await ingestSource(dbh, opts)).run;
}

let inProgress = false;

/**
 * runIngest plus the failure kind, for callers that answer differently (HTTP status, demo
 * fallback). One ingest per process; on PostgreSQL an advisory lock extends that to every
 * process sharing the database. Both refusals throw HttpError 409 `ingest_in_progress`.
 */
export async function ingestSource(dbh: DbHandle, opts: IngestOptions): Promise<IngestResult> {
  if (inProgress) throw busy();
  inProgress = true;
  try {
    return await withDatabaseLock(dbh, () => ingestLocked(dbh, opts));
  } finally {
    inProgress = false;
  }
}

const busy = () => conflict('ingest_in_progress', 'An ingestion is already running. Try again when it has finished.');

// pg_try_advisory_lock(int, int): a fixed class for "breeze ingest", and the schema's hash,
// because what the lock protects is the tender table of one schema (test suites run several
// schemas in one database at once; production uses one).
const LOCK_CLASS = 0x62727a;

async function withDatabaseLock<T>(dbh: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (dbh.dialect !== 'postgres') return fn();
  // A session lock lives on one connection: hold that connection for the whole run.
  // Raw SQL because advisory locks are PostgreSQL-only and Kysely has no builder for them.
  return dbh.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(current_schema())) as locked`.execute(conn);
    if (!rows[0]?.locked) throw busy();
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(current_schema()))`.execute(conn);
    }
  });
}

interface Progress {
  run: RunRow;
  rejected: IngestRun['rejected'];
}

async function ingestLocked(dbh: DbHandle, opts: IngestOptions): Promise<IngestResult> {
  const clock = () => (opts.now ?? new Date()).toISOString();
  const progress: Progress = { run: newRun(opts, clock()), rejected: [] };
  await insertRun(dbh.db, progress.run);
  let failure: IngestFailure | null = null;
  const sqlite = dbh.sqlite;
  // Indexes left dropped by a run that never finished are built first; an empty table is
  // filled without its secondary indexes, built once at the end (beginBulkLoad).
  if (sqlite) restoreBulkLoadIndexes(sqlite);
  const bulk = sqlite ? beginBulkLoad(sqlite, clock()) : false;
  try {
    const stream = await openInput(opts.input, opts.fetchTimeoutMs ?? 8_000);
    await consume(dbh, stream, opts, progress, clock);
  } catch (err) {
    if (err instanceof BatchWriteError) {
      await finish(dbh, progress, clock(), { kind: 'interrupted', message: `Database error: ${err.message}` });
      throw err.cause instanceof Error ? err.cause : err;
    }
    failure = classify(err);
  } finally {
    if (bulk && sqlite) restoreBulkLoadIndexes(sqlite);
  }
  await pruneChangeLog(dbh);
  return { run: await finish(dbh, progress, clock(), failure), failure };
}

function newRun(opts: IngestOptions, nowIso: string): RunRow {
  return {
    id: randomUUID(),
    source: opts.source,
    origin: opts.origin ?? describeInput(opts.input),
    started_at: nowIso,
    finished_at: null,
    status: 'running',
    rows_read: 0,
    rows_inserted: 0,
    rows_updated: 0,
    rows_unchanged: 0,
    rows_rejected: 0,
    rejected: '[]',
    error: null,
  };
}

async function consume(
  dbh: DbHandle,
  stream: Readable,
  opts: IngestOptions,
  progress: Progress,
  clock: () => string,
): Promise<void> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const { run } = progress;
  let batch: TenderDraft[] = [];
  let ids = new Set<string>();
  const flush = async () => {
    const drafts = batch;
    batch = [];
    ids = new Set();
    const counts = await upsertTenders(dbh, drafts, clock()).catch((err: unknown) => {
      throw new BatchWriteError(String((err as Error).message), { cause: err });
    });
    count(counts);
  };
  const count = (counts: { inserted: number; updated: number; unchanged: number }) => {
    run.rows_inserted += counts.inserted;
    run.rows_updated += counts.updated;
    run.rows_unchanged += counts.unchanged;
  };
  const add = async (tender: TenderDraft) => {
    // A batch holds each id once, so a notice repeated in the file is compared with its predecessor.
    if (ids.has(tender.id)) await flush();
    batch.push(tender);
    ids.add(tender.id);
    if (batch.length >= batchSize) await flush();
  };

  if (canUseWorkers()) {
    // Worker threads read and map blocks of the file; on a SQLite file they also write them.
    const options = {
      source: opts.source,
      nowIso: clock,
      ...(dbh.sqlitePath ? { sqlitePath: dbh.sqlitePath } : {}),
      ...(opts.blockBytes ? { blockBytes: opts.blockBytes } : {}),
    };
    await runPool(stream, options, async (block) => {
      run.rows_read += block.records;
      for (const r of block.rejects) reject(progress, r.row, r.reason);
      if (block.kind === 'written') count(block.counts);
      else for (const tender of block.drafts) await add(tender);
    }).catch((err: unknown) => {
      throw err instanceof BlockWriteError ? new BatchWriteError(err.message, { cause: err }) : err;
    });
  } else {
    for await (const item of readCanadaBuysCsv(stream)) {
      run.rows_read++;
      if ('error' in item) {
        reject(progress, item.row, item.error);
        continue;
      }
      const mapped = mapCanadaBuysRecord(item.record, { source: opts.source }, item.raw);
      if (mapped.ok) await add(mapped.tender);
      else reject(progress, item.row, mapped.reason);
    }
  }
  await flush();
}

function reject(progress: Progress, row: number, reason: string): void {
  progress.run.rows_rejected++;
  if (progress.rejected.length < MAX_STORED_REJECTIONS) progress.rejected.push({ row, reason });
}

function classify(err: unknown): IngestFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof SourceUnreachableError) return { kind: 'source_unreachable', message };
  if (err instanceof InvalidFileError || err instanceof CsvError) {
    return { kind: 'invalid_file', message };
  }
  return { kind: 'interrupted', message: `Reading stopped: ${message}` };
}

async function finish(
  dbh: DbHandle,
  progress: Progress,
  nowIso: string,
  failure: IngestFailure | null,
): Promise<IngestRun> {
  const run: RunRow = {
    ...progress.run,
    finished_at: nowIso,
    status: failure ? 'failed' : 'succeeded',
    rejected: JSON.stringify(progress.rejected),
    error: failure?.message ?? null,
  };
  await updateRun(dbh.db, run);
  return toIngestRun(run);
}
