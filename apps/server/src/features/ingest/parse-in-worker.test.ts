import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseAndMap, type ParsedItem } from './parse-in-worker.ts';

// Under the test runner parseAndMap runs in the calling thread; under tsx (the server, the CLI,
// the benchmark) in a worker thread. Both must give the same items, including rejections and
// the failure of a file without the required columns.

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const FILES = ['quirks.csv', 'bad-rows.csv', 'missing-columns.csv'].map(fixture);
const MODULE = fileURLToPath(new URL('./parse-in-worker.ts', import.meta.url));

async function inThread(file: string): Promise<ParsedItem[] | { failed: string }> {
  const items: ParsedItem[] = [];
  try {
    for await (const item of parseAndMap(createReadStream(file, { highWaterMark: 4096 }), { source: 'canadabuys' }))
      items.push(item);
  } catch (err) {
    return { failed: `${(err as Error).name}: ${(err as Error).message}` };
  }
  return items;
}

const CHILD = `
import { createReadStream } from 'node:fs';
import { parseAndMap } from ${JSON.stringify(MODULE)};
const out = {};
for (const file of JSON.parse(process.argv[1])) {
  const items = [];
  try {
    for await (const item of parseAndMap(createReadStream(file, { highWaterMark: 4096 }), { source: 'canadabuys' })) items.push(item);
    out[file] = items;
  } catch (err) {
    out[file] = { failed: err.name + ': ' + err.message };
  }
}
process.stdout.write(JSON.stringify(out));
`;

describe('parseAndMap', () => {
  test('a worker thread gives the same items as the calling thread', async () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', CHILD, JSON.stringify(FILES)],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    const fromWorker = JSON.parse(child.stdout) as Record<string, unknown>;
    for (const file of FILES) expect(fromWorker[file]).toEqual(await inThread(file));
    expect(fromWorker[FILES[2] as string]).toMatchObject({
      failed: expect.stringMatching(/^InvalidFileError: Not a CanadaBuys/),
    });
  });
});
