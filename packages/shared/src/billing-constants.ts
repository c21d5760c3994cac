// Plans and billing constants without zod, for the web app's pages (billing.ts re-exports them).

export const TRIAL_DAYS = 14;
/** Yearly billing saves 20 % on twelve monthly payments (spec §1, §9 'Save 20%'). */
export const YEARLY_DISCOUNT_PERCENT = 20;
/** The plan whose limits apply when a trial ends unpaid or a subscription ends (the free level). */
export const FREE_LEVEL_PLAN_ID = 'starter';
/** The plan of a sign-up that names none (spec §2: ?plan=&billing=). */
export const DEFAULT_TRIAL_PLAN_ID = 'professional';

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const LIMIT_METRICS = ['searches', 'alerts', 'exports', 'users'] as const;
export type LimitMetric = (typeof LIMIT_METRICS)[number];
