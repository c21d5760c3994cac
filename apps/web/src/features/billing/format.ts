import { BILLING_CYCLES, type BillingCycle, type LimitMetric } from '@app/shared/billing-constants';
import type { Plan } from '@app/shared/billing';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate as formatDay } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Prices are held in cents and divided by 100 for display (spec §9), in the UI's Canadian
 * format: "$1,430.40" in English, "1 430,40 $" in French.
 */
export function formatPrice(cents: number): string {
  const locale = currentLocale();
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });
    moneyFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

/** A subscription date (trial end, renewal) in the UI's language. */
export const formatDate = (iso: string) => formatDay(iso);

/** `?billing=` of the pricing and plans pages; anything else reads monthly. */
export const parseCycle = (value: string | null): BillingCycle =>
  BILLING_CYCLES.find((cycle) => cycle === value) ?? 'monthly';

const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
type PlanId = (typeof PLAN_IDS)[number];
const isPlanId = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

const FEATURE_KEYS = [
  'ai_search',
  'email_notifications',
  'mobile_access',
  'csv_exports',
  'advanced_ai_search',
  'win_probability',
  'smart_alerts',
  'api_access',
  'priority_support',
  'dedicated_account_manager',
] as const;
type FeatureKey = (typeof FEATURE_KEYS)[number];
const isFeatureKey = (key: string): key is FeatureKey => (FEATURE_KEYS as readonly string[]).includes(key);

/**
 * The words of the billing screens that come from the API: plan names and descriptions and
 * feature labels by their stable ids (`plan.id`, `featureKeys`, the table's `row.key`), in the
 * UI's language; an id this catalogue does not know yet shows the server's English label.
 */
export function useBillingLabels() {
  const { t } = useTranslation('billing');
  const planName = (plan: { id?: string; planId?: string; name?: string; planName?: string }) => {
    const id = plan.id ?? plan.planId ?? '';
    return isPlanId(id) ? t(`planNames.${id}`) : (plan.name ?? plan.planName ?? id);
  };
  return {
    planName,
    planDescription: (plan: Plan) => (isPlanId(plan.id) ? t(`planDescriptions.${plan.id}`) : plan.description),
    feature: (key: string, fallback: string) => (isFeatureKey(key) ? t(`features.${key}`) : fallback),
    /** Spec §9: -1 is 'Unlimited'; otherwise 'N searches/month', 'N active alerts', 'N exports/month', 'N user(s)'. */
    limit: (metric: LimitMetric, limit: number) =>
      limit === -1 ? t('limits.unlimited') : t(`limits.${metric}`, { count: limit }),
    cycle: (cycle: BillingCycle) => t(`cycle.${cycle}`),
    cycleInline: (cycle: BillingCycle) => t(cycle === 'yearly' ? 'cycle.yearlyInline' : 'cycle.monthlyInline'),
    /** Spec §9: 'Get Starter' for the starter plan, else 'Start Free Trial' (the server's `cta` rule). */
    cta: (plan: Plan) => (plan.cta === 'Get Starter' ? t('card.getStarter') : t('card.startFreeTrial')),
  };
}

/** The spec's §8 wording for a failed checkout; refusals with a more useful reason keep theirs. */
export function useCheckoutErrorMessage() {
  const { t } = useTranslation('billing');
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'email_required') return t('errors.emailRequired');
      if (error.code === 'already_subscribed') return t('errors.alreadySubscribed');
      if (error.code === 'rate_limited' || error.status === 429) return t('errors.rateLimited');
    }
    return t('errors.checkoutFailed');
  };
}

/** Why 'Manage subscription' could not open Stripe's portal. */
export function usePortalErrorMessage() {
  const { t } = useTranslation('billing');
  return (error: unknown): string =>
    error instanceof ApiError && error.code === 'no_billing_account'
      ? t('errors.noBillingAccount')
      : t('errors.portalFailed');
}
