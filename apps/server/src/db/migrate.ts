import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as createTender from './migrations/2026-11-22-01-create-tender.ts';

// Migrations are listed here rather than read from disk so that they work the same from
// source (tsx), from tests and from a bundle. Add new ones at the end; never edit old ones.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-tender': createTender,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
