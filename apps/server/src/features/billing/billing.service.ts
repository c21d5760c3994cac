import type { FastifyBaseLogger } from 'fastify';
import {
  BILLING_MESSAGES,
  DEFAULT_TRIAL_PLAN_ID,
  FREE_LEVEL_PLAN_ID,
  formatLimit,
  LIMIT_METRICS,
  TRIAL_DAYS,
  type BillingCycle,
  type CheckoutBody,
  type CheckoutConfirmation,
  type CheckoutResult,
  type FeatureTable,
  type LimitMetric,
  type Plan,
  type PortalResult,
  type Subscription,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@app/shared/billing';
import { TEAM_MESSAGES } from '@app/shared/team';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { countActiveAlerts } from '../alerts/alerts.queries.ts';
import { buildFeatureTable, toPlanView } from './billing.plans.ts';
import { createLocalProvider, ProviderError, type BillingProvider } from './billing.provider.ts';
import {
  findAccountEmail,
  findCheckout,
  findPlan,
  findPlanByStripePrice,
  findSubscriptionByProviderIds,
  findSubscriptionByUser,
  insertCheckout,
  insertSubscriptionIfAbsent,
  listPlanFeatures,
  listPlans,
  readUsage,
  recordEventOnce,
  setCheckoutStatus,
  setEventOutcome,
  setStripePriceIds,
  updateSubscription,
  type PlanRecord,
  type SubscriptionPatch,
  type SubscriptionRecord,
} from './billing.queries.ts';
import { accountIdOf, countMembersOfOwner, findMembership } from '../team/team.queries.ts';
import { createStripeProvider, type StripeProvider } from './billing.stripe.ts';
import { parseStripeEvent, type ProviderChange } from './billing.webhook.ts';

export const DAY_MS = 86_400_000;

export interface BillingDeps {
  db: Db;
  env: Env;
  now: Clock;
  log: FastifyBaseLogger;
  /** Defaults to Stripe when STRIPE_SECRET_KEY is set, else the local provider. */
  provider?: BillingProvider;
}

/** Stripe when STRIPE_SECRET_KEY is set, else the local provider that charges nothing (DESIGN.md). */
export function createBillingProvider(env: Env): BillingProvider {
  const key = env.STRIPE_SECRET_KEY;
  return key ? createStripeProvider({ ...env, STRIPE_SECRET_KEY: key }) : createLocalProvider(env.PUBLIC_URL);
}

const isStripe = (p: BillingProvider): p is StripeProvider => p.name === 'stripe';

/** The month a usage counter belongs to: YYYY-MM in UTC. */
export const periodOf = (at: Date) => at.toISOString().slice(0, 7);

/** A trial whose end passed with nothing linked to charge it reads expired, whether or not the job ran yet. */
export function effectiveStatus(sub: SubscriptionRecord, at: Date): SubscriptionStatus {
  if (
    sub.status === 'trialing' &&
    !sub.providerSubscriptionId &&
    sub.trialEndsAt &&
    Date.parse(sub.trialEndsAt) <= at.getTime()
  ) {
    return 'expired';
  }
  return sub.status;
}

export function trialDaysLeft(sub: SubscriptionRecord, at: Date): number {
  if (effectiveStatus(sub, at) !== 'trialing' || !sub.trialEndsAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(sub.trialEndsAt) - at.getTime()) / DAY_MS));
}

export type Level = SubscriptionState['level'];
export const levelOf = (status: SubscriptionStatus): Level =>
  status === 'trialing' ? 'trial' : status === 'active' || status === 'past_due' ? 'subscribed' : 'free';

export interface Entitlement {
  /**
   * The account whose plan applies and whose usage counters count (ADR 0013): the user's own id,
   * or their team owner's id when they are a member. Usage is pooled per account.
   */
  accountId: string;
  subscription: SubscriptionRecord;
  status: SubscriptionStatus;
  level: Level;
  /** The plan the account chose. */
  plan: PlanRecord;
  /** The plan whose limits apply now: the chosen one, or starter at the free level. */
  effectivePlan: PlanRecord;
  plans: PlanRecord[];
}

export function createBillingService(deps: BillingDeps) {
  const { db, env, now, log } = deps;
  const provider = deps.provider ?? createBillingProvider(env);
  const successUrl = `${env.PUBLIC_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${env.PUBLIC_URL}/subscription/cancel`;
  const notice = () => (provider.name === 'local' ? BILLING_MESSAGES.localNoPayment : null);

  async function planOrDefault(planId: string | undefined): Promise<PlanRecord> {
    const chosen = planId ? await findPlan(db, planId) : undefined;
    const plan = chosen ?? (await findPlan(db, DEFAULT_TRIAL_PLAN_ID)) ?? (await listPlans(db))[0];
    if (!plan) throw new Error('No plans in the database: the billing migration did not run');
    return plan;
  }

  /** Starts the 14-day trial, no card, of the chosen plan (default professional, monthly). No-op when one exists. */
  async function startTrial(userId: string, planId?: string, cycle?: BillingCycle): Promise<void> {
    const at = now();
    const plan = await planOrDefault(planId);
    await insertSubscriptionIfAbsent(
      db,
      {
        userId,
        planId: plan.id,
        billingCycle: cycle ?? 'monthly',
        status: 'trialing',
        trialEndsAt: new Date(at.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      },
      at.toISOString(),
    );
  }

  /**
   * The account's subscription. Accounts created before billing existed get their trial now
   * (ADR 0009), so every account has exactly one record.
   */
  async function ensureSubscription(userId: string): Promise<SubscriptionRecord> {
    const found = await findSubscriptionByUser(db, userId);
    if (found) return found;
    await startTrial(userId);
    const created = await findSubscriptionByUser(db, userId);
    if (!created) throw new Error(`subscription for ${userId} could not be created`);
    return created;
  }

  /** The entitlement of the user's account: their team owner's plan when they are a member (ADR 0013). */
  async function entitlement(userId: string): Promise<Entitlement> {
    return ownEntitlement(await accountIdOf(db, userId));
  }

  /** The entitlement of the user's own subscription, whether or not they are a member of a team. */
  async function ownEntitlement(userId: string): Promise<Entitlement> {
    const [subscription, plans] = await Promise.all([ensureSubscription(userId), listPlans(db)]);
    const status = effectiveStatus(subscription, now());
    const level = levelOf(status);
    const plan = plans.find((p) => p.id === subscription.planId) ?? (await planOrDefault(undefined));
    const free = plans.find((p) => p.id === FREE_LEVEL_PLAN_ID) ?? plan;
    return {
      accountId: userId,
      subscription,
      status,
      level,
      plan,
      effectivePlan: level === 'free' ? free : plan,
      plans,
    };
  }

  function toSubscription(sub: SubscriptionRecord, plan: PlanRecord): Subscription {
    const at = now();
    return {
      planId: sub.planId,
      planName: plan.name,
      billingCycle: sub.billingCycle,
      status: effectiveStatus(sub, at),
      trialEndsAt: sub.trialEndsAt,
      trialDaysLeft: trialDaysLeft(sub, at),
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      provider: sub.provider,
      manageable: isStripe(provider) && sub.providerCustomerId !== null,
      createdAt: sub.createdAt,
      updatedAt: sub.updatedAt,
    };
  }

  /**
   * Uses of each limit (`accountId`: the owner, for every user of a team): searches and exports
   * are pooled per account and counted per month (ADR 0013); alerts are personal, so the user's
   * own active alerts count against the account's plan (ADR 0012); users are the account's.
   */
  async function usageOf(accountId: string, userId: string, metric: LimitMetric, period: string): Promise<number> {
    switch (metric) {
      case 'searches':
      case 'exports':
        return readUsage(db, accountId, metric, period);
      case 'alerts':
        return countActiveAlerts(db, userId); // active (not paused) alerts, over the limit or not
      case 'users':
        return 1 + (await countMembersOfOwner(db, accountId)); // the owner and the members
    }
  }

  async function state(userId: string): Promise<SubscriptionState> {
    const ent = await entitlement(userId);
    const period = periodOf(now());
    const limits = ent.effectivePlan.limits;
    const entries = await Promise.all(
      LIMIT_METRICS.map(async (metric) => {
        const used = await usageOf(ent.accountId, userId, metric, period);
        const limit = limits[metric];
        return [
          metric,
          {
            used,
            limit,
            remaining: limit === -1 ? null : Math.max(0, limit - used),
            label: formatLimit(metric, limit),
          },
        ] as const;
      }),
    );
    const usage = Object.fromEntries(entries) as SubscriptionState['usage'];
    return {
      subscription: toSubscription(ent.subscription, ent.plan),
      level: ent.level,
      effectivePlanId: ent.effectivePlan.id,
      limits,
      period,
      usage,
      paymentProvider: provider.name,
      managedBy: ent.accountId === userId ? null : ((await findAccountEmail(db, ent.accountId)) ?? null),
    };
  }

  /** Choosing or managing the plan is the owner's: a team member is refused (ADR 0013). */
  async function assertOwnsPlan(userId: string): Promise<void> {
    const membership = await findMembership(db, userId);
    if (!membership) return;
    const owner = (await findAccountEmail(db, membership.ownerId)) ?? '';
    throw new HttpError(403, 'team_owner_only', TEAM_MESSAGES.planManagedByOwner.replace('{owner}', owner));
  }

  /** The change a completed checkout makes: the chosen plan, trialing while the trial lasts, else active. */
  async function applyCheckout(
    tx: Db,
    sub: SubscriptionRecord,
    input: {
      planId: string | null;
      cycle: BillingCycle | null;
      customerId?: string | null;
      subscriptionId?: string | null;
    },
  ): Promise<SubscriptionPatch> {
    const at = now();
    const plan = input.planId ? await findPlan(tx, input.planId) : undefined;
    const inTrial = sub.trialEndsAt !== null && Date.parse(sub.trialEndsAt) > at.getTime() && sub.status === 'trialing';
    const status: SubscriptionStatus = inTrial ? 'trialing' : 'active';
    return {
      ...(plan ? { planId: plan.id } : {}),
      ...(input.cycle ? { billingCycle: input.cycle } : {}),
      status,
      provider: provider.name,
      ...(input.customerId ? { providerCustomerId: input.customerId } : {}),
      ...(input.subscriptionId ? { providerSubscriptionId: input.subscriptionId } : {}),
      // The local provider never bills, so a local subscription has no period to run out.
      currentPeriodEnd:
        status === 'trialing' ? sub.trialEndsAt : provider.name === 'local' ? null : sub.currentPeriodEnd,
    };
  }

  async function checkout(user: { id: string; email: string }, body: CheckoutBody): Promise<CheckoutResult> {
    if (body.userId !== undefined && body.userId !== user.id) throw forbidden('This checkout is for another account');
    await assertOwnsPlan(user.id);
    const plan = await findPlan(db, body.planId);
    if (!plan) throw notFound('plan_not_found', `There is no plan '${body.planId}'`);
    const sub = await ensureSubscription(user.id);
    const at = now();
    const status = effectiveStatus(sub, at);
    if (
      sub.provider === 'stripe' &&
      sub.providerSubscriptionId &&
      ['trialing', 'active', 'past_due'].includes(status)
    ) {
      throw new HttpError(
        409,
        'already_subscribed',
        'You already have a subscription: use Manage subscription to change your plan.',
      );
    }
    let session: { id: string; url: string };
    try {
      session = await provider.createCheckout({
        user,
        customerId: sub.providerCustomerId,
        plan,
        cycle: body.billingCycle,
        trialDays: trialDaysLeft(sub, at),
        successUrl,
        cancelUrl,
      });
    } catch (err) {
      log.error(
        { err: err instanceof ProviderError ? { message: err.message, ...err.detail } : err, userId: user.id },
        'checkout session could not be created',
      );
      throw new HttpError(502, 'checkout_failed', BILLING_MESSAGES.checkoutFailed);
    }
    const local = provider.name === 'local';
    await db.transaction().execute(async (tx) => {
      await insertCheckout(tx, {
        id: session.id,
        userId: user.id,
        provider: provider.name,
        planId: plan.id,
        billingCycle: body.billingCycle,
        status: local ? 'complete' : 'open',
        createdAt: at.toISOString(),
        completedAt: local ? at.toISOString() : null,
      });
      if (local) {
        const patch = await applyCheckout(tx, sub, { planId: plan.id, cycle: body.billingCycle });
        await updateSubscription(tx, user.id, patch, at.toISOString());
      }
    });
    log.info(
      { userId: user.id, planId: plan.id, cycle: body.billingCycle, provider: provider.name },
      'checkout created',
    );
    return { url: session.url, sessionId: session.id, provider: provider.name, notice: notice() };
  }

  /**
   * The success page confirms its session_id with the server. With Stripe, a completed session is
   * fulfilled here too (the same idempotent change as the webhook; SECURITY.md A.13 fulfilment).
   */
  async function confirmCheckout(userId: string, sessionId: string): Promise<CheckoutConfirmation> {
    const found = await findCheckout(db, sessionId);
    if (!found || found.userId !== userId)
      throw notFound('checkout_session_not_found', 'This checkout session was not found');
    let status = found.status;
    if (found.provider === 'stripe' && status === 'open' && isStripe(provider)) {
      let remote;
      try {
        remote = await provider.retrieveCheckout(sessionId);
      } catch (err) {
        log.warn(
          { err: err instanceof ProviderError ? err.message : err, sessionId },
          'checkout session could not be read from Stripe',
        );
      }
      if (remote && remote.status !== 'open') {
        status = remote.status;
        await db.transaction().execute(async (tx) => {
          if (remote.status === 'complete') {
            const sub = await ensureSubscriptionIn(tx, userId);
            const patch = await applyCheckout(tx, sub, {
              planId: remote.planId ?? found.planId,
              cycle: remote.cycle ?? found.billingCycle,
              customerId: remote.customerId,
              subscriptionId: remote.subscriptionId,
            });
            // A webhook may already have applied newer state of this subscription: then only the ids are filled in.
            await updateSubscription(
              tx,
              userId,
              sub.providerEventAt && sub.providerSubscriptionId === remote.subscriptionId ? idsOnly(patch) : patch,
              now().toISOString(),
            );
          }
          await setCheckoutStatus(
            tx,
            sessionId,
            remote.status === 'complete' ? 'complete' : 'expired',
            now().toISOString(),
          );
        });
      }
    }
    return {
      sessionId,
      provider: found.provider,
      status,
      planId: found.planId,
      billingCycle: found.billingCycle,
      notice: found.provider === 'local' ? BILLING_MESSAGES.localNoPayment : null,
      state: await state(userId),
    };
  }

  async function ensureSubscriptionIn(tx: Db, userId: string): Promise<SubscriptionRecord> {
    const found = await findSubscriptionByUser(tx, userId);
    if (found) return found;
    const plan = await planOrDefault(undefined);
    const at = now();
    await insertSubscriptionIfAbsent(
      tx,
      {
        userId,
        planId: plan.id,
        billingCycle: 'monthly',
        status: 'trialing',
        trialEndsAt: new Date(at.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      },
      at.toISOString(),
    );
    const created = await findSubscriptionByUser(tx, userId);
    if (!created) throw new Error(`subscription for ${userId} could not be created`);
    return created;
  }

  async function portal(userId: string): Promise<PortalResult> {
    await assertOwnsPlan(userId);
    const sub = await ensureSubscription(userId);
    if (!isStripe(provider))
      return { url: (await provider.createPortal('', `${env.PUBLIC_URL}/plans`)).url, provider: 'local' };
    if (!sub.providerCustomerId) {
      throw new HttpError(409, 'no_billing_account', 'There is no billing account to manage yet: choose a plan first.');
    }
    try {
      const { url } = await provider.createPortal(sub.providerCustomerId, `${env.PUBLIC_URL}/plans`);
      return { url, provider: 'stripe' };
    } catch (err) {
      log.error(
        { err: err instanceof ProviderError ? { message: err.message, ...err.detail } : err, userId },
        'billing portal could not be opened',
      );
      throw new HttpError(502, 'portal_failed', 'The billing portal could not be opened. Please try again.');
    }
  }

  /** Applies one provider change inside the event's transaction. */
  async function applyChange(
    tx: Db,
    change: ProviderChange,
  ): Promise<{ outcome: 'applied' | 'stale' | 'ignored'; userId: string | null }> {
    let sub = change.userId ? await findSubscriptionByUser(tx, change.userId) : undefined;
    sub ??= await findSubscriptionByProviderIds(tx, {
      subscriptionId: change.subscriptionId,
      customerId: change.customerId,
    });
    if (!sub && change.userId && (await accountExists(tx, change.userId)))
      sub = await ensureSubscriptionIn(tx, change.userId);
    if (!sub) return { outcome: 'ignored', userId: null };

    const at = now().toISOString();
    const ids: SubscriptionPatch = {
      provider: 'stripe',
      ...(change.customerId ? { providerCustomerId: change.customerId } : {}),
      ...(change.subscriptionId ? { providerSubscriptionId: change.subscriptionId } : {}),
    };
    // Stripe does not promise order: an event older than the newest one applied only fills in ids.
    if (sub.providerEventAt && change.createdAt < sub.providerEventAt) {
      await updateSubscription(tx, sub.userId, ids, at);
      if (change.checkoutSessionId) await setCheckoutStatus(tx, change.checkoutSessionId, 'complete', at);
      return { outcome: 'stale', userId: sub.userId };
    }

    let patch: SubscriptionPatch = { ...ids, providerEventAt: change.createdAt };
    if (change.status === 'from-trial') {
      patch = { ...(await applyCheckout(tx, sub, change)), ...patch };
    } else {
      const plan = change.priceId ? await findPlanByStripePrice(tx, change.priceId) : undefined;
      const planId = plan?.id ?? (change.planId && (await findPlan(tx, change.planId)) ? change.planId : undefined);
      // The trial's 0 $ invoice is "paid" when the trial starts; it does not make the trial a paid subscription.
      const keepTrial = change.zeroAmount && sub.status === 'trialing';
      patch = {
        ...patch,
        ...(planId ? { planId } : {}),
        ...(change.cycle ? { billingCycle: change.cycle } : {}),
        ...(change.status && !keepTrial ? { status: change.status } : {}),
        ...(change.trialEndsAt !== undefined && change.trialEndsAt !== null ? { trialEndsAt: change.trialEndsAt } : {}),
        ...(change.currentPeriodEnd !== undefined ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
        ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
      };
    }
    await updateSubscription(tx, sub.userId, patch, at);
    if (change.checkoutSessionId) await setCheckoutStatus(tx, change.checkoutSessionId, 'complete', at);
    return { outcome: 'applied', userId: sub.userId };
  }

  /**
   * POST /subscriptions/webhook: verify, then record the event id and apply its change in one
   * transaction. A replayed id answers 200 and changes nothing (SECURITY.md A.13).
   */
  async function handleStripeWebhook(
    raw: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!isStripe(provider) || !provider.webhookConfigured) {
      throw new HttpError(404, 'billing_not_configured', 'Stripe webhooks are not configured on this server');
    }
    const payload = provider.verifyWebhook(raw, signature, now());
    let parsed;
    try {
      parsed = parseStripeEvent(payload);
    } catch {
      throw new HttpError(400, 'validation_failed', 'The event does not have the expected shape');
    }
    const { change } = parsed;
    const result = await db.transaction().execute(async (tx) => {
      const first = await recordEventOnce(
        tx,
        { id: parsed.id, provider: 'stripe', type: parsed.type, createdAt: parsed.createdAt },
        now().toISOString(),
      );
      if (!first) return { duplicate: true, outcome: 'duplicate', userId: null as string | null };
      const applied = change ? await applyChange(tx, change) : { outcome: 'ignored' as const, userId: null };
      await setEventOutcome(tx, parsed.id, applied.outcome, applied.userId);
      return { duplicate: false, ...applied };
    });
    log.info({ eventId: parsed.id, type: parsed.type, outcome: result.outcome, userId: result.userId }, 'stripe event');
    return { received: true, duplicate: result.duplicate };
  }

  async function plans(cycle: BillingCycle): Promise<Plan[]> {
    const [records, features] = await Promise.all([listPlans(db), listPlanFeatures(db)]);
    const labels = new Map(features.map((f) => [f.key, f.label]));
    return records.map((p, i) => toPlanView(p, cycle, i, labels));
  }

  async function featureTable(): Promise<FeatureTable> {
    const [records, features] = await Promise.all([listPlans(db), listPlanFeatures(db)]);
    return buildFeatureTable(records, features);
  }

  /** Writes STRIPE_PRICE_<PLAN>_<CYCLE> settings into the plans (at start-up; idempotent). */
  async function syncStripePrices(): Promise<void> {
    const configured: Record<string, { monthly: string | null; yearly: string | null }> = {
      starter: { monthly: env.STRIPE_PRICE_STARTER_MONTHLY ?? null, yearly: env.STRIPE_PRICE_STARTER_YEARLY ?? null },
      professional: {
        monthly: env.STRIPE_PRICE_PROFESSIONAL_MONTHLY ?? null,
        yearly: env.STRIPE_PRICE_PROFESSIONAL_YEARLY ?? null,
      },
      enterprise: {
        monthly: env.STRIPE_PRICE_ENTERPRISE_MONTHLY ?? null,
        yearly: env.STRIPE_PRICE_ENTERPRISE_YEARLY ?? null,
      },
    };
    for (const [planId, prices] of Object.entries(configured)) {
      if (prices.monthly || prices.yearly) await setStripePriceIds(db, planId, prices, now().toISOString());
    }
  }

  return {
    provider,
    startTrial,
    ensureSubscription,
    entitlement,
    ownEntitlement,
    state,
    checkout,
    confirmCheckout,
    portal,
    handleStripeWebhook,
    plans,
    featureTable,
    syncStripePrices,
  };
}

const idsOnly = (patch: SubscriptionPatch): SubscriptionPatch => ({
  ...(patch.provider ? { provider: patch.provider } : {}),
  ...(patch.providerCustomerId ? { providerCustomerId: patch.providerCustomerId } : {}),
  ...(patch.providerSubscriptionId ? { providerSubscriptionId: patch.providerSubscriptionId } : {}),
});

async function accountExists(db: Db, userId: string): Promise<boolean> {
  return (await findAccountEmail(db, userId)) !== undefined;
}

export type BillingService = ReturnType<typeof createBillingService>;
