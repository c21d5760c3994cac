import type { Kysely } from 'kysely';

// Frozen in time: no app imports. Accounts, sessions, mailed tokens, profiles, the auth audit
// log, the local mail outbox and the shared rate-limit counters (issue 3, ADR 0006).
// Instants are ISO-8601 UTC text, flags 0/1 integers, lists JSON text (ADR 0002).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha256 of the cookie token
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('session_user_id_idx').on('session').column('user_id').execute();

  await db.schema
    .createTable('email_token')
    .addColumn('hash', 'text', (c) => c.primaryKey()) // sha256 of the mailed token
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull()) // confirm | reset | email_change
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_token_user_purpose_idx')
    .on('email_token')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('profile')
    .addColumn('id', 'text', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
    .addColumn('company_name', 'text')
    .addColumn('company_size', 'text')
    .addColumn('industry', 'text')
    .addColumn('primary_services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('service_regions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('government_experience', 'text')
    .addColumn('typical_contract_size', 'text')
    .addColumn('onboarding_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // No foreign key: the audit trail outlives a deleted account (it holds no address in clear).
  await db.schema
    .createTable('auth_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('email_hash', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('auth_event_user_at_idx').on('auth_event').columns(['user_id', 'at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limit',
    'mail_outbox',
    'auth_event',
    'profile',
    'email_token',
    'session',
    'user_account',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
