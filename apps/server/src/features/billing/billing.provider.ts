import { randomUUID } from 'node:crypto';
import type { BillingCycle, PaymentProvider } from '@app/shared/billing';
import type { PlanRecord } from './billing.queries.ts';

/** What a checkout asks the provider for (DESIGN.md `BillingProvider`). */
export interface CheckoutRequest {
  user: { id: string; email: string };
  /** The provider's customer of this account, when it has one (Stripe: reuse it, don't create another). */
  customerId: string | null;
  plan: PlanRecord;
  cycle: BillingCycle;
  /** Whole days left in the free trial; 0: none left, billing starts now. */
  trialDays: number;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  planId: string | null;
  cycle: BillingCycle | null;
}

export interface BillingProvider {
  readonly name: PaymentProvider;
  createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The provider's view of a checkout session (undefined: the provider keeps none). */
  retrieveCheckout(id: string): Promise<CheckoutState | undefined>;
  /** A page where the customer manages payment methods, invoices and cancellation. */
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
}

/** A provider call failed (network, refusal, bad configuration); the message is for the log only. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * No payment provider configured: a checkout records the plan and trial without charging and
 * sends the browser straight to the success page with a session id of ours (DESIGN.md).
 */
export function createLocalProvider(publicUrl: string): BillingProvider {
  return {
    name: 'local',
    async createCheckout(req) {
      const id = `local_${randomUUID().replaceAll('-', '')}`;
      return { id, url: req.successUrl.replace('{CHECKOUT_SESSION_ID}', id) };
    },
    async retrieveCheckout() {
      return undefined;
    },
    async createPortal() {
      return { url: `${publicUrl}/plans` };
    },
  };
}
