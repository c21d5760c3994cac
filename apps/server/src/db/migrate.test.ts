import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { createTestDb } from '../../test/build-test-app.ts';
import { migrateToLatest } from './migrate.ts';
import { down as dropExportsAndTeams } from './migrations/2026-11-23-20-create-exports-and-teams.ts';

/**
 * Branches land in any order: a database that already ran a later-named migration (…-30) still
 * runs one with an earlier name (…-20) that arrived after it.
 */
test('a migration named before ones already run is still run', async () => {
  const dbh = await createTestDb();
  const name = '2026-11-23-20-create-exports-and-teams';
  // As if this database had been migrated before the exports-and-teams branch landed.
  await dropExportsAndTeams(dbh.db);
  await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(dbh.db);
  const later = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name > ${name}`.execute(dbh.db);
  expect(later.rows.length).toBeGreaterThan(0);

  await migrateToLatest(dbh.db, dbh.dialect === 'postgres' ? { schema: await currentSchema(dbh.db) } : {});
  const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = ${name}`.execute(dbh.db);
  expect(ran.rows).toHaveLength(1);
  expect(await dbh.db.selectFrom('team_member').select('user_id').execute()).toEqual([]);
});

async function currentSchema(db: Parameters<typeof migrateToLatest>[0]): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
