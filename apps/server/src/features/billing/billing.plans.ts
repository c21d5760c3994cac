import {
  ctaLabel,
  formatLimit,
  type BillingCycle,
  type FeatureTable,
  type Plan,
  type PlanLimits,
} from '@app/shared/billing';
import type { PlanRecord } from './billing.queries.ts';

/** Twelve monthly payments: the yearly card's original price (spec §3). */
export const originalYearlyPrice = (plan: PlanRecord) => plan.priceMonthly * 12;

export function limitLabels(limits: PlanLimits): Plan['limitLabels'] {
  return {
    searches: formatLimit('searches', limits.searches),
    alerts: formatLimit('alerts', limits.alerts),
    exports: formatLimit('exports', limits.exports),
    users: formatLimit('users', limits.users),
  };
}

/**
 * A plan card for one billing cycle (spec §3, §9). `index` is the plan's place in the list: the
 * second plan is the popular one. Monthly equivalent = yearly price / 12 rounded; the save
 * percentage is computed from the original price.
 */
export function toPlanView(
  plan: PlanRecord,
  cycle: BillingCycle,
  index: number,
  featureLabels: ReadonlyMap<string, string>,
): Plan {
  const yearly = cycle === 'yearly';
  const original = originalYearlyPrice(plan);
  const price = yearly ? plan.priceYearly : plan.priceMonthly;
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    currency: plan.currency,
    price,
    originalPrice: yearly ? original : null,
    billingCycle: cycle,
    monthlyEquivalent: yearly ? Math.round(plan.priceYearly / 12) : plan.priceMonthly,
    savePercent: yearly && original > 0 ? Math.round(((original - plan.priceYearly) / original) * 100) : 0,
    price_monthly: plan.priceMonthly,
    price_yearly: plan.priceYearly,
    popular: index === 1,
    cta: ctaLabel(plan),
    features: plan.featureKeys.map((key) => featureLabels.get(key) ?? key),
    featureKeys: plan.featureKeys,
    limits: plan.limits,
    limitLabels: limitLabels(plan.limits),
    stripe_product_id: plan.stripeProductId,
  };
}

/** The §6 comparison: one row per catalogued feature, a tick per plan that lists its key. */
export function buildFeatureTable(plans: PlanRecord[], features: Array<{ key: string; label: string }>): FeatureTable {
  return {
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    rows: features
      .filter((f) => plans.some((p) => p.featureKeys.includes(f.key)))
      .map((f) => ({
        key: f.key,
        label: f.label,
        included: Object.fromEntries(plans.map((p) => [p.id, p.featureKeys.includes(f.key)])),
      })),
  };
}
