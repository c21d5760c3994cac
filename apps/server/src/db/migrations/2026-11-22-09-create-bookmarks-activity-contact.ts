import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: no app imports. Bookmarks, the activity log and contact-form messages.
// Instants are ISO-8601 UTC text (ADR 0002). Bookmarks and activity go with their account
// (ON DELETE CASCADE; SQLite runs with foreign_keys = ON), and bookmarks with their tender.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('bookmark')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('tender_id', 'text', (c) => c.notNull().references('tender.id').onDelete('cascade'))
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')) // active | archived
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmark_pk', ['user_id', 'tender_id'])
    .execute();
  await db.schema.createIndex('bookmark_user_created_idx').on('bookmark').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('bookmark_tender_idx').on('bookmark').column('tender_id').execute();

  // An increasing id orders entries made in the same millisecond.
  await db.schema
    .createTable('activity')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // viewed | bookmarked | searched | downloaded
    .addColumn('tender_id', 'text') // no foreign key: the log outlives a withdrawn tender
    .addColumn('query', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_user_created_idx').on('activity').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('contact_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('inquiry_type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text') // the signed-in sender, if any; no foreign key (support keeps the message)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text') // when the support address's mail server accepted it; null if it failed
    .addColumn('confirmation_mailed_at', 'text') // the sender's copy; null if it failed or was throttled
    .execute();
  await db.schema.createIndex('contact_message_created_idx').on('contact_message').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_message').ifExists().execute();
  await db.schema.dropTable('activity').ifExists().execute();
  await db.schema.dropTable('bookmark').ifExists().execute();
}
