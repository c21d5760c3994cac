import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { searchCriteriaSchema, type SearchCriteriaInput } from '../packages/shared/src/tender.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { searchTenders, setSearchResultCache } from '../apps/server/src/features/tenders/search/search.ts';
import { openCorpus } from './search-corpus.ts';

/**
 * Search latency at the engine and through HTTP, on SQLite.
 *   npx tsx bench/search.bench.ts                      50,000 open + 1,000,000 historical
 *   npx tsx bench/search.bench.ts --open 5000 --historical 50000
 * The corpus file is built once (a few minutes at full size) and reused.
 * Targets (ADR 0004): p50 ≤ 5 ms, p95 ≤ 20 ms per search, ≥ 1,500 req/s over HTTP.
 */

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values: args } = parseArgs({
  options: {
    open: { type: 'string', default: '50000' },
    historical: { type: 'string', default: '1000000' },
    db: { type: 'string' },
    iterations: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const open = Number(args.open);
const historical = Number(args.historical);
const path = args.db ?? `data/bench-search-${open}-${historical}.db`;

const GROUPS: Record<string, SearchCriteriaInput[]> = {
  rare: [{ q: 'zq11el' }, { q: 'zqrsar' }, { q: 'zq1k7ix sonar' }, { q: 'caribou zq2bhel' }],
  common: [{ q: 'software' }, { q: 'maintenance' }, { q: 'bridge rehabilitation' }, { q: 'translation' }],
  'very common': [
    { q: 'services' },
    { q: 'canada' },
    { q: 'requirement services' },
    { q: 'government of canada contract' },
  ],
  'natural language': [
    { q: 'IT services contracts in Ontario under $100K' },
    { q: 'Construction projects in Alberta over $500K' },
    { q: 'Consulting opportunities closing this month' },
    { q: 'Software development with government agencies' },
    { q: 'IT services under $50K in Ontario' },
  ],
  filters: [
    { q: 'services', regions: ['Quebec'], procurement_method: 'Request for Proposal' },
    {
      q: 'maintenance',
      procurement_category: ['SRVTGD'],
      closing_date_before: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    },
    { q: '', regions: ['Ontario'] },
    { q: '', contracting_entity_name: ['Transport Canada'], notice_type: ['Request for Quotation'] },
  ],
  'closed (1M index)': [
    { q: 'helicopter', tender_status: ['Closed', 'Awarded'] },
    { q: 'software', tender_status: ['Awarded'] },
    { q: 'services', tender_status: ['Closed'] },
  ],
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (v: number) => v.toFixed(2).padStart(8);

async function main() {
  console.log(`Corpus ${path}: ${open} open + ${historical} historical notices`);
  const dbh = await openCorpus({ path, open, historical });
  const iterations = Number(args.iterations);

  setSearchResultCache(false); // the engine itself, every run a real search
  console.log(`\nEngine (searchTenders, result cache off), ${iterations} runs per query after one warm-up run`);
  console.log(
    `${'group'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  results`,
  );
  const everything: number[] = [];
  for (const [group, queries] of Object.entries(GROUPS)) {
    const times: number[] = [];
    const totals: string[] = [];
    for (const q of queries) {
      const criteria = searchCriteriaSchema.parse(q);
      const warm = await searchTenders(dbh, criteria);
      totals.push(`${warm.total_results}${warm.search_metadata.total_is_lower_bound ? '+' : ''}`);
      for (let i = 0; i < iterations; i++) {
        const t = performance.now();
        await searchTenders(dbh, criteria);
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    everything.push(...times);
    console.log(
      `${group.padEnd(20)} ${ms(pct(times, 50))} ${ms(pct(times, 95))} ${ms(pct(times, 99))} ${ms(times.at(-1) ?? NaN)}  ${totals.join(', ')}`,
    );
  }
  everything.sort((a, b) => a - b);
  console.log(
    `${'all'.padEnd(20)} ${ms(pct(everything, 50))} ${ms(pct(everything, 95))} ${ms(pct(everything, 99))} ${ms(everything.at(-1) ?? NaN)}`,
  );

  await httpBench(dbh, false);
  setSearchResultCache(true);
  await httpBench(dbh, true);
  await dbh.close();
}

async function httpBench(dbh: Awaited<ReturnType<typeof openCorpus>>, cached: boolean) {
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    INGEST_SCHEDULE: 'off',
    SEED_DEMO: 'off',
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ env, dbh });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const mix = Object.values(GROUPS)
    .flat()
    .filter((q) => !q.tender_status); // the HTTP mix is the everyday search: open tenders
  const result = await autocannon({
    url: `${url}/api/tenders/searchTenders`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    requests: mix.map((body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  });
  console.log(
    `\nHTTP (autocannon, ${args.connections} connections, ${args.duration} s, ${mix.length} queries in rotation, result cache ${cached ? 'on' : 'off'})`,
  );
  console.log(
    `  req/s ${result.requests.average.toFixed(0)}  total ${result.requests.total}  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  console.log(
    `  latency p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  avg ${result.latency.average} ms`,
  );
  await app.close();
}

await main();
