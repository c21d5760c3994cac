import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { createDb } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { generateDemoCsv } from './demo-data.ts';
import { runIngest } from './ingest.ts';

// Under the test runner ingestion reads the file in the calling thread; under tsx (the server,
// the CLI, the benchmarks) worker threads read blocks of it and, on a SQLite file, write them
// (ingest-pool.ts). Both must leave the same rows and the same run summary, for clean files,
// files with bad rows, and a malformed file that misleads the block cutter.

const dir = mkdtempSync(join(tmpdir(), 'breeze-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const NOW = '2026-11-20T12:00:00.000Z';
const INGEST = fileURLToPath(new URL('./ingest.ts', import.meta.url));
const CONNECT = fileURLToPath(new URL('../../db/connect.ts', import.meta.url));
const MIGRATE = fileURLToPath(new URL('../../db/migrate.ts', import.meta.url));

async function demoFile(name: string, count: number, mutate?: (text: string) => string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of generateDemoCsv({ count, seed: 11, now: new Date(NOW) })) chunks.push(Buffer.from(c as Buffer));
  const path = join(dir, name);
  const text = Buffer.concat(chunks).toString('utf8');
  writeFileSync(path, mutate ? mutate(text) : text);
  return path;
}

interface Outcome {
  run: Record<string, unknown>;
  rows: Array<Record<string, unknown>>;
}

const summary = (run: Record<string, unknown>) => {
  const { id: _id, origin: _origin, started_at: _s, finished_at: _f, ...rest } = run;
  return rest;
};

async function rowsOf(url: string): Promise<Array<Record<string, unknown>>> {
  const dbh = createDb(url);
  const rows = await dbh.db.selectFrom('tender').selectAll().orderBy('id').execute();
  const changes = await dbh.db
    .selectFrom('tender_change')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const fts = dbh.sqlite?.prepare('SELECT count(*) FROM tender_fts').pluck().get();
  await dbh.close();
  return [...rows, { changes: Number(changes?.n), fts }];
}

async function inThread(file: string, name: string): Promise<Outcome> {
  const url = `file:${join(dir, `${name}-thread.db`)}`;
  const dbh = createDb(url);
  await migrateToLatest(dbh.db);
  const run = await runIngest(dbh, { source: 'canadabuys', input: file, now: new Date(NOW) });
  await dbh.close();
  return { run: summary(run), rows: await rowsOf(url) };
}

/** The same ingestion in a tsx process: worker threads, blocks of `blockBytes`. */
function inWorkers(file: string, url: string, blockBytes: number): Record<string, unknown> {
  const script = `
    import { createDb } from ${JSON.stringify(CONNECT)};
    import { migrateToLatest } from ${JSON.stringify(MIGRATE)};
    import { runIngest } from ${JSON.stringify(INGEST)};
    const dbh = createDb(${JSON.stringify(url)});
    await migrateToLatest(dbh.db);
    const run = await runIngest(dbh, { source: 'canadabuys', input: ${JSON.stringify(file)}, now: new Date(${JSON.stringify(NOW)}), blockBytes: ${blockBytes} });
    const rows = ${url.includes(':memory:') ? `await dbh.db.selectFrom('tender').selectAll().orderBy('id').execute()` : 'null'};
    await dbh.close();
    process.stdout.write(JSON.stringify({ run, rows }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 256 << 20,
  });
  expect(child.stderr.replace(/npm warn.*\n/g, ''), child.stderr).toBe('');
  return JSON.parse(child.stdout) as Record<string, unknown>;
}

describe('ingestion in worker threads', () => {
  const cases: Array<[string, () => Promise<string>, number]> = [
    ['quirks', () => Promise.resolve(fixture('quirks.csv')), 2_048],
    ['bad-rows', () => Promise.resolve(fixture('bad-rows.csv')), 2_048],
    ['demo', () => demoFile('demo.csv', 300, undefined), 64 * 1024],
    // A quote inside an unquoted field (relax_quotes reads it as text) flips the cutter's
    // idea of where quoted fields are: the blocks after it are read again in order.
    ['stray-quote', () => demoFile('stray.csv', 200, (t) => t.replace(',"Open",', ',Op"en,')), 32 * 1024],
  ];

  test.each(cases)(
    '%s: the same rows and summary as one reader, writing in the workers and returning rows',
    async (name, file, blockBytes) => {
      const path = await file();
      const expected = await inThread(path, name);
      const fileUrl = `file:${join(dir, `${name}-workers.db`)}`;
      const written = inWorkers(path, fileUrl, blockBytes);
      expect(summary(written.run as Record<string, unknown>)).toEqual(expected.run);
      expect(await rowsOf(fileUrl)).toEqual(expected.rows);

      const returned = inWorkers(path, 'file::memory:', blockBytes);
      expect(summary(returned.run as Record<string, unknown>)).toEqual(expected.run);
      expect(returned.rows).toEqual(expected.rows.slice(0, -1));
    },
    180_000,
  );

  test('a file without the required columns is refused the same way', async () => {
    const expected = await inThread(fixture('missing-columns.csv'), 'missing');
    const out = inWorkers(fixture('missing-columns.csv'), `file:${join(dir, 'missing-workers.db')}`, 2_048);
    expect(summary(out.run as Record<string, unknown>)).toEqual(expected.run);
    expect(expected.run).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Not a CanadaBuys/) });
  }, 60_000);
});
