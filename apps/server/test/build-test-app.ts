import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app.ts';
import { createDb, type DbHandle } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadEnv, type Env } from '../src/env.ts';
import type { Clock } from '../src/lib/clock.ts';

/**
 * Tests run against SQLite in memory, or against PostgreSQL when TEST_DATABASE_URL is set
 * (CI runs the suite both ways). Each test database is fresh and migrated: on PostgreSQL a
 * schema of its own, dropped when the file's tests end.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
export const testDialect: 'sqlite' | 'postgres' = pgUrl ? 'postgres' : 'sqlite';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

export async function createTestDb(): Promise<DbHandle> {
  if (!pgUrl) {
    const dbh = createDb('file::memory:');
    await migrateToLatest(dbh.db);
    cleanups.push(() => dbh.close());
    return dbh;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const dbh = createDb(url.toString(), { poolSize: 4 });
  await migrateToLatest(dbh.db, { schema });
  cleanups.push(async () => {
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(dbh.db);
    await dbh.close();
  });
  return dbh;
}

/**
 * A fresh migrated SQLite file (for what an in-memory database does not do: a second handle,
 * a memory map), closed and removed when the file's tests end. `url` opens it again.
 */
export async function createSqliteFileTestDb(): Promise<{ dbh: DbHandle; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'breeze-file-'));
  const url = `file:${join(dir, 'test.db')}`;
  const dbh = createDb(url);
  await migrateToLatest(dbh.db);
  cleanups.push(async () => {
    await dbh.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dbh, url };
}

/**
 * Two handles on one fresh database, as two app processes would have: a SQLite file (an
 * in-memory database cannot be shared) or one PostgreSQL schema.
 */
export async function createSharedTestDbs(): Promise<[DbHandle, DbHandle]> {
  if (!pgUrl) {
    const { dbh: first, url } = await createSqliteFileTestDb();
    const second = createDb(url);
    cleanups.push(() => second.close()); // cleanups run in reverse: before the first closes
    return [first, second];
  }
  const first = await createTestDb();
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(first.db);
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'},public`);
  const second = createDb(url.toString(), { poolSize: 2 });
  cleanups.push(() => second.close());
  return [first, second];
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    LOG_LEVEL: 'silent',
    INGEST_SCHEDULE: 'off',
    SEED_DEMO: 'off',
    ADMIN_TOKEN: 'test-admin-token-0123456789',
    WEB_DIST_DIR: '/nonexistent',
    ...overrides,
  });
}

export async function buildTestApp(
  opts: { env?: Record<string, string>; dbh?: DbHandle; now?: Clock } & Pick<
    AppDeps,
    'background' | 'logStream' | 'mailer'
  > = {},
) {
  const { env: envOverrides, dbh: givenDbh, now, ...deps } = opts;
  const dbh = givenDbh ?? (await createTestDb());
  const env = testEnv(envOverrides);
  const app = await buildApp({ env, dbh, ...(now ? { now } : {}), ...deps });
  cleanups.push(() => app.close());
  return { app, dbh, env };
}
