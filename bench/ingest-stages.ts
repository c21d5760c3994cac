import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import { createDb } from '../apps/server/src/db/connect.ts';
import { openSqlite } from '../apps/server/src/db/open-sqlite.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { mapCanadaBuysRecord, type TenderDraft } from '../apps/server/src/features/ingest/canadabuys.ts';
import type { CanadaBuysRecord } from '../apps/server/src/features/ingest/canadabuys-columns.ts';
import { readCanadaBuysCsv } from '../apps/server/src/features/ingest/csv-reader.ts';
import { writeDemoCsv } from '../apps/server/src/features/ingest/demo-data.ts';
import { indexStatements } from '../apps/server/src/features/ingest/ingest.queries.ts';

/**
 * Where ingestion's time goes, one stage at a time, in CPU microseconds per row on one thread:
 *   npx tsx bench/ingest-stages.ts [--rows 30000]
 * Reading (csv-parse and the record checks), mapping, then the SQLite writes of a first load in
 * 1,000-row transactions: the tender row (and again without its raw JSON, and without the
 * secondary indexes), then each search-index statement of the insert trigger over those rows.
 * bench/README.md explains how these add up to the ingest benchmark's rows per second.
 */

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '30000' } } });
const rows = Number(args.rows);
const dir = mkdtempSync(join(tmpdir(), 'breeze-ingest-stages-'));
const csv = join(dir, 'tenders.csv');
const TX_ROWS = 1000;

function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
const perRow = (label: string, ms: number, n: number) =>
  console.log(`${label.padEnd(56)} ${((ms * 1000) / n).toFixed(1).padStart(7)} µs/row`);

async function main(): Promise<void> {
  await writeDemoCsv(csv, { count: rows, seed: 7, now: new Date() });
  console.log(
    `${rows} generated rows; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const items: Array<{ record: CanadaBuysRecord; raw: string }> = [];
  const bytes = readFileSync(csv);
  const started = process.cpuUsage();
  for await (const item of readCanadaBuysCsv(Readable.from([bytes]))) if (!('error' in item)) items.push(item);
  const used = process.cpuUsage(started);
  perRow('read: csv-parse, checks, raw JSON', (used.user + used.system) / 1000, items.length);

  let drafts: TenderDraft[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const ms = cpuMs(() => {
      drafts = items.flatMap((it) => {
        const mapped = mapCanadaBuysRecord(it.record, { source: 'demo' }, it.raw);
        return mapped.ok ? [mapped.tender] : [];
      });
    });
    perRow(`map${pass === 0 ? ' (first pass, cold)' : ''}`, ms, drafts.length);
  }

  for (const variant of ['tender row', 'tender row without raw', 'tender row without secondary indexes']) {
    const file = join(dir, 'stages.db');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    const dbh = createDb(`file:${file}`);
    await migrateToLatest(dbh.db);
    await dbh.close();
    const db = openSqlite(file);
    const index = indexStatements(db).map((text) => db.prepare(text));
    for (const name of db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'tender'`)
      .pluck()
      .all())
      db.exec(`DROP TRIGGER "${String(name)}"`);
    if (variant.endsWith('indexes'))
      for (const name of db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tender' AND sql IS NOT NULL`)
        .pluck()
        .all())
        db.exec(`DROP INDEX "${String(name)}"`);
    const columns = Object.keys(drafts[0] as TenderDraft) as Array<keyof TenderDraft>;
    const all = [...columns, 'created_at', 'updated_at'];
    const insert = db.prepare(`INSERT INTO tender (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`);
    const now = new Date().toISOString();
    const noRaw = variant.endsWith('without raw');
    const ms = cpuMs(() => {
      for (let i = 0; i < drafts.length; i += TX_ROWS)
        db.transaction(() => {
          for (const d of drafts.slice(i, i + TX_ROWS))
            insert.run(...columns.map((c) => (noRaw && c === 'raw' ? '' : d[c])), now, now);
        })();
      db.pragma('wal_checkpoint(TRUNCATE)');
    });
    perRow(`SQLite: ${variant}`, ms, drafts.length);
    if (variant === 'tender row') {
      const names = ['tender_search', 'tender_fts', 'tender_change'];
      index.forEach((stmt, k) => {
        const ms = cpuMs(() => {
          db.transaction(() => stmt.run(1))(); // every row from rowid 1 on, in one statement
          db.pragma('wal_checkpoint(TRUNCATE)');
        });
        perRow(`SQLite: ${names[k] ?? `index statement ${k + 1}`} (one statement, all rows)`, ms, drafts.length);
      });
    }
    db.close();
  }
  rmSync(dir, { recursive: true, force: true });
}

await main();
