import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

/**
 * The load generator of bench/search.bench.ts, in its own process so that it does not share
 * the server's event loop: `tsx bench/http-load.ts <url> <bodies.json> <connections> <seconds>`.
 * Sends POST bodies from the file in turn (one counter shared by all connections, so 32
 * connections never send 32 copies of one query at once) and prints autocannon's result as JSON.
 */

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const [url, bodiesFile, connections, seconds] = process.argv.slice(2);
if (!url || !bodiesFile) throw new Error('usage: http-load.ts <url> <bodies.json> <connections> <seconds>');
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as string[];
let next = 0;
const result = await autocannon({
  url,
  connections: Number(connections ?? 32),
  duration: Number(seconds ?? 10),
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
