import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenderStats } from '@app/shared/tender';
import { repoRoot, webDist } from './paths.ts';

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export interface RunningServer {
  baseUrl: string;
  /** Stats once the demo data has finished loading (the count stopped changing). */
  stats: TenderStats;
  /**
   * Sends SIGTERM and resolves with the exit code (0 = graceful shutdown). `afterExit` runs once
   * the process has ended, before its directory (the SQLite file) is removed.
   */
  stop(afterExit?: () => void): Promise<number | null>;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** The server's SQLite file (e.g. to read the mail outbox). */
  dbFile: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(url: string): Promise<T | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return res.ok ? ((await res.json()) as T) : undefined;
  } catch {
    return undefined; // not listening yet
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the real server (`apps/server/src/server.ts` through tsx) on a free port with a fresh
 * SQLite file. The official feed URL is unreachable, so first start seeds the demo data set.
 */
export interface StartOptions {
  /** Extra settings (e.g. SMTP_URL, SUPPORT_EMAIL) over the defaults below. */
  env?: Record<string, string>;
  /** CSV files ingested with the real CLI once the demo set is loaded (e.g. the CanadaBuys sample). */
  ingestFiles?: string[];
}

/** The real CanadaBuys sample of `../shared/data` (20 notices of 2024-12-09), by path. */
export const CANADABUYS_SAMPLE = fileURLToPath(
  new URL('../../../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv', import.meta.url),
);

function runIngest(file: string, dbFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ingest.ts', file], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`ingest ${file} exited ${code}\n${out}`)),
    );
  });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'breeze-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dbFile = join(dir, 'e2e.db');
  // What `npx tsx apps/server/src/server.ts` does, minus npx: npm runs tsx through `sh -c`, which
  // does not pass SIGTERM on, so the graceful shutdown could not be observed.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin the browser sends; POSTs from any other origin are refused (CSRF guard).
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `file:${dbFile}`,
      SEED_DEMO: 'auto',
      CANADABUYS_BASE_URL: 'http://127.0.0.1:9/',
      INGEST_FETCH_TIMEOUT_MS: '500',
      INGEST_SCHEDULE: 'off',
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = exited(child);

  const stop = async (afterExit?: () => void) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    try {
      const code = await exit;
      afterExit?.();
      return code;
    } finally {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    let stats = await waitUntilSeeded(baseUrl, () => child.exitCode !== null || child.signalCode !== null);
    for (const file of options.ingestFiles ?? []) output += await runIngest(file, dbFile);
    if (options.ingestFiles?.length) stats = (await getJson<TenderStats>(`${baseUrl}/api/tenders/stats`)) ?? stats;
    await waitUntilIndexed(baseUrl);
    return { baseUrl, stats, stop, output: () => output, dbFile };
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }
}

/**
 * Until the in-memory index of open notices answers searches (ADR 0004): while it is built, the
 * database engine answers, which breaks ties between equal scores differently, so a test that
 * compares two searches could see two orders.
 */
async function waitUntilIndexed(baseUrl: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/tenders/searchTenders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ q: 'services', limit: 1 }),
    }).catch(() => undefined);
    const body = res?.ok ? ((await res.json()) as { search_metadata?: { engine?: string } }) : undefined;
    if (body?.search_metadata?.engine === 'memory') return;
    await sleep(250);
  }
  throw new Error(`searches at ${baseUrl} were still answered by the database after ${READY_TIMEOUT_MS / 1000} s`);
}

async function waitUntilSeeded(baseUrl: string, hasExited: () => boolean): Promise<TenderStats> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let previous: TenderStats | undefined;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the server exited before it was ready');
    const health = await getJson<{ status: string }>(`${baseUrl}/api/health`);
    const stats = health?.status === 'ok' ? await getJson<TenderStats>(`${baseUrl}/api/tenders/stats`) : undefined;
    // Ready when there are open tenders and the count held still between two polls.
    if (stats && stats.open_tenders > 0 && previous?.open_tenders === stats.open_tenders) return stats;
    previous = stats;
    await sleep(500);
  }
  throw new Error(`no open tenders at ${baseUrl}/api/tenders/stats after ${READY_TIMEOUT_MS / 1000} s`);
}
