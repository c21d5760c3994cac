import { BILLING_CYCLES, type BillingCycle, type SubscriptionStatus } from '@app/shared/billing';

const money = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });

/** Prices are held in cents and divided by 100 for display (spec §9). */
export const formatPrice = (cents: number) => money.format(cents / 100);

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { dateStyle: 'long' });

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Cancelled',
  expired: 'Trial ended',
};

export const CYCLE_LABELS: Record<BillingCycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** `?billing=` of the pricing and plans pages; anything else reads monthly. */
export const parseCycle = (value: string | null): BillingCycle =>
  BILLING_CYCLES.find((cycle) => cycle === value) ?? 'monthly';
