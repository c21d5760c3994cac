import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './database.ts';
import { openSqlite } from './open-sqlite.ts';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite connection, for the search module's FTS5 statements (undefined on PostgreSQL). */
  sqlite?: SQLite.Database;
  /** The SQLite file, for worker threads that open their own connection (undefined in memory). */
  sqlitePath?: string;
  close(): Promise<void>;
}

// PostgreSQL returns int8/numeric as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** `file:./data/breeze.db` or `file::memory:` opens SQLite; `postgres://…` opens a pool. */
export function createDb(url: string, opts: { poolSize?: number } = {}): DbHandle {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    const memory = path === ':memory:' || path === '';
    if (!memory) mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = openSqlite(memory ? ':memory:' : path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      ...(memory ? {} : { sqlitePath: resolve(path) }),
      close: async () => {
        await db.destroy(); // closes the better-sqlite3 handle too
      },
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
