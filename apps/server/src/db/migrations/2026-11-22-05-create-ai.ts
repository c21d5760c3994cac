import type { Kysely } from 'kysely';

// Frozen in time: no app imports. BreezeAI (issue 6, ADR 0007): stored tender summaries and
// chat sessions. Instants are ISO-8601 UTC text, JSON as text (ADR 0002).
export async function up(db: Kysely<any>): Promise<void> {
  // One summary per tender, locale and provider; regenerated when the tender's content_hash changes.
  await db.schema
    .createTable('tender_summary')
    .addColumn('tender_id', 'text', (c) => c.notNull().references('tender.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull()) // JSON, without the per-user recommendation
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tender_summary_pk', ['tender_id', 'locale', 'provider'])
    .execute();

  await db.schema
    .createTable('chat_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_session_user_idx').on('chat_session').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('chat_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_session.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull()) // order within the session
    .addColumn('role', 'text', (c) => c.notNull()) // user | model
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}')) // JSON: cited tenders, focus
    .execute();
  await db.schema
    .createIndex('chat_message_session_idx')
    .on('chat_message')
    .columns(['session_id', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_message').execute();
  await db.schema.dropTable('chat_session').execute();
  await db.schema.dropTable('tender_summary').execute();
}
