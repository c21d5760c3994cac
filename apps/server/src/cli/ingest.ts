import { parseArgs } from 'node:util';
import type { IngestRun } from '@app/shared/tender';
import { createDb } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadEnv } from '../env.ts';
import { DEMO_COUNT, DEMO_SEED, generateDemoCsv, writeDemoCsv } from '../features/ingest/demo-data.ts';
import { runIngest } from '../features/ingest/ingest.ts';
import { TENDER_DATA_KEY } from '../features/ingest/ingest.jobs.ts';
import { setMeta } from '../features/ingest/ingest.queries.ts';

const USAGE = `Usage:
  npm run ingest -- <file-or-url>                 ingest a CanadaBuys tender-notice CSV
  npm run ingest -- --demo [count]                load the generated demo set (default ${DEMO_COUNT})
  npm run ingest -- --generate <path> --count N [--historical M] [--seed S]
                                                  write a demo-format corpus CSV (benchmarks)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`${name} must be a whole number, got "${value}"`);
  return n;
}

function printRun(run: IngestRun): void {
  console.log(
    `Run ${run.id} (${run.source}, ${run.origin}): ${run.status}\n` +
      `  read ${run.rows_read}, inserted ${run.rows_inserted}, updated ${run.rows_updated}, ` +
      `unchanged ${run.rows_unchanged}, rejected ${run.rows_rejected}`,
  );
  for (const r of run.rejected.slice(0, 10)) console.log(`  row ${r.row}: ${r.reason}`);
  if (run.rows_rejected > 10) console.log(`  … and ${run.rows_rejected - 10} more rejected rows`);
  if (run.error) console.log(`  error: ${run.error}`);
}

type CountFlags = { count?: string; historical?: string; seed?: string };

async function generate(path: string, values: CountFlags): Promise<void> {
  const open = count(values.count, '--count', DEMO_COUNT);
  const historical = count(values.historical, '--historical', 0);
  const total = open + historical;
  const started = performance.now();
  await writeDemoCsv(path, {
    count: total,
    seed: count(values.seed, '--seed', DEMO_SEED),
    now: new Date(),
    historicalRatio: total ? historical / total : 0,
  });
  console.log(
    `Wrote ${total} notices (${historical} historical) to ${path} in ${Math.round(performance.now() - started)} ms`,
  );
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      demo: { type: 'boolean' },
      generate: { type: 'string' },
      count: { type: 'string' },
      historical: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  if (values.generate) return generate(values.generate, values);
  const target = positionals[0];
  if (!values.demo && !target) fail('Give a file path or URL, --demo or --generate.');

  const env = loadEnv();
  const dbh = createDb(env.DATABASE_URL);
  try {
    await migrateToLatest(dbh.db);
    const now = new Date();
    let run: IngestRun;
    if (values.demo) {
      const demoCount = count(target, 'count', DEMO_COUNT);
      run = await runIngest(dbh, {
        source: 'demo',
        origin: `generated demo set (${demoCount} notices, seed ${DEMO_SEED})`,
        input: generateDemoCsv({ count: demoCount, seed: DEMO_SEED, now }),
        now,
      });
      if (run.status === 'succeeded') await setMeta(dbh.db, TENDER_DATA_KEY, 'demo', now.toISOString());
    } else {
      run = await runIngest(dbh, {
        source: 'canadabuys',
        input: target as string,
        fetchTimeoutMs: env.INGEST_FETCH_TIMEOUT_MS,
      });
    }
    printRun(run);
    process.exitCode = run.status === 'succeeded' ? 0 : 1;
  } finally {
    await dbh.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
