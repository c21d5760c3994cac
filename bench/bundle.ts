import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript per route, gzipped (issue 4: ≤ 170 KB for /, /search and /tender-notice/:id;
 * issue 5: the same budget for every screen; /calendar loads FullCalendar after its first paint).
 *   npm run build -w @app/web && npx tsx bench/bundle.ts
 * For each route: the entry chunk and its static imports, the route module and its static imports,
 * the route's translation catalogues (English), and on signed-in routes the header pieces loaded
 * lazily on first paint (user menu, notification bell), each counted once, from
 * dist/.vite/manifest.json. Exits 1 when a route is over: `npm test` (scripts/test.sh)
 * runs it after the build. This is a size check, not a timing benchmark: it is safe on a busy machine.
 */

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

// An optional argument names a build made elsewhere (`npx vite build apps/web --outDir /tmp/x`).
const dist = process.argv[2] ?? new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const BUDGET_KB = 170;

/** Routes with their module and catalogues; `true` when the page is signed in (the header's lazy pieces load with it). */
const routes: [string, string, string[], boolean][] = [
  ['/', 'src/app/routes/home.tsx', ['landing'], false],
  ['/search', 'src/app/routes/search.tsx', ['search'], true],
  ['/tender-notice/:id', 'src/app/routes/tender-notice.tsx', ['tender'], true],
  ['/home', 'src/app/routes/app-home.tsx', ['dashboard'], true],
  ['/table-view', 'src/app/routes/table-view.tsx', ['table'], true],
  ['/calendar', 'src/app/routes/calendar.tsx', ['calendar'], true],
  ['/rfp-analysis', 'src/app/routes/rfp-analysis.tsx', ['rfp'], true],
  ['/pricing', 'src/app/routes/pricing.tsx', ['billing'], false],
];
/** What the signed-in header loads lazily as the page first paints (apps/web/src/app/routes/root.tsx). */
const SIGNED_IN_HEADER = [
  'src/features/auth/components/user-menu.tsx',
  'src/features/notifications/components/notification-bell.tsx',
  'src/locales/en/notifications.json',
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
for (const [route, module, namespaces, signedIn] of routes) {
  const keys = new Set<string>();
  closure(entry, keys);
  closure(module, keys);
  for (const ns of namespaces) closure(`src/locales/en/${ns}.json`, keys);
  if (signedIn) {
    for (const key of SIGNED_IN_HEADER) {
      if (!manifest[key]) throw new Error(`${key} is not in the manifest: update SIGNED_IN_HEADER`);
      closure(key, keys);
    }
  }
  const files = new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
  const kb = [...files].reduce((sum, f) => sum + gzipKb(f), 0);
  if (kb > BUDGET_KB) over = true;
  console.log(`${route.padEnd(22)}${kb.toFixed(1).padStart(8)} KB   (${files.size} chunks)`);
}
if (over) process.exitCode = 1;
