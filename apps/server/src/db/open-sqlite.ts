import SQLite from 'better-sqlite3';

// Apart from connect.ts so that an ingestion worker thread, which only opens the SQLite file,
// does not load Kysely and pg as well.

/** A better-sqlite3 connection with the app's settings (also used by ingestion worker threads). */
export function openSqlite(path: string): SQLite.Database {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 128 MiB page cache (default 2 MiB): search over the full index reads many pages.
  sqlite.pragma('cache_size = -131072');
  return sqlite;
}
