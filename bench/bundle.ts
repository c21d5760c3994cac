import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript per route, gzipped (issue 4: ≤ 170 KB for /, /search and /tender-notice/:id).
 *   npm run build -w @app/web && npx tsx bench/bundle.ts
 * For each route: the entry chunk and its static imports, the route module and its static imports,
 * and the route's translation catalogues (English), each counted once, from dist/.vite/manifest.json.
 */

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const BUDGET_KB = 170;

const routes: [string, string, string[]][] = [
  ['/', 'src/app/routes/home.tsx', ['landing']],
  ['/search', 'src/app/routes/search.tsx', ['search']],
  ['/tender-notice/:id', 'src/app/routes/tender-notice.tsx', ['tender']],
  ['/home', 'src/app/routes/app-home.tsx', ['dashboard']],
  ['/table-view', 'src/app/routes/table-view.tsx', ['table']],
  ['/calendar', 'src/app/routes/calendar.tsx', ['calendar']],
  ['/rfp-analysis', 'src/app/routes/rfp-analysis.tsx', ['rfp']],
  ['/pricing', 'src/app/routes/pricing.tsx', ['billing']],
];

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

function closure(key: string, seen: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest: build with `npm run build -w @app/web`');

let over = false;
console.log(`route                 initial JS (gzip)   budget ${BUDGET_KB} KB`);
for (const [route, module, namespaces] of routes) {
  const keys = new Set<string>();
  closure(entry, keys);
  closure(module, keys);
  for (const ns of namespaces) closure(`src/locales/en/${ns}.json`, keys);
  const files = new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
  const kb = [...files].reduce((sum, f) => sum + gzipKb(f), 0);
  if (['/', '/search', '/tender-notice/:id'].includes(route) && kb > BUDGET_KB) over = true;
  console.log(`${route.padEnd(22)}${kb.toFixed(1).padStart(8)} KB   (${files.size} chunks)`);
}
if (over) process.exitCode = 1;
