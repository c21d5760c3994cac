import type { Kysely } from 'kysely';

// Frozen in time: no app imports. Alerts (ADR 0012): saved searches owned by a user, the digests
// the alert job mailed, every tender each alert has mailed (never twice for one alert), and the
// job lease used where PostgreSQL's advisory locks are not available.
// Instants are ISO-8601 UTC text, flags 0/1 integers (ADR 0002). Everything goes with its account.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('criteria', 'text', (c) => c.notNull()) // JSON: the saved search criteria
    .addColumn('frequency', 'text', (c) => c.notNull()) // instant | daily | weekly
    .addColumn('active', 'integer', (c) => c.notNull()) // 0 paused, 1 active
    // Tenders first ingested after this instant are new to the alert: set when it is created or resumed.
    .addColumn('baseline_at', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .addColumn('last_notified_at', 'text')
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_user_created_idx').on('alert').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('alert_due_idx').on('alert').columns(['active', 'next_run_at']).execute();

  await db.schema
    .createTable('alert_digest')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alert.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull()) // pending (claimed, mail not yet accepted) | sent
    .addColumn('tender_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('alert_digest_alert_idx').on('alert_digest').columns(['alert_id', 'status']).execute();
  await db.schema.createIndex('alert_digest_status_idx').on('alert_digest').columns(['status', 'created_at']).execute();

  // The primary key is the "never twice" rule: one row per alert and tender, whatever the runs.
  await db.schema
    .createTable('alert_delivery')
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alert.id').onDelete('cascade'))
    .addColumn('tender_id', 'text', (c) => c.notNull()) // no foreign key: the record outlives a withdrawn tender
    .addColumn('digest_id', 'text', (c) => c.notNull().references('alert_digest.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_delivery_pk', ['alert_id', 'tender_id'])
    .execute();
  await db.schema.createIndex('alert_delivery_digest_idx').on('alert_delivery').column('digest_id').execute();
  await db.schema
    .createIndex('alert_delivery_alert_created_idx')
    .on('alert_delivery')
    .columns(['alert_id', 'created_at'])
    .execute();

  // A job run's lease where advisory locks do not exist (SQLite with several processes on one
  // file): one row per job name, held until expires_at and renewed while the run lasts.
  await db.schema
    .createTable('job_lock')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // "First ingested after": the alert job's search filter on tender.created_at.
  await db.schema.createIndex('tender_created_idx').on('tender').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tender_created_idx').ifExists().execute();
  await db.schema.dropTable('job_lock').ifExists().execute();
  await db.schema.dropTable('alert_delivery').ifExists().execute();
  await db.schema.dropTable('alert_digest').ifExists().execute();
  await db.schema.dropTable('alert').ifExists().execute();
}
