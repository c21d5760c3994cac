import Stripe from 'stripe';
import type { Env } from '../../env.ts';
import { HttpError } from '../../lib/errors.ts';
import { ProviderError, type BillingProvider, type CheckoutState } from './billing.provider.ts';

/** Stripe's own default and SECURITY.md A.13: a signed event older than 5 minutes is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProvider extends BillingProvider {
  readonly name: 'stripe';
  /**
   * Checks the `Stripe-Signature` header over the raw body with STRIPE_WEBHOOK_SECRET (v1
   * HMAC-SHA256, 300 s tolerance measured against `receivedAt`) and returns the event; 400
   * `webhook_signature_invalid` otherwise.
   */
  verifyWebhook(raw: Buffer, signature: string | undefined, receivedAt: Date): unknown;
  readonly webhookConfigured: boolean;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
};

/** STRIPE_API_BASE → the client's host, port and protocol settings (tests: a fake on loopback). */
function addressOf(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function describe(err: unknown): ProviderError {
  if (err instanceof Stripe.errors.StripeError) {
    return new ProviderError(err.message, {
      type: err.type,
      code: err.code,
      statusCode: err.statusCode,
      requestId: err.requestId,
    });
  }
  return new ProviderError(err instanceof Error ? err.message : String(err));
}

export function createStripeProvider(env: Env & { STRIPE_SECRET_KEY: string }): StripeProvider {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    ...addressOf(env.STRIPE_API_BASE),
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Breeze' },
  });
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;

  return {
    name: 'stripe',
    webhookConfigured: webhookSecret !== undefined,

    async createCheckout(req) {
      const { plan, cycle } = req;
      const priceId = cycle === 'yearly' ? plan.stripePriceYearly : plan.stripePriceMonthly;
      const metadata = { userId: req.user.id, planId: plan.id, billingCycle: cycle };
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
        ? { price: priceId, quantity: 1 }
        : {
            quantity: 1,
            // No price configured for this plan: send the plan's CAD price inline (ADR 0009).
            price_data: {
              currency: 'cad',
              unit_amount: cycle === 'yearly' ? plan.priceYearly : plan.priceMonthly,
              recurring: { interval: cycle === 'yearly' ? 'year' : 'month' },
              product_data: { name: `Breeze ${plan.name}`, metadata: { planId: plan.id } },
            },
          };
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [lineItem],
          // A card is asked for only when something is due now: never during the trial.
          payment_method_collection: 'if_required',
          subscription_data: {
            metadata,
            ...(req.trialDays > 0
              ? {
                  trial_period_days: req.trialDays,
                  // A trial that ends without a payment method ends the subscription (no surprise charge).
                  trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
                }
              : {}),
          },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          client_reference_id: req.user.id,
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.user.email }),
          metadata,
        });
        if (!session.url)
          throw new ProviderError('Stripe returned a checkout session without a url', { id: session.id });
        return { id: session.id, url: session.url };
      } catch (err) {
        throw err instanceof ProviderError ? err : describe(err);
      }
    },

    async retrieveCheckout(id): Promise<CheckoutState | undefined> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(id);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return undefined;
        throw describe(err);
      }
      const cycle = session.metadata?.billingCycle;
      return {
        id: session.id,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        planId: session.metadata?.planId ?? null,
        cycle: cycle === 'monthly' || cycle === 'yearly' ? cycle : null,
      };
    },

    async createPortal(customerId, returnUrl) {
      try {
        const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return { url: portal.url };
      } catch (err) {
        throw describe(err);
      }
    },

    verifyWebhook(raw, signature, receivedAt) {
      if (!webhookSecret)
        throw new HttpError(404, 'billing_not_configured', 'Stripe webhooks are not configured on this server');
      if (!signature) throw new HttpError(400, 'webhook_signature_invalid', 'Missing Stripe-Signature header');
      try {
        // constructEvent, not signature.verifyHeader: the latter skips the timestamp check when given 0 (SECURITY.md A.13).
        return stripe.webhooks.constructEvent(
          raw,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt.getTime(),
        );
      } catch (err) {
        const message = err instanceof Error ? err.message.split('\n')[0] : 'invalid signature';
        throw new HttpError(400, 'webhook_signature_invalid', `Webhook signature verification failed: ${message}`);
      }
    },
  };
}
