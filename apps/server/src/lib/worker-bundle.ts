import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * A TypeScript worker-thread entry compiled with esbuild into one ES module, kept in memory and
 * started from a `data:` URL. A worker thread does not inherit the tsx loader of the thread
 * that starts it; registering tsx in each worker cost ~1.2 s per worker before its first
 * instruction (the loader's own thread compiling the module graph, twice at once on two
 * cores), a fifth of a 30,000-row ingestion. The bundle takes ~30 ms to build, once per
 * process, and a worker starts from it in ~140 ms.
 *
 * Packages stay outside the bundle and are imported by absolute `file:` URL, resolved from
 * this package (a `data:` module cannot resolve a bare name itself); Node's built-ins and this
 * repository's TypeScript are what esbuild reads.
 */

const builtins = new Set(builtinModules);

const packagesByUrl: Plugin = {
  name: 'packages-by-url',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      if (args.path.startsWith('@app/')) return undefined; // the workspace's TypeScript: bundled
      return { path: import.meta.resolve(args.path), external: true };
    });
  },
};

const bundles = new Map<string, Promise<URL>>();

/** The `data:` URL of `entry` (a `.ts` file URL) bundled; built on first use. */
export function bundledWorkerUrl(entry: URL): Promise<URL> {
  let url = bundles.get(entry.href);
  if (!url) {
    url = bundle(entry);
    bundles.set(entry.href, url);
    url.catch(() => bundles.delete(entry.href)); // a failed build is tried again next time
  }
  return url;
}

async function bundle(entry: URL): Promise<URL> {
  const out = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [packagesByUrl],
  });
  const code = out.outputFiles[0]?.text;
  if (!code) throw new Error(`esbuild produced nothing for ${entry.href}`);
  return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
