import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { IngestRun } from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import type { Db, IngestRunTable, TenderTable } from '../../db/database.ts';
import { CONTENT_HASH_VERSION, type TenderDraft } from './canadabuys.ts';

// All SQL of the ingestion slice. Kysely, so the same code runs on SQLite and PostgreSQL,
// except the batch upsert on SQLite, the ingest hot path: prepared better-sqlite3 statements
// (Kysely compiles and prepares a 200-row INSERT per chunk; see bench/README.md).

/** Rows per multi-row INSERT: ~60 columns × 200 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 200;

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

type Stored = Pick<TenderTable, 'amendment_number' | 'content_hash'>;

/**
 * What an incoming row does to the stored one: a new id is inserted; an older amendment never
 * replaces a newer one; otherwise a different hash (a higher amendment always differs, since
 * the number is hashed) is an update.
 */
export function upsertAction(
  stored: Stored | undefined,
  incoming: Stored,
): 'insert' | 'update' | 'refresh' | 'unchanged' {
  if (!stored) return 'insert';
  if (incoming.amendment_number < stored.amendment_number) return 'unchanged';
  if (incoming.content_hash === stored.content_hash) return 'unchanged';
  // Stored under an older hash formula: the hashes cannot be compared, and the same amendment
  // is taken as the same notice. Rewritten (new hash, current mapping) without a version.
  const comparable = stored.content_hash.startsWith(CONTENT_HASH_VERSION);
  return !comparable && incoming.amendment_number === stored.amendment_number ? 'refresh' : 'update';
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes one batch in one transaction, so an interrupted ingest leaves whole batches only.
 * The batch must hold each id at most once. Stored hashes come from one `id in (…)` query;
 * each replaced row is kept as a JSON snapshot in tender_version.
 */
export async function upsertTenders(dbh: DbHandle, drafts: TenderDraft[], nowIso: string): Promise<BatchCounts> {
  if (drafts.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const sqlite = dbh.sqlite;
  // Through Kysely's connection, so that no Kysely transaction is open on it meanwhile; the
  // better-sqlite3 transaction inside is synchronous.
  if (sqlite) return dbh.db.connection().execute(async () => upsertSqlite(sqlite, drafts, nowIso));
  const db = dbh.db;
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('tender')
      .select(['id', 'amendment_number', 'content_hash'])
      .where(
        'id',
        'in',
        drafts.map((d) => d.id),
      )
      .execute();
    const byId = new Map(stored.map((s) => [s.id, s]));
    const inserts: TenderTable[] = [];
    const updates: TenderDraft[] = [];
    const refreshes: TenderDraft[] = [];
    for (const d of drafts) {
      const action = upsertAction(byId.get(d.id), d);
      if (action === 'insert') inserts.push({ ...d, created_at: nowIso, updated_at: nowIso });
      else if (action === 'update') updates.push(d);
      else if (action === 'refresh') refreshes.push(d);
    }
    for (const chunk of chunks(inserts, INSERT_CHUNK)) await trx.insertInto('tender').values(chunk).execute();
    if (updates.length > 0) await replaceTenders(trx, updates, nowIso);
    for (const { id, ...fields } of refreshes)
      await trx.updateTable('tender').set(fields).where('id', '=', id).execute();
    return {
      inserted: inserts.length,
      updated: updates.length,
      unchanged: drafts.length - inserts.length - updates.length,
    };
  });
}

async function replaceTenders(db: Db, updates: TenderDraft[], nowIso: string): Promise<void> {
  const previous = await db
    .selectFrom('tender')
    .selectAll()
    .where(
      'id',
      'in',
      updates.map((u) => u.id),
    )
    .execute();
  const versions = previous.map((p) => ({
    id: randomUUID(),
    tender_id: p.id,
    amendment_number: p.amendment_number,
    content_hash: p.content_hash,
    snapshot: JSON.stringify(p),
    replaced_at: nowIso,
  }));
  for (const chunk of chunks(versions, INSERT_CHUNK)) await db.insertInto('tender_version').values(chunk).execute();
  for (const u of updates) {
    const { id, ...changes } = u;
    await db
      .updateTable('tender')
      .set({ ...changes, updated_at: nowIso })
      .where('id', '=', id)
      .execute();
  }
}

interface SqliteStatements {
  firstNewRowid: SQLite.Statement;
  countFrom: SQLite.Statement;
  defer: SQLite.Statement;
  undefer: SQLite.Statement;
  /** The insert trigger's statements over the rows from rowid ? on (see indexStatements). */
  index: SQLite.Statement[];
  stored: SQLite.Statement;
  full: SQLite.Statement;
  version: SQLite.Statement;
  /** By column list: INSERT and UPDATE of tender. */
  writes: Map<string, { insert: SQLite.Statement; update: SQLite.Statement }>;
}
const sqliteStatements = new WeakMap<SQLite.Database, SqliteStatements>();

function statementsOf(db: SQLite.Database): SqliteStatements {
  let s = sqliteStatements.get(db);
  if (!s) {
    s = {
      firstNewRowid: db.prepare('SELECT coalesce(max(rowid), 0) + 1 FROM tender').pluck(),
      countFrom: db.prepare('SELECT count(*) FROM tender WHERE rowid >= ?').pluck(),
      defer: db.prepare('INSERT INTO tender_index_deferred (since_rowid) VALUES (?)'),
      undefer: db.prepare('DELETE FROM tender_index_deferred'),
      index: indexStatements(db).map((text) => db.prepare(text)),
      stored: db.prepare(
        'SELECT id, amendment_number, content_hash FROM tender WHERE id IN (SELECT value FROM json_each(?))',
      ),
      full: db.prepare('SELECT * FROM tender WHERE id = ?'),
      version: db.prepare(
        'INSERT INTO tender_version (id, tender_id, amendment_number, content_hash, snapshot, replaced_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      writes: new Map(),
    };
    sqliteStatements.set(db, s);
  }
  return s;
}

/**
 * The search-index statements of the insert trigger (migrations 2026-11-22-02 and -08), turned
 * from one row (`new`) to every row from rowid `?` on: a batch is indexed with one INSERT …
 * SELECT per index instead of three statements per row. Read from the schema, so they are
 * always exactly what the trigger does for the other writers.
 */
export function indexStatements(db: SQLite.Database): string[] {
  const trigger = db
    .prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'tender_search_ai'`)
    .pluck()
    .get() as string | undefined;
  const body = trigger?.match(/\bBEGIN\b([\s\S]*)\bEND\s*$/)?.[1];
  if (!body || !/WHEN NOT EXISTS \(SELECT 1 FROM tender_index_deferred\)/.test(trigger ?? '')) {
    throw new Error('tender_search_ai is not the deferrable insert trigger (migration 2026-11-22-08)');
  }
  return body
    .split(/;\s*\n/)
    .map((stmt) => stmt.trim().replace(/;$/, ''))
    .filter((stmt) => stmt.length > 0)
    .map((stmt) => {
      const rows = stmt.replace(/\bnew\./g, 't.');
      // Each statement is INSERT … SELECT <new.…> [WHERE <condition on new>]; no other WHERE.
      const where = rows.lastIndexOf(' WHERE ');
      return where < 0
        ? `${rows} FROM tender t WHERE t.rowid >= ?`
        : `${rows.slice(0, where)} FROM tender t WHERE t.rowid >= ? AND ${rows.slice(where + ' WHERE '.length)}`;
    });
}

/** upsertTenders on SQLite: the same decisions and rows, one synchronous transaction (also run by ingestion workers). */
export function upsertSqlite(db: SQLite.Database, drafts: TenderDraft[], nowIso: string): BatchCounts {
  const s = statementsOf(db);
  const columns = Object.keys(drafts[0] as TenderDraft) as Array<keyof TenderDraft>;
  const key = columns.join(',');
  let w = s.writes.get(key);
  if (!w) {
    const all = [...columns, 'created_at', 'updated_at'];
    const changed = columns.filter((c) => c !== 'id');
    w = {
      insert: db.prepare(`INSERT INTO tender (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`),
      update: db.prepare(
        `UPDATE tender SET ${[...changed, 'updated_at'].map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
      ),
    };
    s.writes.set(key, w);
  }
  const { insert, update } = w;
  return db.transaction((): BatchCounts => {
    // New rows are indexed after the loop, all at once (the trigger skips them meanwhile).
    const first = s.firstNewRowid.get() as number;
    s.defer.run(first);
    const stored = s.stored.all(JSON.stringify(drafts.map((d) => d.id))) as Array<Stored & { id: string }>;
    const byId = new Map(stored.map((r) => [r.id, r]));
    let inserted = 0;
    let updated = 0;
    for (const d of drafts) {
      if (Object.keys(d).join(',') !== key)
        throw new Error('upsertTenders: drafts of one batch must have the same fields');
      const action = upsertAction(byId.get(d.id), d);
      if (action === 'insert') {
        insert.run(...columns.map((c) => d[c]), nowIso, nowIso);
        inserted++;
      } else if (action === 'update') {
        const previous = s.full.get(d.id) as TenderTable;
        s.version.run(
          randomUUID(),
          previous.id,
          previous.amendment_number,
          previous.content_hash,
          JSON.stringify(previous),
          nowIso,
        );
        update.run(...columns.filter((c) => c !== 'id').map((c) => d[c]), nowIso, d.id);
        updated++;
      } else if (action === 'refresh') {
        const previous = s.full.get(d.id) as TenderTable;
        update.run(...columns.filter((c) => c !== 'id').map((c) => d[c]), previous.updated_at, d.id);
      }
    }
    if (inserted > 0) {
      // rowid is max + 1 for each insert; if SQLite ever picked others, index nothing wrongly.
      if ((s.countFrom.get(first) as number) !== inserted)
        throw new Error('upsertTenders: new rows are not contiguous');
      for (const stmt of s.index) stmt.run(first);
    }
    s.undefer.run();
    return { inserted, updated, unchanged: drafts.length - inserted - updated };
  })();
}

/** app_meta key holding the CREATE INDEX statements of indexes a bulk load has dropped. */
export const BULK_LOAD_META_KEY = 'ingest_bulk_load_indexes';
const BULK_LOAD_TABLES = "('tender', 'tender_search')";
/** Memory map used while the dropped indexes are built (the pages past it are read as usual). */
const BULK_LOAD_MMAP_BYTES = 2 ** 30;

/**
 * Bulk load (ADR 0003, "Speed"): an ingestion that starts on an empty tender table drops the
 * secondary indexes of tender and tender_search and builds them again at the end, sorted in
 * one pass. Kept while rows arrive, each random-order index rewrites most of its pages in
 * every transaction (~40 µs a row, a third of a first load's writes). The statements are
 * saved in app_meta first, in the same transaction, so that a run that never reaches its end
 * (a killed process) has them restored by the next start or run (restoreBulkLoadIndexes).
 * Reads meanwhile are correct, only slower: the table is filling from empty. Returns whether
 * the indexes were dropped.
 */
export function beginBulkLoad(db: SQLite.Database, nowIso: string): boolean {
  return db.transaction((): boolean => {
    if (db.prepare('SELECT 1 FROM tender LIMIT 1').get() !== undefined) return false;
    if (db.prepare('SELECT 1 FROM app_meta WHERE key = ?').get(BULK_LOAD_META_KEY) !== undefined) return false;
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ${BULK_LOAD_TABLES} AND sql IS NOT NULL`,
      )
      .all() as Array<{ name: string; sql: string }>;
    if (indexes.length === 0) return false;
    db.prepare('INSERT INTO app_meta (key, value, updated_at) VALUES (?, ?, ?)').run(
      BULK_LOAD_META_KEY,
      JSON.stringify(indexes.map((i) => i.sql)),
      nowIso,
    );
    for (const { name } of indexes) db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    return true;
  })();
}

/** Builds the indexes a bulk load dropped (a no-op when none are); returns how many. */
export function restoreBulkLoadIndexes(db: SQLite.Database): number {
  const saved = db.prepare('SELECT value FROM app_meta WHERE key = ?').pluck().get(BULK_LOAD_META_KEY) as
    string | undefined;
  if (saved === undefined) return 0;
  const statements = JSON.parse(saved) as string[];
  // Each CREATE INDEX scans its table; through a memory map, rather than a read() call per
  // page, the scans after a 30,000-row load take ~0.2 s instead of ~0.42 s (bench/README.md).
  const mmapSize = db.pragma('mmap_size', { simple: true }) as number;
  db.pragma(`mmap_size = ${BULK_LOAD_MMAP_BYTES}`);
  try {
    db.transaction(() => {
      for (const stmt of statements) db.exec(stmt.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
      db.prepare('DELETE FROM app_meta WHERE key = ?').run(BULK_LOAD_META_KEY);
    })();
  } finally {
    db.pragma(`mmap_size = ${mmapSize}`);
  }
  return statements.length;
}

export type RunRow = Selectable<IngestRunTable>;

export async function insertRun(db: Db, run: RunRow): Promise<void> {
  await db.insertInto('ingest_run').values(run).execute();
}

export async function updateRun(db: Db, run: RunRow): Promise<void> {
  const { id, ...rest } = run;
  await db.updateTable('ingest_run').set(rest).where('id', '=', id).execute();
}

const RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

export function toIngestRun(row: RunRow): IngestRun {
  let rejected: IngestRun['rejected'] = [];
  try {
    rejected = JSON.parse(row.rejected) as IngestRun['rejected'];
  } catch {
    // A hand-edited row must not break the runs page.
  }
  const status = RUN_STATUSES.find((s) => s === row.status) ?? 'failed';
  return { ...row, status, rejected };
}

export async function listRuns(db: Db, limit: number): Promise<IngestRun[]> {
  const rows = await db
    .selectFrom('ingest_run')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toIngestRun);
}

export async function countTenders(db: Db, source?: string): Promise<number> {
  let q = db.selectFrom('tender').select((eb) => eb.fn.countAll<number>().as('n'));
  if (source) q = q.where('source', '=', source);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteTendersOfSource(db: Db, source: string): Promise<number> {
  const res = await db.deleteFrom('tender').where('source', '=', source).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Db, key: string, value: string, nowIso: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}
