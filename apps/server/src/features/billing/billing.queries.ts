import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { BillingCycle, LimitMetric, PaymentProvider, PlanLimits, SubscriptionStatus } from '@app/shared/billing';
import type { Locale } from '@app/shared/auth';
import type { Db, PlanTable, SubscriptionTable } from '../../db/database.ts';

// All SQL of the billing slice. Rows never leave this file: they are mapped to the records below.

export interface PlanRecord {
  id: string;
  name: string;
  description: string;
  position: number;
  currency: 'CAD';
  priceMonthly: number;
  priceYearly: number;
  featureKeys: string[];
  limits: PlanLimits;
  stripeProductId: string | null;
  stripePriceMonthly: string | null;
  stripePriceYearly: string | null;
}

export interface SubscriptionRecord {
  id: string;
  userId: string;
  planId: string;
  billingCycle: BillingCycle;
  status: SubscriptionStatus;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  provider: PaymentProvider;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  providerEventAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CheckoutRecord {
  id: string;
  userId: string;
  provider: PaymentProvider;
  planId: string;
  billingCycle: BillingCycle;
  status: 'open' | 'complete' | 'expired';
  createdAt: string;
  completedAt: string | null;
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const cycleOf = (v: string): BillingCycle => (v === 'yearly' ? 'yearly' : 'monthly');
const providerOf = (v: string): PaymentProvider => (v === 'stripe' ? 'stripe' : 'local');
const STATUSES: readonly string[] = ['trialing', 'active', 'past_due', 'canceled', 'expired'];
const statusOf = (v: string): SubscriptionStatus => (STATUSES.includes(v) ? (v as SubscriptionStatus) : 'expired');

function toPlan(row: Selectable<PlanTable>): PlanRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: Number(row.position),
    currency: 'CAD',
    priceMonthly: Number(row.price_monthly),
    priceYearly: Number(row.price_yearly),
    featureKeys: parseList(row.feature_keys),
    limits: {
      searches: Number(row.limit_searches),
      alerts: Number(row.limit_alerts),
      exports: Number(row.limit_exports),
      users: Number(row.limit_users),
    },
    stripeProductId: row.stripe_product_id,
    stripePriceMonthly: row.stripe_price_monthly,
    stripePriceYearly: row.stripe_price_yearly,
  };
}

function toSubscription(row: Selectable<SubscriptionTable>): SubscriptionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    planId: row.plan_id,
    billingCycle: cycleOf(row.billing_cycle),
    status: statusOf(row.status),
    trialEndsAt: row.trial_ends_at,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    provider: providerOf(row.provider),
    providerCustomerId: row.provider_customer_id,
    providerSubscriptionId: row.provider_subscription_id,
    providerEventAt: row.provider_event_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// ── plans ─────────────────────────────────────────────────────────────────────────────────────

export async function listPlans(db: Db): Promise<PlanRecord[]> {
  const rows = await db.selectFrom('plan').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(toPlan);
}

export async function findPlan(db: Db, id: string): Promise<PlanRecord | undefined> {
  const row = await db.selectFrom('plan').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPlan(row);
}

export async function findPlanByStripePrice(db: Db, priceId: string): Promise<PlanRecord | undefined> {
  const row = await db
    .selectFrom('plan')
    .selectAll()
    .where((eb) => eb.or([eb('stripe_price_monthly', '=', priceId), eb('stripe_price_yearly', '=', priceId)]))
    .executeTakeFirst();
  return row && toPlan(row);
}

export async function listPlanFeatures(db: Db): Promise<Array<{ key: string; label: string }>> {
  return db.selectFrom('plan_feature').select(['key', 'label']).orderBy('position').orderBy('key').execute();
}

/** Writes the configured Stripe price ids (idempotent: only when they differ). */
export async function setStripePriceIds(
  db: Db,
  planId: string,
  prices: { monthly: string | null; yearly: string | null },
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('plan')
    .set({ stripe_price_monthly: prices.monthly, stripe_price_yearly: prices.yearly, updated_at: nowIso })
    .where('id', '=', planId)
    .where((eb) =>
      eb.or([
        eb('stripe_price_monthly', 'is distinct from', prices.monthly),
        eb('stripe_price_yearly', 'is distinct from', prices.yearly),
      ]),
    )
    .execute();
}

// ── subscriptions ─────────────────────────────────────────────────────────────────────────────

export async function findSubscriptionByUser(db: Db, userId: string): Promise<SubscriptionRecord | undefined> {
  const row = await db.selectFrom('subscription').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && toSubscription(row);
}

/** The subscription a provider event is about: by the provider's subscription id, else its customer id. */
export async function findSubscriptionByProviderIds(
  db: Db,
  ids: { subscriptionId: string | null; customerId: string | null },
): Promise<SubscriptionRecord | undefined> {
  if (ids.subscriptionId) {
    const row = await db
      .selectFrom('subscription')
      .selectAll()
      .where('provider_subscription_id', '=', ids.subscriptionId)
      .executeTakeFirst();
    if (row) return toSubscription(row);
  }
  if (ids.customerId) {
    const row = await db
      .selectFrom('subscription')
      .selectAll()
      .where('provider_customer_id', '=', ids.customerId)
      .executeTakeFirst();
    if (row) return toSubscription(row);
  }
  return undefined;
}

/** Creates the account's subscription unless it has one (one per account; safe under concurrency). */
export async function insertSubscriptionIfAbsent(
  db: Db,
  input: {
    userId: string;
    planId: string;
    billingCycle: BillingCycle;
    status: SubscriptionStatus;
    trialEndsAt: string | null;
  },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('subscription')
    .values({
      id: randomUUID(),
      user_id: input.userId,
      plan_id: input.planId,
      billing_cycle: input.billingCycle,
      status: input.status,
      trial_ends_at: input.trialEndsAt,
      current_period_end: input.trialEndsAt,
      cancel_at_period_end: 0,
      provider: 'local',
      provider_customer_id: null,
      provider_subscription_id: null,
      provider_event_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface SubscriptionPatch {
  planId?: string;
  billingCycle?: BillingCycle;
  status?: SubscriptionStatus;
  trialEndsAt?: string | null;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  provider?: PaymentProvider;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  providerEventAt?: string | null;
}

export async function updateSubscription(
  db: Db,
  userId: string,
  patch: SubscriptionPatch,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('subscription')
    .set({
      ...(patch.planId !== undefined ? { plan_id: patch.planId } : {}),
      ...(patch.billingCycle !== undefined ? { billing_cycle: patch.billingCycle } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.trialEndsAt !== undefined ? { trial_ends_at: patch.trialEndsAt } : {}),
      ...(patch.currentPeriodEnd !== undefined ? { current_period_end: patch.currentPeriodEnd } : {}),
      ...(patch.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: patch.cancelAtPeriodEnd ? 1 : 0 } : {}),
      ...(patch.provider !== undefined ? { provider: patch.provider } : {}),
      ...(patch.providerCustomerId !== undefined ? { provider_customer_id: patch.providerCustomerId } : {}),
      ...(patch.providerSubscriptionId !== undefined ? { provider_subscription_id: patch.providerSubscriptionId } : {}),
      ...(patch.providerEventAt !== undefined ? { provider_event_at: patch.providerEventAt } : {}),
      updated_at: nowIso,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Trialing → expired, only if the trial is still the one that ended (a run twice changes nothing). */
export async function expireTrial(db: Db, userId: string, trialEndsAt: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('subscription')
    .set({ status: 'expired', updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('status', '=', 'trialing')
    .where('trial_ends_at', '=', trialEndsAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TrialToRemind {
  userId: string;
  email: string;
  locale: Locale;
  planId: string;
  trialEndsAt: string;
}

/**
 * Trials not linked to a provider subscription (nothing will charge them) whose end falls in
 * [fromIso, toIso). Stripe-linked trials are Stripe's to end and remind (ADR 0009).
 */
export async function listUnpaidTrialsEnding(db: Db, fromIso: string, toIso: string): Promise<TrialToRemind[]> {
  const rows = await db
    .selectFrom('subscription')
    .innerJoin('user_account', 'user_account.id', 'subscription.user_id')
    .select([
      'subscription.user_id as userId',
      'user_account.email as email',
      'user_account.locale as locale',
      'subscription.plan_id as planId',
      'subscription.trial_ends_at as trialEndsAt',
    ])
    .where('subscription.status', '=', 'trialing')
    .where('subscription.provider_subscription_id', 'is', null)
    .where('subscription.trial_ends_at', '>=', fromIso)
    .where('subscription.trial_ends_at', '<', toIso)
    .orderBy('subscription.trial_ends_at')
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    locale: r.locale === 'fr' ? 'fr' : 'en',
    planId: r.planId,
    trialEndsAt: r.trialEndsAt ?? fromIso,
  }));
}

// ── trial reminders ───────────────────────────────────────────────────────────────────────────

export type ReminderKind = 'trial_ends_soon' | 'trial_ended';

/** Claims a reminder before it is mailed: true for exactly one caller across processes. */
export async function claimReminder(
  db: Db,
  input: { userId: string; kind: ReminderKind; trialEndsAt: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('billing_reminder')
    .values({ user_id: input.userId, kind: input.kind, trial_ends_at: input.trialEndsAt, sent_at: nowIso })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'trial_ends_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives a claim back when the mail could not be sent, so the next run tries again. */
export async function releaseReminder(
  db: Db,
  input: { userId: string; kind: ReminderKind; trialEndsAt: string },
): Promise<void> {
  await db
    .deleteFrom('billing_reminder')
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('trial_ends_at', '=', input.trialEndsAt)
    .execute();
}

export async function listReminders(
  db: Db,
  userId: string,
): Promise<Array<{ kind: string; trialEndsAt: string; sentAt: string }>> {
  const rows = await db
    .selectFrom('billing_reminder')
    .select(['kind', 'trial_ends_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('sent_at')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, trialEndsAt: r.trial_ends_at, sentAt: r.sent_at }));
}

// ── checkout sessions ─────────────────────────────────────────────────────────────────────────

export async function insertCheckout(
  db: Db,
  input: Omit<CheckoutRecord, 'completedAt'> & { completedAt?: string | null },
): Promise<void> {
  await db
    .insertInto('billing_checkout')
    .values({
      id: input.id,
      user_id: input.userId,
      provider: input.provider,
      plan_id: input.planId,
      billing_cycle: input.billingCycle,
      status: input.status,
      created_at: input.createdAt,
      completed_at: input.completedAt ?? null,
    })
    .execute();
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRecord | undefined> {
  const row = await db.selectFrom('billing_checkout').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      provider: providerOf(row.provider),
      planId: row.plan_id,
      billingCycle: cycleOf(row.billing_cycle),
      status: row.status === 'complete' ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
      createdAt: row.created_at,
      completedAt: row.completed_at,
    }
  );
}

export async function setCheckoutStatus(
  db: Db,
  id: string,
  status: 'complete' | 'expired',
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('billing_checkout')
    .set({ status, completed_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

// ── provider events ───────────────────────────────────────────────────────────────────────────

/**
 * Records a provider event id; false when it was already recorded (a replay). Call inside the
 * transaction that applies the event, so the record and its effect commit together.
 */
export async function recordEventOnce(
  db: Db,
  event: { id: string; provider: PaymentProvider; type: string; createdAt: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('billing_event')
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      created_at: event.createdAt,
      received_at: nowIso,
      user_id: null,
      outcome: 'ignored',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setEventOutcome(
  db: Db,
  id: string,
  outcome: 'applied' | 'stale' | 'ignored',
  userId: string | null,
): Promise<void> {
  await db.updateTable('billing_event').set({ outcome, user_id: userId }).where('id', '=', id).execute();
}

export async function listEvents(
  db: Db,
): Promise<Array<{ id: string; type: string; outcome: string; userId: string | null }>> {
  const rows = await db
    .selectFrom('billing_event')
    .select(['id', 'type', 'outcome', 'user_id'])
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, outcome: r.outcome, userId: r.user_id }));
}

// ── usage counters ────────────────────────────────────────────────────────────────────────────

export async function readUsage(db: Db, userId: string, metric: LimitMetric, period: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counter')
    .select('count')
    .where('user_id', '=', userId)
    .where('metric', '=', metric)
    .where('period', '=', period)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/**
 * Adds one use, atomically across processes, unless the count already reached `max` (null: no
 * maximum). Returns the new count, or undefined when the use was refused. One statement:
 * INSERT … ON CONFLICT DO UPDATE … WHERE count < max, the same on SQLite and PostgreSQL.
 */
export async function incrementUsage(
  db: Db,
  input: { userId: string; metric: LimitMetric; period: string; max: number | null },
  nowIso: string,
): Promise<number | undefined> {
  if (input.max !== null && input.max <= 0) return undefined;
  const max = input.max;
  const row = await db
    .insertInto('usage_counter')
    .values({ user_id: input.userId, metric: input.metric, period: input.period, count: 1, updated_at: nowIso })
    .onConflict((oc) => {
      const update = oc
        .columns(['user_id', 'metric', 'period'])
        .doUpdateSet((eb) => ({ count: eb(eb.ref('usage_counter.count'), '+', 1), updated_at: nowIso }));
      return max === null ? update : update.where('usage_counter.count', '<', max);
    })
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : undefined;
}

/** Sets a counter (tests and support tools: e.g. start a month at 99 searches). */
export async function setUsage(
  db: Db,
  input: { userId: string; metric: LimitMetric; period: string; count: number },
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('usage_counter')
    .values({
      user_id: input.userId,
      metric: input.metric,
      period: input.period,
      count: input.count,
      updated_at: nowIso,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'metric', 'period']).doUpdateSet({ count: input.count, updated_at: nowIso }),
    )
    .execute();
}

export async function findAccountEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user_account').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
