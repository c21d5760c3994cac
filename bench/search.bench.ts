import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { searchCriteriaSchema, type SearchCriteriaInput } from '../packages/shared/src/tender.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import {
  liveOpenIndex,
  searchTenders,
  setSearchResultCache,
} from '../apps/server/src/features/tenders/search/search.ts';
import { openCorpus } from './search-corpus.ts';

/**
 * Search latency at the engine and through HTTP, on SQLite.
 *   npx tsx bench/search.bench.ts                      50,000 open + 1,000,000 historical
 *   npx tsx bench/search.bench.ts --open 5000 --historical 50000
 * The corpus file is built once (a few minutes at full size) and reused.
 * Targets (ADR 0004): p50 ≤ 5 ms, p95 ≤ 20 ms per search, ≥ 1,500 req/s over HTTP.
 * What each figure means: bench/README.md. Every figure is printed with the load average.
 */

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

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
  console.log(`Corpus ${path}: ${open} open + ${historical} historical notices (${load()})`);
  const dbh = await openCorpus({ path, open, historical });
  const iterations = Number(args.iterations);

  // Open searches read the in-memory index (ADR 0004); a fresh process builds it first.
  const building = performance.now();
  const live = liveOpenIndex(dbh);
  let index = await live.current();
  while (!index) {
    await new Promise((r) => setTimeout(r, 50));
    index = await live.current();
  }
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  console.log(
    `In-memory open index: ${index.size} notices, built in ${((performance.now() - building) / 1000).toFixed(1)} s, process RSS ${rss} MB (${load()})`,
  );

  setSearchResultCache(false); // the engine itself, every run a real search
  console.log(`\nEngine (searchTenders, result cache off), ${iterations} runs per query after one warm-up run`);
  console.log(
    `${'group'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  ${'engine'.padEnd(9)} results`,
  );
  const everything: number[] = [];
  for (const [group, queries] of Object.entries(GROUPS)) {
    const times: number[] = [];
    const totals: string[] = [];
    const engines = new Set<string>();
    for (const q of queries) {
      const criteria = searchCriteriaSchema.parse(q);
      const warm = await searchTenders(dbh, criteria);
      totals.push(`${warm.total_results}${warm.search_metadata.total_is_lower_bound ? '+' : ''}`);
      engines.add(warm.search_metadata.engine ?? '?');
      for (let i = 0; i < iterations; i++) {
        const t = performance.now();
        await searchTenders(dbh, criteria);
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    everything.push(...times);
    console.log(
      `${group.padEnd(20)} ${ms(pct(times, 50))} ${ms(pct(times, 95))} ${ms(pct(times, 99))} ${ms(times.at(-1) ?? NaN)}  ${[...engines].join('+').padEnd(9)} ${totals.join(', ')}`,
    );
  }
  everything.sort((a, b) => a - b);
  console.log(
    `${'all'.padEnd(20)} ${ms(pct(everything, 50))} ${ms(pct(everything, 95))} ${ms(pct(everything, 99))} ${ms(everything.at(-1) ?? NaN)}  (${load()})`,
  );

  // The everyday search (open tenders) over HTTP: the fixed rotation with the cache off (every
  // request a real search), the same with the cache on (repeated queries: mostly hits), and a
  // realistic mix of many distinct queries with the cache on (mostly misses).
  const rotation = Object.values(GROUPS)
    .flat()
    .filter((q) => !q.tender_status);
  await httpBench(dbh, rotation, 'fixed rotation, result cache off');
  setSearchResultCache(true);
  await httpBench(dbh, rotation, 'fixed rotation, result cache on');
  await httpBench(dbh, distinctQueries(5_000), 'distinct mix, result cache on');
  await dbh.close();
}

/** Many different searches, as a population of users would type: word pairs, filters, pages. */
function distinctQueries(n: number): SearchCriteriaInput[] {
  const words = [
    'software',
    'maintenance',
    'bridge',
    'translation',
    'services',
    'cloud',
    'security',
    'consulting',
    'construction',
    'concrete',
    'asphalt',
    'training',
    'furniture',
    'vehicles',
    'fuel',
    'snow',
    'roof',
    'network',
    'helicopter',
    'research',
    'evaluation',
    'cleaning',
    'janitorial',
    'printing',
    'medical',
    'laboratory',
    'sonar',
    'database',
    'steel',
    'excavation',
    'advisory',
    'governance',
    'repair',
    'supply',
    'equipment',
    'canada',
  ];
  const regions = ['Ontario', 'Quebec', 'Alberta', 'British Columbia', 'Nova Scotia', 'Manitoba', 'Saskatchewan'];
  let state = 42; // mulberry32
  const rnd = (k: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * k);
  };
  const seen = new Map<string, SearchCriteriaInput>();
  while (seen.size < n) {
    const q = [words[rnd(words.length)], rnd(2) ? words[rnd(words.length)] : ''].join(' ').trim();
    const c: SearchCriteriaInput = { q, offset: rnd(3) * 20 };
    if (rnd(3) === 0) c.regions = [regions[rnd(regions.length)] as string];
    if (rnd(5) === 0) c.q = `${q} in ${regions[rnd(regions.length)]} under $${(rnd(9) + 1) * 50}K`;
    seen.set(JSON.stringify(c), c);
  }
  return [...seen.values()];
}

async function httpBench(dbh: Awaited<ReturnType<typeof openCorpus>>, mix: SearchCriteriaInput[], label: string) {
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    INGEST_SCHEDULE: 'off',
    SEED_DEMO: 'off',
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ env, dbh });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // The load generator runs in its own process (bench/http-load.ts): in this one it would take
  // event-loop time from the server it measures.
  const dir = mkdtempSync(join(tmpdir(), 'breeze-http-bench-'));
  const file = join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(mix.map((body) => JSON.stringify(body))));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./http-load.ts', import.meta.url).pathname,
      `${url}/api/tenders/searchTenders`,
      file,
      args.connections,
      args.duration,
    ],
    { maxBuffer: 64 << 20 },
  );
  rmSync(dir, { recursive: true, force: true });
  const result = JSON.parse(stdout) as AutocannonResult;
  console.log(
    `\nHTTP ${label} (autocannon, ${args.connections} connections, ${args.duration} s, ${mix.length} distinct bodies, ${load()})`,
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
