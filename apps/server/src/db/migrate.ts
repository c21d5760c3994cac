import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as createTender from './migrations/2026-11-22-01-create-tender.ts';
import * as createTenderSearch from './migrations/2026-11-22-02-create-tender-search.ts';
import * as createAccount from './migrations/2026-11-22-04-create-account.ts';
import * as createAi from './migrations/2026-11-22-05-create-ai.ts';
import * as createRfp from './migrations/2026-11-22-06-create-rfp.ts';
import * as createBilling from './migrations/2026-11-22-07-create-billing.ts';
import * as deferTenderIndexing from './migrations/2026-11-22-08-defer-tender-indexing.ts';
import * as createBookmarksActivityContact from './migrations/2026-11-22-09-create-bookmarks-activity-contact.ts';
import * as notificationsOnboardingSkip from './migrations/2026-11-22-10-notifications-onboarding-skip.ts';
import * as searchStateAndChangeLog from './migrations/2026-11-23-01-search-state-and-change-log.ts';
import * as ftsHashSize from './migrations/2026-11-23-02-fts-hash-size.ts';
import * as createAlert from './migrations/2026-11-23-10-create-alert.ts';
import * as rfpOcrPagesUploadEvents from './migrations/2026-11-23-30-rfp-ocr-pages-upload-events.ts';
import * as createExportsAndTeams from './migrations/2026-11-23-20-create-exports-and-teams.ts';

// Migrations are listed here rather than read from disk so that they work the same from
// source (tsx), from tests and from a bundle. Add new ones at the end; never edit old ones.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-tender': createTender,
  '2026-11-22-02-create-tender-search': createTenderSearch,
  '2026-11-22-04-create-account': createAccount,
  '2026-11-22-05-create-ai': createAi,
  '2026-11-22-06-create-rfp': createRfp,
  '2026-11-22-07-create-billing': createBilling,
  '2026-11-22-08-defer-tender-indexing': deferTenderIndexing,
  '2026-11-22-09-create-bookmarks-activity-contact': createBookmarksActivityContact,
  '2026-11-22-10-notifications-onboarding-skip': notificationsOnboardingSkip,
  '2026-11-23-01-search-state-and-change-log': searchStateAndChangeLog,
  '2026-11-23-02-fts-hash-size': ftsHashSize,
  '2026-11-23-10-create-alert': createAlert,
  '2026-11-23-30-rfp-ocr-pages-upload-events': rfpOcrPagesUploadEvents,
  '2026-11-23-20-create-exports-and-teams': createExportsAndTeams,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * `schema` names where Kysely keeps its bookkeeping tables. Tests give each PostgreSQL schema
 * its own: Kysely looks for kysely_migration_lock in every schema, so without it a second test
 * schema finds the first one's table and is never migrated.
 */
export async function migrateToLatest(db: Kysely<any>, opts: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    // Parallel branches take ranges of names (2026-11-23-20…, -30…) and land in any order: a
    // database that ran -30 must still run -20 when it arrives. The migrations of different
    // ranges touch different tables, so their order between ranges does not matter.
    allowUnorderedMigrations: true,
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
