import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { analyzeTender, sourceFromTender } from '../apps/server/src/features/ai/tender-analysis.ts';
import { mapCanadaBuysRecord } from '../apps/server/src/features/ingest/canadabuys.ts';
import type { CanadaBuysRecord } from '../apps/server/src/features/ingest/canadabuys-columns.ts';
import { liveOpenIndex } from '../apps/server/src/features/tenders/search/search.ts';
import { toTender } from '../apps/server/src/features/tenders/tender-row.ts';
import { createConfirmedUser, TestClient } from '../apps/server/test/auth-helpers.ts';
import { openCorpus } from './search-corpus.ts';

/**
 * BreezeAI latency, offline engine (ADR 0007; bench/README.md "BreezeAI").
 *   npx tsx bench/ai.bench.ts                  summaries + chat + recommendations on 50,000 open tenders
 *   npx tsx bench/ai.bench.ts --open 5000      a smaller corpus
 * Targets (issue 6): summary of a typical tender ≤ 50 ms offline; chat reply ≤ 200 ms offline
 * (through HTTP, with the search and the database). Every line ends with the load average.
 */
const { values: args } = parseArgs({
  options: {
    open: { type: 'string', default: '50000' },
    iterations: { type: 'string', default: '30' },
    db: { type: 'string' },
  },
});
const open = Number(args.open);
const iterations = Number(args.iterations);

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${(s[s.length - 1] ?? 0).toFixed(2)} ms (n=${s.length}; ${load()})`;
};

// 1. Summaries of real and evaluation notices, engine only.
const files = [
  '../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv',
  '../apps/server/src/features/ai/eval/eval-tenders.csv',
  '../apps/server/src/features/ai/eval/holdout/holdout-tenders.csv',
];
const tenders = files.flatMap((f) =>
  parse<CanadaBuysRecord>(readFileSync(new URL(f, import.meta.url)), { columns: true, bom: true }).flatMap((r) => {
    const m = mapCanadaBuysRecord(r, { source: 'canadabuys' });
    return m.ok ? [toTender({ ...m.tender, created_at: '', updated_at: '' })] : [];
  }),
);
for (const t of tenders) analyzeTender(sourceFromTender(t, 'en'), 'en'); // warm-up
const summaryTimes: number[] = [];
for (let i = 0; i < iterations; i++) {
  for (const t of tenders) {
    const started = performance.now();
    analyzeTender(sourceFromTender(t, i % 2 ? 'fr' : 'en'), i % 2 ? 'fr' : 'en');
    summaryTimes.push(performance.now() - started);
  }
}
// The target's "typical tender": the notice of median description length among these files.
const byLength = [...tenders].sort((a, b) => (a.description?.length ?? 0) - (b.description?.length ?? 0));
const typical = byLength[Math.floor(byLength.length / 2)]!;
const typicalTimes: number[] = [];
for (let i = 0; i < iterations * 10; i++) {
  const locale = i % 2 ? 'fr' : 'en';
  const started = performance.now();
  analyzeTender(sourceFromTender(typical, locale), locale);
  typicalTimes.push(performance.now() - started);
}
const longest = byLength[byLength.length - 1]!;
const longTimes: number[] = [];
for (let i = 0; i < iterations * 5; i++) {
  const started = performance.now();
  analyzeTender(sourceFromTender(longest, 'en'), 'en');
  longTimes.push(performance.now() - started);
}
console.log(
  `summary of a typical tender (offline engine; ${typical.id}, ${typical.description?.length ?? 0} chars, the median): ${stats(typicalTimes)}`,
);
console.log(`summary (offline engine), each of ${tenders.length} notices: ${stats(summaryTimes)}`);
console.log(`summary of the longest notice (${longest.description?.length ?? 0} chars): ${stats(longTimes)}`);

// 2. Chat and recommendations through HTTP on a corpus of open tenders.
const dbh = await openCorpus({ path: args.db ?? `data/bench-ai-${open}-0.db`, open, historical: 0 });
const app = await buildApp({
  env: loadEnv({ LOG_LEVEL: 'silent', INGEST_SCHEDULE: 'off', SEED_DEMO: 'off', WEB_DIST_DIR: '/nonexistent' }),
  dbh,
});
// As a listening server does at start (server.ts): open-tender searches read the in-memory index
// once it is built (ADR 0004); until then the database engine answers them.
const live = liveOpenIndex(dbh);
while (!(await live.current())) await new Promise((r) => setTimeout(r, 50));
const email = `bench-${Date.now()}@example.ca`;
await createConfirmedUser(dbh, email, 'bench passphrase 1');
const client = new TestClient(app);
const { user } = await client.signIn(email, 'bench passphrase 1');
await client.post('/api/profile', {
  id: user.id,
  primary_services: ['Software Development', 'Cybersecurity'],
  service_regions: ['Ontario', 'Quebec'],
  typical_contract_size: '250k-1m',
  industry: 'it-services',
});

const conversation = [
  'cybersecurity tenders in Ontario closing this month',
  'tell me about the first one',
  'when does it close?',
  'what are the requirements?',
  'compare 1 and 2',
  'software development contracts under $500K in Quebec',
  'How do I bookmark a tender?',
  'Which tenders fit my profile?',
  'What plans do you offer?',
  'find bridge rehabilitation in Alberta',
];
const chatTimes: number[] = [];
const byIntent = new Map<string, number[]>();
for (let round = 0; round < Math.max(3, Math.floor(iterations / 5)); round++) {
  const { sessionId } = (await client.post('/api/chat/session', {})).json<{ sessionId: string }>();
  for (const message of conversation) {
    const started = performance.now();
    const res = await client.post(`/api/chat/session/${sessionId}/message`, { message });
    if (res.statusCode !== 200) throw new Error(`chat ${res.statusCode}: ${res.body}`);
    if (round > 0) {
      // round 0 warms caches
      const ms = performance.now() - started;
      chatTimes.push(ms);
      byIntent.set(message, [...(byIntent.get(message) ?? []), ms]);
    }
  }
}
console.log(
  `chat reply (offline engine) over HTTP, ${conversation.length} intents (${open} open tenders): ${stats(chatTimes)}`,
);
for (const [message, times] of byIntent) console.log(`  ${JSON.stringify(message)}: ${stats(times)}`);

const recoTimes: number[] = [];
let total = 0;
for (let i = 0; i < Math.max(5, Math.floor(iterations / 3)); i++) {
  const started = performance.now();
  const res = await client.get(`/api/recommendations?page=${1 + (i % 3)}&limit=20`);
  if (res.statusCode !== 200) throw new Error(`recommendations ${res.statusCode}: ${res.body}`);
  total = res.json<{ total: number }>().total;
  if (i > 0) recoTimes.push(performance.now() - started);
}
console.log(`recommendations over HTTP (${open} open tenders, ${total} scored matches): ${stats(recoTimes)}`);

const summaryHttp: number[] = [];
const ids = (await dbh.db.selectFrom('tender').select('id').limit(40).execute()).map((r) => r.id);
for (const id of ids) {
  const started = performance.now();
  await client.post('/api/ai/generateTenderSummary', { tenderId: id });
  summaryHttp.push(performance.now() - started);
}
console.log(`summary over HTTP, first request per tender (generate + store): ${stats(summaryHttp)}`);

await app.close();
await dbh.close();
