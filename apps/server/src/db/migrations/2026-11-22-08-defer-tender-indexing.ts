import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: no app imports. Lets ingestion index tenders per batch (ADR 0004).
//
// SQLite: the insert trigger of 2026-11-22-02 indexes each new tender row by row (tender_search,
// tender_fts, tender_fts_open): ~300 µs a row, most of an ingest. It now skips the rows inserted
// while tender_index_deferred holds a row. The ingestion inserts that row, its batch of tenders
// and then indexes the whole batch with one INSERT … SELECT per index, and deletes the row, all
// in one transaction: the flag is never visible to another connection nor left behind by a
// crash (the rollback takes it away), and every other writer (tests, scripts, updates, the
// sqlite3 shell) still goes through the trigger unchanged.
// PostgreSQL: nothing (its tsvector trigger is per row and cheap).

const FLAG = 'NOT EXISTS (SELECT 1 FROM tender_index_deferred)';

async function insertTriggerSql(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'tender_search_ai'`.execute(db);
  const text = rows[0]?.sql;
  if (!text) throw new Error('defer-tender-indexing: trigger tender_search_ai not found');
  return text;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`CREATE TABLE tender_index_deferred (since_rowid INTEGER NOT NULL)`.execute(db);
  const text = await insertTriggerSql(db);
  const head = 'AFTER INSERT ON tender BEGIN';
  if (!text.includes(head)) throw new Error('defer-tender-indexing: unexpected trigger text');
  await sql`DROP TRIGGER tender_search_ai`.execute(db);
  await sql.raw(text.replace(head, `AFTER INSERT ON tender WHEN ${FLAG} BEGIN`)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const text = await insertTriggerSql(db);
  await sql`DROP TRIGGER tender_search_ai`.execute(db);
  await sql.raw(text.replace(` WHEN ${FLAG}`, '')).execute(db);
  await sql`DROP TABLE tender_index_deferred`.execute(db);
}
