import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  checkoutBodySchema,
  checkoutConfirmationSchema,
  checkoutResultSchema,
  checkoutSessionIdSchema,
  featureTableSchema,
  planListSchema,
  plansQuerySchema,
  portalResultSchema,
  subscriptionStateSchema,
  webhookResultSchema,
} from '@app/shared/billing';
import { errorBodySchema } from '@app/shared/errors';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import { consume } from '../../lib/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** Checkout sessions per account per hour: each one is a call to the payment provider. */
const CHECKOUT_LIMIT = { name: 'checkout', max: 20, windowMs: 3_600_000 };
/** Stripe events are a few KB; a much larger body is not Stripe's. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export interface BillingRouteDeps {
  db: Db;
  billing: BillingService;
  sessions: Sessions;
  now: Clock;
}

/** Plans, the signed-in account's subscription, checkout, portal and the Stripe webhook (issue 7, ADR 0009). */
export const billingRoutes: FastifyPluginAsyncZod<BillingRouteDeps> = async (app, { db, billing, sessions, now }) => {
  await billing.syncStripePrices();

  const requireUser = async (req: FastifyRequest, reply: FastifyReply) =>
    (await sessions.require(req, reply)).account.user;

  app.get(
    '/subscriptions/plans',
    {
      schema: {
        tags,
        summary: 'The plans with their prices in CAD cents, features and limits (spec §3, §7, §9)',
        description:
          'price/originalPrice/monthlyEquivalent/savePercent are for ?billingCycle (default monthly); price_monthly and price_yearly are always there. ' +
          'The second plan is popular; cta follows spec §9. Public.',
        querystring: plansQuerySchema,
        response: { 200: planListSchema, ...errors(400) },
      },
    },
    async (req) => billing.plans(req.query.billingCycle ?? 'monthly'),
  );

  app.get(
    '/subscriptions/feature-table',
    {
      schema: {
        tags,
        summary: 'The feature comparison table (spec §6), built from the plans',
        response: { 200: featureTableSchema },
      },
    },
    async () => billing.featureTable(),
  );

  app.get(
    '/subscriptions/me',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in account's subscription, the limits that apply and this month's usage",
        response: { 200: subscriptionStateSchema, ...errors(401) },
      },
    },
    async (req, reply) => billing.state((await requireUser(req, reply)).id),
  );

  app.post(
    '/subscriptions/checkout',
    {
      schema: {
        tags,
        security,
        summary: 'Start a checkout for a plan: Stripe Checkout, or the local provider (no charge)',
        description:
          'Answers {url}: Stripe Checkout (trial = the days left of the 14-day trial, card only if required), or with the local provider ' +
          'PUBLIC_URL/subscription/success?session_id=… after recording the plan. The signed-in account is used: a different userId is 403. ' +
          "Errors: 401 email_required 'Unable to retrieve your email. Please try signing in again.', 404 plan_not_found, " +
          "409 already_subscribed, 502 checkout_failed 'Error creating checkout session. Please try again.'",
        body: checkoutBodySchema,
        response: { 200: checkoutResultSchema, ...errors(400, 401, 403, 404, 409, 415, 429, 502) },
      },
    },
    async (req) => {
      // Checkout needs a signed-in account with an email (spec §5); §8 words the refusal.
      const user = (await sessions.current(req))?.account.user;
      if (!user?.email) throw new HttpError(401, 'email_required', BILLING_MESSAGES.emailRequired);
      await consume(db, CHECKOUT_LIMIT, user.id, now(), 'Too many checkout attempts. Please try again later.');
      return billing.checkout({ id: user.id, email: user.email }, req.body);
    },
  );

  app.get(
    '/subscriptions/checkout/:sessionId',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a checkout session (the success page): its status and the subscription it set',
        params: z.object({ sessionId: checkoutSessionIdSchema }),
        response: { 200: checkoutConfirmationSchema, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => billing.confirmCheckout((await requireUser(req, reply)).id, req.params.sessionId),
  );

  app.post(
    '/subscriptions/portal',
    {
      schema: {
        tags,
        security,
        summary: "'Manage subscription': the Stripe customer portal (local provider: the plans page)",
        response: { 200: portalResultSchema, ...errors(401, 403, 409, 502) },
      },
    },
    async (req, reply) => billing.portal((await requireUser(req, reply)).id),
  );

  // The webhook reads its body raw: the signature is over the exact bytes Stripe sent. The parser
  // is scoped to this child plugin, so every other route keeps the JSON parser.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => {
        done(null, body);
      },
    );
    hook.post(
      '/subscriptions/webhook',
      {
        // No session and no Origin: Stripe's servers call it. The signature is the proof (SECURITY.md A.6, A.13).
        config: { csrf: false },
        schema: {
          tags,
          summary: 'Stripe webhook: signed events update subscriptions (idempotent on the event id)',
          description:
            'Verifies Stripe-Signature over the raw body with STRIPE_WEBHOOK_SECRET (300 s tolerance): 400 webhook_signature_invalid otherwise. ' +
            'Handles checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed. ' +
            'A replayed event id answers 200 {duplicate: true} and changes nothing.',
          response: { 200: webhookResultSchema, ...errors(400, 404, 413, 415) },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new HttpError(400, 'validation_failed', 'Expected a JSON body');
        const signature = req.headers['stripe-signature'];
        return billing.handleStripeWebhook(req.body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};
