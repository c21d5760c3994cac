import type { Kysely } from 'kysely';

// Frozen in time: no app imports. The notification bell's read state (when the user last marked
// their notifications seen) and the onboarding "Skip for now" choice (ADR 0002 conventions:
// instants are ISO-8601 UTC text, flags 0/1 integers).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('notifications_seen_at', 'text').execute();
  await db.schema
    .alterTable('profile')
    .addColumn('onboarding_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profile').dropColumn('onboarding_skipped').execute();
  await db.schema.alterTable('user_account').dropColumn('notifications_seen_at').execute();
}
