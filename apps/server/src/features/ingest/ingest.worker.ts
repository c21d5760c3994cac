import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../db/open-sqlite.ts';
import { InvalidFileError } from './canadabuys-columns.ts';
import { parseBlock, writeSqliteBatches } from './ingest-block.ts';
import type { PoolInit, ToPool, ToWorker } from './ingest-pool.ts';

// One ingestion worker thread (ingest-pool.ts): reads and maps the blocks it is sent and,
// with a SQLite file, writes them itself, each in its turn (block order), so that parsing on
// one core overlaps writing on the other and no row crosses between threads.

const port = parentPort;
if (!port) throw new Error('ingest.worker.ts runs as a worker thread');
const init = workerData as PoolInit;
const shared = new Int32Array(init.shared);
// shared[TURN]: the next block to write; shared[LIMIT]: blocks from this index on are dropped.
const TURN = 0;
const LIMIT = 1;
const db = init.sqlitePath ? openSqlite(init.sqlitePath) : undefined;

const queue: ToWorker[] = [];
let busy = false;
port.on('message', (msg: ToWorker) => {
  queue.push(msg);
  if (!busy) void drain();
});

async function drain(): Promise<void> {
  busy = true;
  try {
    for (let msg = queue.shift(); msg; msg = queue.shift()) {
      if (msg.type === 'end') {
        db?.close();
        port?.close();
        return;
      }
      await handle(msg);
    }
  } finally {
    busy = false;
  }
}

function lowerLimit(to: number): void {
  for (let cur = Atomics.load(shared, LIMIT); to < cur; cur = Atomics.load(shared, LIMIT)) {
    if (Atomics.compareExchange(shared, LIMIT, cur, to) === cur) return;
  }
}

/** Waits until it is `index`'s turn to write; false when the block is to be dropped. */
function awaitTurn(index: number): boolean {
  for (;;) {
    if (index >= Atomics.load(shared, LIMIT)) return false;
    const turn = Atomics.load(shared, TURN);
    if (turn === index) return true;
    Atomics.wait(shared, TURN, turn, 1_000);
  }
}

async function handle(msg: Extract<ToWorker, { type: 'block' }>): Promise<void> {
  const send = (m: ToPool) => port?.postMessage(m);
  try {
    const parsed = parseBlock(init.header, msg.bytes, { source: init.source });
    const { records, rejects } = parsed;
    if (parsed.unclosedQuote && !msg.last) {
      send({ type: 'resync', index: msg.index });
      return;
    }
    if (!db) {
      send({ type: 'parsed', index: msg.index, records, rejects, drafts: parsed.drafts });
      return;
    }
    if (!awaitTurn(msg.index)) {
      send({ type: 'dropped', index: msg.index });
      return;
    }
    let counts;
    try {
      counts = writeSqliteBatches(db, parsed.drafts, msg.nowIso);
    } catch (err) {
      // No later block may be written after a failed one: the run stops here.
      lowerLimit(msg.index + 1);
      Atomics.notify(shared, TURN);
      send({ type: 'failed', index: msg.index, message: (err as Error).message, invalidFile: false, stage: 'write' });
      return;
    }
    Atomics.store(shared, TURN, msg.index + 1);
    Atomics.notify(shared, TURN);
    send({ type: 'written', index: msg.index, records, rejects, counts });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    send({ type: 'failed', index: msg.index, message, invalidFile: err instanceof InvalidFileError, stage: 'read' });
  }
}
