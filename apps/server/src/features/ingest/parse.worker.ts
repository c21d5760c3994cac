import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { mapCanadaBuysRecord, type MapOptions } from './canadabuys.ts';
import { InvalidFileError } from './canadabuys-columns.ts';
import { readCanadaBuysCsv } from './csv-reader.ts';
import type { ParsedItem, ToMain, ToWorker } from './parse-in-worker.ts';

// Reads and maps a CanadaBuys CSV in a worker thread (parse-in-worker.ts): the bytes come in
// as messages, mapped rows go out in groups, so that the main thread only writes.

const port = parentPort;
if (!port) throw new Error('parse.worker.ts runs as a worker thread');
const opts = workerData as MapOptions;
const GROUP = 250;

const queue: Array<ToWorker> = [];
let wake: (() => void) | undefined;
port.on('message', (msg: ToWorker) => {
  queue.push(msg);
  wake?.();
});

async function* chunks(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const msg = queue.shift();
    if (!msg) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      continue;
    }
    if (msg.type === 'end') return;
    port?.postMessage({ type: 'ack' } satisfies ToMain);
    yield msg.data;
  }
}

async function main(): Promise<void> {
  let items: ParsedItem[] = [];
  try {
    for await (const item of readCanadaBuysCsv(Readable.from(chunks()))) {
      if ('error' in item) items.push({ row: item.row, reason: item.error });
      else {
        const mapped = mapCanadaBuysRecord(item.record, opts);
        items.push(mapped.ok ? { row: item.row, tender: mapped.tender } : { row: item.row, reason: mapped.reason });
      }
      if (items.length >= GROUP) {
        port?.postMessage({ type: 'items', items } satisfies ToMain);
        items = [];
      }
    }
    port?.postMessage({ type: 'items', items } satisfies ToMain);
    port?.postMessage({ type: 'done' } satisfies ToMain);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    port?.postMessage({ type: 'fail', invalidFile: err instanceof InvalidFileError, message } satisfies ToMain);
  }
}

void main();
