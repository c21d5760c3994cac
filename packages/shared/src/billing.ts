import { z } from 'zod';

// Plans and billing (issue 7, docs/decisions/0009-plans-and-prices.md). Prices are integer cents
// of Canadian dollars; a limit of -1 means unlimited (spec §3, §9).

export * from './billing-constants.ts';
import { BILLING_CYCLES, PAYMENT_PROVIDERS, SUBSCRIPTION_STATUSES, type LimitMetric } from './billing-constants.ts';

export const billingCycleSchema = z.enum(BILLING_CYCLES);

/** A plan id as it appears in URLs (`/sign-up?plan=professional`). */
export const planIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'planId is required')
  .max(40, 'planId is too long')
  .regex(/^[a-z0-9-]+$/, 'planId is not a plan');

const limitSchema = z.number().int().min(-1);
export const planLimitsSchema = z.object({
  searches: limitSchema,
  alerts: limitSchema,
  exports: limitSchema,
  users: limitSchema,
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/**
 * A plan card (spec §3 Plan). Both readings of the spec are served: `price`, `originalPrice` and
 * `billingCycle` for the cycle asked for (`?billingCycle=`, default monthly), and the raw
 * `price_monthly` / `price_yearly` cents for a client that computes its own.
 */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  currency: z.literal('CAD'),
  /** Cents for one billing cycle of `billingCycle`. */
  price: z.number().int(),
  /** Yearly only: twelve monthly payments in cents, the price before the 20 % saving; null for monthly. */
  originalPrice: z.number().int().nullable(),
  billingCycle: billingCycleSchema,
  /** Cents per month: the price itself (monthly) or the yearly price / 12 rounded (spec §9). */
  monthlyEquivalent: z.number().int(),
  /** Whole percent saved against originalPrice; 0 for monthly. */
  savePercent: z.number().int(),
  price_monthly: z.number().int(),
  price_yearly: z.number().int(),
  popular: z.boolean(),
  /** 'Get Starter' for the starter plan, else 'Start Free Trial' (spec §9). */
  cta: z.string(),
  features: z.array(z.string()),
  featureKeys: z.array(z.string()),
  limits: planLimitsSchema,
  /** Display lines for the limits: 'Unlimited', 'N searches/month'… (spec §9). */
  limitLabels: z.object({ searches: z.string(), alerts: z.string(), exports: z.string(), users: z.string() }),
  stripe_product_id: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const plansQuerySchema = z.object({ billingCycle: billingCycleSchema.optional() });

/** The §6 comparison table, built from the plans' feature keys (never typed into a page). */
export const featureTableSchema = z.object({
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(z.object({ key: z.string(), label: z.string(), included: z.record(z.string(), z.boolean()) })),
});
export type FeatureTable = z.infer<typeof featureTableSchema>;

/**
 * POST /subscriptions/checkout (spec §7). The server uses the signed-in account: `userId`, when
 * sent, must be that account's; `email` and `name`/`companyName` are accepted and not trusted.
 */
export const checkoutBodySchema = z.object({
  planId: planIdSchema,
  billingCycle: billingCycleSchema,
  userId: z.string().max(100).optional(),
  email: z.string().max(320).optional(),
  name: z.string().max(200).nullish(),
  companyName: z.string().max(200).nullish(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResultSchema = z.object({
  /** Where to send the browser: Stripe Checkout, or the local success page. */
  url: z.string(),
  sessionId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Local provider: the plain statement that no payment was taken, for the UI to show; null with Stripe. */
  notice: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const checkoutSessionIdSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a checkout session id');

export const subscriptionSchema = z.object({
  planId: z.string(),
  planName: z.string(),
  billingCycle: billingCycleSchema,
  /** As it applies now: a trial whose end has passed unpaid reads `expired`. */
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string().nullable(),
  /** Whole days left in the trial, rounded up; 0 when not trialing. */
  trialDaysLeft: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Who manages the record: `local` (no payment taken) or `stripe`. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** True when the Stripe customer portal can be opened ('Manage subscription'). */
  manageable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const usageItemSchema = z.object({
  used: z.number().int(),
  /** -1: unlimited. */
  limit: z.number().int(),
  /** null when unlimited. */
  remaining: z.number().int().nullable(),
  label: z.string(),
});
export type UsageItem = z.infer<typeof usageItemSchema>;

export const subscriptionStateSchema = z.object({
  subscription: subscriptionSchema,
  /** trial: in the free trial; subscribed: an active (or past-due) subscription; free: starter limits after a trial or subscription ended. */
  level: z.enum(['trial', 'subscribed', 'free']),
  /** The plan whose limits apply now (starter at the free level). */
  effectivePlanId: z.string(),
  limits: planLimitsSchema,
  /** Usage this month (UTC, YYYY-MM) against each limit. */
  period: z.string(),
  usage: z.object({
    searches: usageItemSchema,
    alerts: usageItemSchema,
    exports: usageItemSchema,
    users: usageItemSchema,
  }),
  /** The provider a checkout uses on this server. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  /**
   * The email of the account's owner when the caller is a team member: the plan, limits and usage
   * shown are the owner's account's, shared by its members (ADR 0013); null for the owner.
   */
  managedBy: z.string().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const checkoutConfirmationSchema = z.object({
  sessionId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(['open', 'complete', 'expired']),
  planId: z.string(),
  billingCycle: billingCycleSchema,
  notice: z.string().nullable(),
  state: subscriptionStateSchema,
});
export type CheckoutConfirmation = z.infer<typeof checkoutConfirmationSchema>;

export const portalResultSchema = z.object({ url: z.string(), provider: z.enum(PAYMENT_PROVIDERS) });
export type PortalResult = z.infer<typeof portalResultSchema>;

export const webhookResultSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Texts of spec §8 and the local provider's notice. */
export const BILLING_MESSAGES = {
  plansFailed: 'Failed to load pricing plans. Please try again later.',
  checkoutFailed: 'Error creating checkout session. Please try again.',
  emailRequired: 'Unable to retrieve your email. Please try signing in again.',
  localNoPayment:
    'No payment was taken: this Breeze server has no payment provider, so your plan was recorded without a charge.',
} as const;

/** Spec §9 limit display: -1 is 'Unlimited'; otherwise 'N searches/month', 'N active alerts', 'N exports/month', 'N user(s)'. */
export function formatLimit(metric: LimitMetric, limit: number): string {
  if (limit === -1) return 'Unlimited';
  switch (metric) {
    case 'searches':
      return `${limit} searches/month`;
    case 'alerts':
      return `${limit} active alerts`;
    case 'exports':
      return `${limit} exports/month`;
    case 'users':
      return `${limit} ${limit === 1 ? 'user' : 'users'}`;
  }
}

/** The spec's call-to-action rule: 'Get Starter' when the plan is starter, else 'Start Free Trial'. */
export function ctaLabel(plan: { id: string; name: string }): string {
  return plan.id === 'starter' || plan.name.toLowerCase() === 'starter' ? 'Get Starter' : 'Start Free Trial';
}
