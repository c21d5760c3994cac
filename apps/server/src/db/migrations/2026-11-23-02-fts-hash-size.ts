import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: no app imports. FTS5 keeps the words of a transaction in memory and writes
// them out as a new segment whenever they exceed `hashsize` (1 MB by default): an ingestion
// block of a few thousand notices made a dozen small segments that automerge then merged
// again. With 64 MB a block is one segment (a quarter less indexing work, measured in
// bench/ingest.bench.ts). The setting is stored in tender_fts_config. PostgreSQL: nothing.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`INSERT INTO tender_fts (tender_fts, rank) VALUES ('hashsize', 67108864)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`INSERT INTO tender_fts (tender_fts, rank) VALUES ('hashsize', 1048576)`.execute(db);
}
