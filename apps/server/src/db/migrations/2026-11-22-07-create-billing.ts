import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: no app imports. Plans, subscriptions, usage counters and Stripe bookkeeping
// (issue 7, ADR 0009). Prices are integer cents of CAD; a limit of -1 means unlimited. Instants
// are ISO-8601 UTC text, lists JSON text, flags 0/1 (ADR 0002). The plans and the feature
// catalogue are seeded here; a price change is a new migration (ADR 0009), and the optional
// Stripe price ids are written at start-up from STRIPE_PRICE_* settings.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plan')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_monthly', 'integer', (c) => c.notNull()) // cents
    .addColumn('price_yearly', 'integer', (c) => c.notNull()) // cents
    .addColumn('feature_keys', 'text', (c) => c.notNull()) // JSON list of plan_feature.key
    .addColumn('limit_searches', 'integer', (c) => c.notNull()) // per month; -1 unlimited
    .addColumn('limit_alerts', 'integer', (c) => c.notNull()) // active at once
    .addColumn('limit_exports', 'integer', (c) => c.notNull()) // per month
    .addColumn('limit_users', 'integer', (c) => c.notNull())
    .addColumn('stripe_product_id', 'text')
    .addColumn('stripe_price_monthly', 'text')
    .addColumn('stripe_price_yearly', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('plan_feature')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('user_account.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plan.id'))
    .addColumn('billing_cycle', 'text', (c) => c.notNull()) // monthly | yearly
    .addColumn('status', 'text', (c) => c.notNull()) // trialing | active | past_due | canceled | expired
    .addColumn('trial_ends_at', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull()) // local | stripe
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('provider_event_at', 'text') // `created` of the newest provider event applied
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_provider_subscription_idx')
    .on('subscription')
    .column('provider_subscription_id')
    .execute();
  await db.schema
    .createIndex('subscription_provider_customer_idx')
    .on('subscription')
    .column('provider_customer_id')
    .execute();
  await db.schema
    .createIndex('subscription_status_trial_idx')
    .on('subscription')
    .columns(['status', 'trial_ends_at'])
    .execute();

  await db.schema
    .createTable('billing_checkout')
    .addColumn('id', 'text', (c) => c.primaryKey()) // Stripe's cs_… or our local_…
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // open | complete | expired
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();

  // One row per provider event: the primary key makes a replayed event a no-op.
  await db.schema
    .createTable('billing_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull()) // the event's own time
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull()) // applied | stale | ignored
    .execute();

  await db.schema
    .createTable('usage_counter')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('metric', 'text', (c) => c.notNull()) // searches | exports
    .addColumn('period', 'text', (c) => c.notNull()) // YYYY-MM (UTC)
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counter_pk', ['user_id', 'metric', 'period'])
    .execute();

  // Trial reminders sent (or being sent): the key makes the job safe to run twice and in parallel.
  await db.schema
    .createTable('billing_reminder')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // trial_ends_soon | trial_ended
    .addColumn('trial_ends_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_reminder_pk', ['user_id', 'kind', 'trial_ends_at'])
    .execute();

  const now = new Date().toISOString();
  const features: Array<[string, string]> = [
    ['ai_search', 'AI search'],
    ['email_notifications', 'Email notifications'],
    ['mobile_access', 'Mobile access'],
    ['csv_exports', 'CSV exports'],
    ['advanced_ai_search', 'Advanced AI search'],
    ['win_probability', 'Win probability'],
    ['smart_alerts', 'Smart alerts'],
    ['api_access', 'API access'],
    ['priority_support', 'Priority support'],
    ['dedicated_account_manager', 'Dedicated account manager'],
  ];
  await db
    .insertInto('plan_feature')
    .values(features.map(([key, label], i) => ({ key, label, position: i + 1 })))
    .execute();

  const basic = ['ai_search', 'email_notifications', 'mobile_access', 'csv_exports'];
  const pro = [...basic, 'advanced_ai_search', 'win_probability', 'smart_alerts', 'api_access', 'priority_support'];
  // Yearly = 12 × monthly × 0.8, exact in cents for these prices (ADR 0009).
  const plan = (
    id: string,
    name: string,
    description: string,
    position: number,
    monthly: number,
    keys: string[],
    limits: [number, number, number, number],
  ) => ({
    id,
    name,
    description,
    position,
    currency: 'CAD',
    price_monthly: monthly,
    price_yearly: (monthly * 12 * 4) / 5,
    feature_keys: JSON.stringify(keys),
    limit_searches: limits[0],
    limit_alerts: limits[1],
    limit_exports: limits[2],
    limit_users: limits[3],
    stripe_product_id: null,
    stripe_price_monthly: null,
    stripe_price_yearly: null,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('plan')
    .values([
      plan(
        'starter',
        'Starter',
        'For independent contractors and small firms that bid now and then.',
        1,
        4900,
        basic,
        [100, 3, 10, 1],
      ),
      plan(
        'professional',
        'Professional',
        'For firms that bid every month and want every edge.',
        2,
        14900,
        pro,
        [-1, 25, 100, 5],
      ),
      plan(
        'enterprise',
        'Enterprise',
        'For suppliers and teams bidding across every Canadian jurisdiction.',
        3,
        39900,
        [...pro, 'dedicated_account_manager'],
        [-1, -1, -1, -1],
      ),
    ])
    .execute();

  // Accounts that exist already start their 14-day Professional trial now, as new accounts do at
  // sign-up (ADR 0009). Ids are generated here, in chunks (SQLite caps bound parameters).
  const trialEnds = new Date(Date.parse(now) + 14 * 86_400_000).toISOString();
  const accounts: Array<{ id: string }> = await db.selectFrom('user_account').select('id').execute();
  for (let i = 0; i < accounts.length; i += 500) {
    await db
      .insertInto('subscription')
      .values(
        accounts.slice(i, i + 500).map((a) => ({
          id: randomUUID(),
          user_id: a.id,
          plan_id: 'professional',
          billing_cycle: 'monthly',
          status: 'trialing',
          trial_ends_at: trialEnds,
          current_period_end: trialEnds,
          cancel_at_period_end: 0,
          provider: 'local',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'billing_reminder',
    'usage_counter',
    'billing_event',
    'billing_checkout',
    'subscription',
    'plan_feature',
    'plan',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
