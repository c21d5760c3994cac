import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { LimitMetric } from '@app/shared/billing';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { incrementUsage } from './billing.queries.ts';
import { periodOf, type BillingService, type Entitlement } from './billing.service.ts';

/** Metrics counted per calendar month (UTC); alerts and users are counted by their owners. */
export type MonthlyMetric = Extract<LimitMetric, 'searches' | 'exports'>;

/** The language of a refusal's message: the request's Accept-Language (the web app sends its own). */
export type MessageLocale = 'en' | 'fr';
export const messageLocaleOf = (req: FastifyRequest): MessageLocale =>
  (req.headers['accept-language'] ?? '').trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';

const NOUN: Record<MessageLocale, Record<LimitMetric, [string, string]>> = {
  en: {
    searches: ['search', 'searches'],
    alerts: ['active alert', 'active alerts'],
    exports: ['export', 'exports'],
    users: ['user', 'users'],
  },
  fr: {
    searches: ['recherche', 'recherches'],
    alerts: ['alerte active', 'alertes actives'],
    exports: ['exportation', 'exportations'],
    users: ['utilisateur', 'utilisateurs'],
  },
};
const count = (n: number, metric: LimitMetric, locale: MessageLocale = 'en') =>
  `${n} ${NOUN[locale][metric][n === 1 || (locale === 'fr' && n === 0) ? 0 : 1]}`;

/** The next plan up (by position) whose limit for `metric` is higher; undefined when none is. */
function upgradeFor(ent: Entitlement, metric: LimitMetric) {
  const current = ent.effectivePlan.limits[metric];
  return ent.plans
    .filter((p) => p.position > ent.effectivePlan.position)
    .find((p) => p.limits[metric] === -1 || p.limits[metric] > current);
}

/** The plans' French names, as the web app shows them (locales/fr/billing.json planNames). */
const FRENCH_PLAN_NAMES: Record<string, string> = {
  starter: 'Essentiel',
  professional: 'Professionnel',
  enterprise: 'Entreprise',
};
const frenchName = (plan: { id: string; name: string }) => FRENCH_PLAN_NAMES[plan.id] ?? plan.name;

const monthly = (metric: LimitMetric) => metric === 'searches' || metric === 'exports';

/**
 * 'You have used your 100 searches this month on the Starter plan. Upgrade to Professional for
 * unlimited searches.' Names the limit, the plan (or the free level) and the upgrade; in French
 * when `locale` is fr.
 */
export function limitMessage(ent: Entitlement, metric: LimitMetric, locale: MessageLocale = 'en'): string {
  const limit = ent.effectivePlan.limits[metric];
  const name = ent.effectivePlan.name;
  const next = upgradeFor(ent, metric);
  const amount = next?.limits[metric];
  if (locale === 'fr') {
    const name = frenchName(ent.effectivePlan);
    const where = ent.level === 'free' ? `le niveau gratuit (limites du forfait ${name})` : `le forfait ${name}`;
    const first = monthly(metric)
      ? `Vous avez utilisé vos ${count(limit, metric, 'fr')} de ce mois avec ${where}.`
      : metric === 'alerts'
        ? `Vous avez ${count(limit, metric, 'fr')}, le maximum permis par ${where}.`
        : `Votre compte a ${count(limit, metric, 'fr')}, le maximum permis par ${where}.`;
    if (!next || amount === undefined) return `${first} Contactez-nous pour relever cette limite.`;
    const gain =
      amount === -1
        ? {
            searches: 'des recherches illimitées',
            exports: 'des exportations illimitées',
            alerts: 'des alertes illimitées',
            users: 'un nombre illimité d’utilisateurs',
          }[metric]
        : monthly(metric)
          ? `${count(amount, metric, 'fr')} par mois`
          : `jusqu’à ${count(amount, metric, 'fr')}`;
    return `${first} Passez au forfait ${frenchName(next)} pour ${gain}.`;
  }
  const where = ent.level === 'free' ? `the free plan (${name} limits)` : `the ${name} plan`;
  const first = monthly(metric)
    ? `You have used your ${count(limit, metric)} this month on ${where}.`
    : metric === 'alerts'
      ? `You have ${count(limit, metric)}, the most ${where} allows.`
      : `Your account has ${count(limit, metric)}, the most ${where} allows.`;
  if (!next || amount === undefined) return `${first} Contact us to raise this limit.`;
  const gain =
    amount === -1
      ? `unlimited ${metric === 'alerts' ? 'alerts' : NOUN.en[metric][1]}`
      : monthly(metric)
        ? `${count(amount, metric)} a month`
        : `up to ${count(amount, metric)}`;
  return `${first} Upgrade to ${next.name} for ${gain}.`;
}

export const planLimitReached = (ent: Entitlement, metric: LimitMetric, locale: MessageLocale = 'en') =>
  new HttpError(402, 'plan_limit_reached', limitMessage(ent, metric, locale));

/**
 * Counts one use of a monthly metric for the user's account, or throws 402 `plan_limit_reached`
 * when the month's allowance is used up. The check and the count are one statement, so concurrent
 * requests in any number of processes cannot overshoot. Unlimited plans are counted too, for the
 * usage display. A team member's use counts against the owner's account: usage is pooled per
 * account (ADR 0013). `alsoIn` runs in the same transaction as the count (the export's record),
 * so a use is counted if and only if it is recorded.
 */
export async function enforceAndCount(
  deps: { db: Db; billing: BillingService; now: Clock },
  userId: string,
  metric: MonthlyMetric,
  alsoIn?: (tx: Db, ent: Entitlement) => Promise<void>,
  locale: MessageLocale = 'en',
): Promise<number> {
  const ent = await deps.billing.entitlement(userId);
  const limit = ent.effectivePlan.limits[metric];
  const at = deps.now();
  const input = { userId: ent.accountId, metric, period: periodOf(at), max: limit === -1 ? null : limit };
  const count = alsoIn
    ? await deps.db.transaction().execute(async (tx) => {
        const n = await incrementUsage(tx, input, at.toISOString());
        if (n !== undefined) await alsoIn(tx, ent);
        return n;
      })
    : await incrementUsage(deps.db, input, at.toISOString());
  if (count === undefined) throw planLimitReached(ent, metric, locale);
  return count;
}

/**
 * For limits on things that exist (active alerts, users of an account): throws 402 when
 * `current` already fills the plan's allowance, so one more may not be created. Alerts and teams
 * do not exist yet (issue 7); their features call this before creating one.
 */
export async function assertWithinLimit(
  deps: { billing: BillingService },
  userId: string,
  metric: Extract<LimitMetric, 'alerts' | 'users'>,
  current: number,
  locale: MessageLocale = 'en',
): Promise<void> {
  const ent = await deps.billing.entitlement(userId);
  const limit = ent.effectivePlan.limits[metric];
  if (limit !== -1 && current >= limit) throw planLimitReached(ent, metric, locale);
}

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * Routes whose successful validation counts one use of a metric for a signed-in caller, when
 * `counts` says the (validated) body is a use. A search is a new query with text: its first page
 * (searchTenders at offset 0, the table view's page 1 with text). Further pages of the same query
 * ('Load More', the table's page numbers) and filter-only listings are free (ADR 0013). The chat
 * counts its searches itself (ai.routes.ts); recommendations never count.
 */
export const METERED_ROUTES: ReadonlyArray<{
  method: string;
  url: string;
  metric: MonthlyMetric;
  counts: (body: Record<string, unknown>) => boolean;
}> = [
  {
    method: 'POST',
    url: '/api/tenders/searchTenders',
    metric: 'searches',
    counts: (body) => hasText(body.q) && (body.offset ?? 0) === 0,
  },
  {
    method: 'POST',
    url: '/api/tenders/table',
    metric: 'searches',
    counts: (body) => hasText(body.q) && (body.page ?? 1) === 1,
  },
];

/**
 * Attaches the plan-limit check to the metered routes of other slices without editing them: an
 * `onRoute` hook on the root instance adds a preHandler (after validation, so a refused body
 * costs nothing) to each route of METERED_ROUTES. Must be registered before those routes.
 * Signed-out calls are not counted: public search stays open.
 */
export function registerPlanLimits(
  app: FastifyInstance,
  deps: { db: Db; billing: BillingService; sessions: Sessions; now: Clock },
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const metered = METERED_ROUTES.find((m) => m.url === route.url && methods.includes(m.method));
    if (!metered) return;
    const check: preHandlerAsyncHookHandler = async (req: FastifyRequest, _reply: FastifyReply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!metered.counts(body)) return;
      const auth = await deps.sessions.current(req);
      if (!auth) return;
      await enforceAndCount(deps, auth.account.user.id, metered.metric, undefined, messageLocaleOf(req));
    };
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [check] : Array.isArray(existing) ? [...existing, check] : [existing, check];
  });
}
