import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';
import { HttpError } from '../../lib/errors.ts';
import { DEMO_COUNT, DEMO_SEED, generateDemoCsv } from './demo-data.ts';
import { ingestSource, type IngestResult } from './ingest.ts';
import { countTenders, deleteTendersOfSource, getMeta, setMeta } from './ingest.queries.ts';

export interface JobDeps {
  env: Env;
  dbh: DbHandle;
  log: FastifyBaseLogger;
  /** Called after a refresh that added tenders (the alert digests run then; ADR 0012). */
  onIngested?: () => void;
}

/** app_meta key telling the UI whether it shows official or generated data. */
export const TENDER_DATA_KEY = 'tender_data';

export const OPEN_FILE = 'openTenderNotice-ouvertAvisAppelOffres.csv';
export const NEW_FILE = 'newTenderNotice-nouvelAvisAppelOffres.csv';

const officialUrl = (env: Env, file: string) => new URL(file, env.CANADABUYS_BASE_URL).href;

async function ingestUrl(deps: JobDeps, url: string): Promise<IngestResult> {
  const result = await ingestSource(deps.dbh, {
    source: 'canadabuys',
    input: url,
    fetchTimeoutMs: deps.env.INGEST_FETCH_TIMEOUT_MS,
  });
  const { run, failure } = result;
  const counts = {
    read: run.rows_read,
    inserted: run.rows_inserted,
    updated: run.rows_updated,
    unchanged: run.rows_unchanged,
    rejected: run.rows_rejected,
  };
  if (failure) deps.log.warn({ url, runId: run.id, ...counts, failure }, 'CanadaBuys ingest failed');
  else deps.log.info({ url, runId: run.id, ...counts }, 'CanadaBuys ingest finished');
  return result;
}

/**
 * Refresh from CanadaBuys: the new-notice file, then the open file (or one given URL). Used
 * by the schedule and by POST /api/tenders/refreshTenders. Once official rows arrive, the
 * generated demo rows are removed so the two never mix.
 */
export async function runRefresh(deps: JobDeps, opts: { url?: string } = {}): Promise<IngestResult[]> {
  const urls = opts.url ? [opts.url] : [officialUrl(deps.env, NEW_FILE), officialUrl(deps.env, OPEN_FILE)];
  const results: IngestResult[] = [];
  for (const url of urls) results.push(await ingestUrl(deps, url));
  if (results.some((r) => !r.failure && r.run.rows_read > r.run.rows_rejected)) await retireDemoData(deps);
  if (results.some((r) => !r.failure && r.run.rows_inserted > 0)) deps.onIngested?.();
  return results;
}

async function retireDemoData(deps: JobDeps): Promise<void> {
  const { db } = deps.dbh;
  if ((await getMeta(db, TENDER_DATA_KEY)) === 'official') return;
  const removed = await deleteTendersOfSource(db, 'demo');
  await setMeta(db, TENDER_DATA_KEY, 'official', new Date().toISOString());
  if (removed > 0) deps.log.info({ removed }, 'official CanadaBuys data loaded: demo tenders removed');
}

/**
 * First start with an empty database: load the official open and new-notice files, or, when
 * they cannot be fetched in INGEST_FETCH_TIMEOUT_MS (no network), the generated demo set.
 * Records which one in app_meta so the UI can say so.
 */
export async function seedIfEmpty(deps: JobDeps): Promise<'official' | 'demo' | 'skipped'> {
  const { db } = deps.dbh;
  if ((await countTenders(db)) > 0) return 'skipped';
  try {
    const open = await ingestUrl(deps, officialUrl(deps.env, OPEN_FILE));
    if (!open.failure) await ingestUrl(deps, officialUrl(deps.env, NEW_FILE));
    if ((await countTenders(db, 'canadabuys')) > 0) {
      await setMeta(db, TENDER_DATA_KEY, 'official', new Date().toISOString());
      deps.log.info('first start: loaded the official CanadaBuys open and new notices');
      return 'official';
    }
    await loadDemo(deps);
    return 'demo';
  } catch (err) {
    if (err instanceof HttpError && err.code === 'ingest_in_progress') {
      deps.log.info('first-start seeding skipped: another ingest is running');
      return 'skipped';
    }
    throw err;
  }
}

async function loadDemo(deps: JobDeps): Promise<void> {
  const now = new Date();
  const { run } = await ingestSource(deps.dbh, {
    source: 'demo',
    origin: `generated demo set (${DEMO_COUNT} notices, seed ${DEMO_SEED})`,
    input: generateDemoCsv({ count: DEMO_COUNT, seed: DEMO_SEED, now }),
    now,
  });
  await setMeta(deps.dbh.db, TENDER_DATA_KEY, 'demo', now.toISOString());
  deps.log.warn(
    { runId: run.id, inserted: run.rows_inserted },
    `CanadaBuys could not be reached: loaded ${run.rows_inserted} generated DEMO tenders (not real notices)`,
  );
}

/** Runs runRefresh on INGEST_SCHEDULE ('off': never). Failures are logged; the process keeps running. */
export function scheduleIngest(deps: JobDeps): { stop(): void } {
  const pattern = deps.env.INGEST_SCHEDULE;
  if (pattern === 'off') return { stop() {} };
  const tick = async () => {
    try {
      await runRefresh(deps);
    } catch (err) {
      if (err instanceof HttpError && err.code === 'ingest_in_progress')
        deps.log.info('scheduled ingest skipped: another ingest is running');
      else deps.log.error({ err }, 'scheduled ingest failed');
    }
  };
  try {
    // protect: a tick that starts while the previous one still runs is skipped, not stacked.
    const job = new Cron(pattern, { protect: true, name: 'ingest.refresh-canadabuys' }, tick);
    return { stop: () => job.stop() };
  } catch (err) {
    deps.log.error({ err, pattern }, 'INGEST_SCHEDULE is not a valid cron pattern: scheduled ingest disabled');
    return { stop() {} };
  }
}
