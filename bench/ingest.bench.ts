import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { mapCanadaBuysRecord } from '../apps/server/src/features/ingest/canadabuys.ts';
import { readCanadaBuysCsv } from '../apps/server/src/features/ingest/csv-reader.ts';
import { writeDemoCsv } from '../apps/server/src/features/ingest/demo-data.ts';
import { runIngest } from '../apps/server/src/features/ingest/ingest.ts';
import { canUseWorkers, defaultWorkers } from '../apps/server/src/features/ingest/ingest-pool.ts';

/**
 * Ingestion throughput on a generated CanadaBuys-format file.
 *   npx tsx bench/ingest.bench.ts                 30,000 rows into a fresh SQLite file
 *   npx tsx bench/ingest.bench.ts --rows 100000
 *   npx tsx bench/ingest.bench.ts --real          the 20 real rows of ../shared/data repeated (6.7 KB a row)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/ingest.bench.ts   also on PostgreSQL (its tender table is emptied)
 * Prints parse+map only (no database, one thread), the first load (all inserts, search indexes
 * included) and a second load of the same file (all unchanged), each with the load average.
 * The first load is the figure of the ingestion target (≥ 10,000 rows/s); bench/README.md.
 */

const loadAvg = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '30000' }, real: { type: 'boolean', default: false } },
});
const rows = Number(args.rows);
const dir = mkdtempSync(join(tmpdir(), 'breeze-ingest-bench-'));
const csv = join(dir, 'tenders.csv');

const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en-CA')} rows/s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

async function parseOnly(): Promise<void> {
  const [count, ms] = await timed(async () => {
    let n = 0;
    for await (const item of readCanadaBuysCsv(createReadStream(csv, { highWaterMark: 1 << 20 }))) {
      if (!('error' in item) && mapCanadaBuysRecord(item.record, { source: 'demo' }, item.raw).ok) n++;
    }
    return n;
  });
  console.log(`parse + map only:        ${count} rows in ${Math.round(ms)} ms = ${rate(count, ms)} (${loadAvg()})`);
}

async function load(label: string, dbh: DbHandle): Promise<void> {
  for (const pass of ['first load (inserts)', 'same file again (unchanged)']) {
    const cpu = process.cpuUsage();
    const [run, ms] = await timed(() => runIngest(dbh, { source: 'demo', input: csv }));
    const used = process.cpuUsage(cpu);
    if (run.status !== 'succeeded') throw new Error(`${label}: run failed: ${run.error}`);
    const pad = `${label} ${pass}:`.padEnd(40);
    console.log(
      `${pad} ${run.rows_read} rows in ${Math.round(ms)} ms = ${rate(run.rows_read, ms)} ` +
        `(inserted ${run.rows_inserted}, unchanged ${run.rows_unchanged}, rejected ${run.rows_rejected}; ` +
        `CPU ${Math.round((used.user + used.system) / run.rows_read)} µs/row over all threads; ${loadAvg()})`,
    );
  }
  if (dbh.sqlite) {
    // The batch indexing (migration 2026-11-22-08) must leave every index complete.
    const n = (q: string) => Number(dbh.sqlite?.prepare(q).pluck().get());
    const tenders = n('SELECT count(*) FROM tender');
    const indexed = [
      n('SELECT count(*) FROM tender_search'),
      n('SELECT count(*) FROM tender_fts'),
      n('SELECT count(DISTINCT tender_id) FROM tender_change'),
    ];
    if (indexed.some((c) => c !== tenders)) {
      throw new Error(`${label}: search indexes incomplete: ${tenders} tenders, ${indexed.join('/')} indexed/logged`);
    }
    console.log(`${label} search index and change log complete: ${tenders} tenders`);
  }
}

/** The 20 real CanadaBuys rows (../shared/data), repeated with distinct reference numbers. */
const REAL_SAMPLE = new URL('../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv', import.meta.url);
function writeRealCopies(path: string, count: number): void {
  const records: string[][] = parse(readFileSync(REAL_SAMPLE), { bom: true });
  const [header, ...sample] = records;
  if (!header) throw new Error('the real sample has no header');
  const ref = header.indexOf('referenceNumber-numeroReference');
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const lines = [header.map(quote).join(',')];
  for (let i = 0; i < count; i++) {
    const row = [...(sample[i % sample.length] as string[])];
    row[ref] = `cb-bench-${String(i).padStart(8, '0')}`;
    lines.push(row.map(quote).join(','));
  }
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
}

async function main(): Promise<void> {
  // --real: the 20 real rows (~6.7 KB each, longer than the generated ~4.3 KB) repeated.
  const useReal = args.real && existsSync(REAL_SAMPLE);
  if (args.real && !useReal) console.log('--real: ../shared/data is absent; using the generated set');
  const [, genMs] = await timed(async () =>
    useReal ? writeRealCopies(csv, rows) : writeDemoCsv(csv, { count: rows, seed: 7, now: new Date() }),
  );
  console.log(useReal ? `input: the 20 real CanadaBuys rows repeated` : 'input: the generated demo set');
  console.log(
    `Node ${process.version}, ${canUseWorkers() ? `${defaultWorkers()} worker threads (ingest-pool.ts)` : 'reading in the main thread'}`,
  );
  console.log(`generated ${rows} rows (${(statSync(csv).size / 1e6).toFixed(1)} MB) in ${Math.round(genMs)} ms`);
  await parseOnly();

  const sqlite = createDb(`file:${join(dir, 'bench.db')}`);
  await migrateToLatest(sqlite.db);
  await load('SQLite', sqlite);
  await sqlite.close();

  // Like TEST_DATABASE_URL in test/build-test-app.ts: a harness setting, not an app setting.
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const pg = createDb(pgUrl);
    await migrateToLatest(pg.db);
    await sql`TRUNCATE tender CASCADE`.execute(pg.db);
    await load('PostgreSQL', pg);
    await pg.close();
  }
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
