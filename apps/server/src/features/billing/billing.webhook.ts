import { z } from 'zod';
import type { BillingCycle, SubscriptionStatus } from '@app/shared/billing';

/**
 * Stripe events → what they change in our subscription record. Payloads are read with small
 * tolerant schemas rather than the SDK's types: a webhook endpoint may be pinned to an older
 * API version than the SDK (e.g. `invoice.subscription` before 2025-03-31, moved to
 * `invoice.parent.subscription_details.subscription` after; `current_period_end` moved from the
 * subscription to its items), and either shape must work.
 */

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const ref = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();
const refId = (v: z.infer<typeof ref>): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
const metadataSchema = z.record(z.string(), z.string()).nullish();
const unix = z.number().int().nullish();
const iso = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

const eventSchema = z
  .object({
    id: z.string().min(1).max(255),
    type: z.string().max(255),
    created: z.number().int(),
    data: z.object({ object: z.unknown() }),
  })
  .loose();

const checkoutSessionSchema = z
  .object({
    id: z.string(),
    mode: z.string().nullish(),
    client_reference_id: z.string().nullish(),
    customer: ref,
    subscription: ref,
    metadata: metadataSchema,
  })
  .loose();

const subscriptionSchema = z
  .object({
    id: z.string(),
    customer: ref,
    status: z.string(),
    metadata: metadataSchema,
    trial_end: unix,
    cancel_at_period_end: z.boolean().nullish(),
    current_period_end: unix,
    items: z
      .object({
        data: z.array(
          z
            .object({
              current_period_end: unix,
              price: z
                .object({ id: z.string(), recurring: z.object({ interval: z.string() }).loose().nullish() })
                .loose()
                .nullish(),
            })
            .loose(),
        ),
      })
      .loose()
      .nullish(),
  })
  .loose();

const invoiceSchema = z
  .object({
    id: z.string().nullish(),
    customer: ref,
    subscription: ref, // API versions before 2025-03-31
    parent: z
      .object({ subscription_details: z.object({ subscription: ref, metadata: metadataSchema }).loose().nullish() })
      .loose()
      .nullish(),
    amount_paid: z.number().int().nullish(),
    lines: z
      .object({ data: z.array(z.object({ period: z.object({ end: unix }).loose().nullish() }).loose()) })
      .loose()
      .nullish(),
  })
  .loose();

export interface ProviderChange {
  eventId: string;
  type: string;
  /** The event's own time (ISO): older events than the last one applied change no state. */
  createdAt: string;
  /** How to find the account: our user id (metadata / client_reference_id), else the provider's ids. */
  userId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  planId: string | null;
  priceId: string | null;
  cycle: BillingCycle | null;
  /** The new status; 'from-trial' means trialing while the account's trial lasts, else active. */
  status: SubscriptionStatus | 'from-trial' | null;
  /** invoice.paid for nothing (the trial's 0 $ invoice): does not end a trial. */
  zeroAmount: boolean;
  trialEndsAt: string | null | undefined;
  currentPeriodEnd: string | null | undefined;
  cancelAtPeriodEnd: boolean | undefined;
  checkoutSessionId: string | null;
}

export type ParsedEvent = { id: string; type: string; createdAt: string; change: ProviderChange | null };

const cycleOfInterval = (interval: string | undefined): BillingCycle | null =>
  interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null;
const cycleOfMetadata = (v: string | undefined): BillingCycle | null => (v === 'yearly' || v === 'monthly' ? v : null);

/** Stripe subscription statuses → ours. */
export function mapStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'canceled':
      return 'canceled';
    case 'incomplete_expired':
    case 'paused': // a trial that ended without a payment method, when set to pause
      return 'expired';
    default: // past_due, unpaid, incomplete
      return 'past_due';
  }
}

const blank = (event: { id: string; type: string; createdAt: string }): ProviderChange => ({
  eventId: event.id,
  type: event.type,
  createdAt: event.createdAt,
  userId: null,
  subscriptionId: null,
  customerId: null,
  planId: null,
  priceId: null,
  cycle: null,
  status: null,
  zeroAmount: false,
  trialEndsAt: undefined,
  currentPeriodEnd: undefined,
  cancelAtPeriodEnd: undefined,
  checkoutSessionId: null,
});

/** Reads a verified event; `change` is null for event types we do not act on. Throws on a malformed payload. */
export function parseStripeEvent(payload: unknown): ParsedEvent {
  const event = eventSchema.parse(payload);
  const head = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000).toISOString() };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = checkoutSessionSchema.parse(object);
      if (s.mode && s.mode !== 'subscription') return { ...head, change: null };
      return {
        ...head,
        change: {
          ...blank(head),
          userId: s.client_reference_id ?? s.metadata?.userId ?? null,
          subscriptionId: refId(s.subscription),
          customerId: refId(s.customer),
          planId: s.metadata?.planId ?? null,
          cycle: cycleOfMetadata(s.metadata?.billingCycle),
          status: 'from-trial',
          checkoutSessionId: s.id,
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = subscriptionSchema.parse(object);
      const item = s.items?.data[0];
      const periodEnd = item?.current_period_end ?? s.current_period_end;
      return {
        ...head,
        change: {
          ...blank(head),
          userId: s.metadata?.userId ?? null,
          subscriptionId: s.id,
          customerId: refId(s.customer),
          planId: s.metadata?.planId ?? null,
          priceId: item?.price?.id ?? null,
          cycle: cycleOfInterval(item?.price?.recurring?.interval) ?? cycleOfMetadata(s.metadata?.billingCycle),
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : mapStripeStatus(s.status),
          trialEndsAt: s.trial_end === undefined ? undefined : iso(s.trial_end),
          currentPeriodEnd: periodEnd === undefined ? undefined : iso(periodEnd),
          cancelAtPeriodEnd: s.cancel_at_period_end ?? undefined,
        },
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = invoiceSchema.parse(object);
      const details = inv.parent?.subscription_details;
      const ends = (inv.lines?.data ?? []).map((l) => l.period?.end).filter((e): e is number => typeof e === 'number');
      const paid = event.type === 'invoice.paid';
      return {
        ...head,
        change: {
          ...blank(head),
          userId: details?.metadata?.userId ?? null,
          subscriptionId: refId(details?.subscription) ?? refId(inv.subscription),
          customerId: refId(inv.customer),
          status: paid ? 'active' : 'past_due',
          zeroAmount: paid && (inv.amount_paid ?? 0) === 0,
          currentPeriodEnd: paid && ends.length > 0 ? iso(Math.max(...ends)) : undefined,
        },
      };
    }
    default:
      return { ...head, change: null };
  }
}
