import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbHandle } from './db/connect.ts';
import type { Env } from './env.ts';
import { createBackground, type Background } from './lib/background.ts';
import { errorHandler } from './lib/errors.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { serializeRequest } from './lib/log.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerOriginGuard } from './lib/origin-guard.ts';
import { registerSecurityHeaders, swaggerUiCsp } from './lib/security-headers.ts';
import { registerWebApp } from './lib/web-app.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createSessions, SESSION_COOKIE_NAMES } from './features/auth/auth.sessions.ts';
import { profileRoutes } from './features/auth/profile.routes.ts';
import { aiRoutes } from './features/ai/ai.routes.ts';
import { createLanguageModel } from './features/ai/language-model.ts';
import { ingestRoutes } from './features/ingest/ingest.routes.ts';
import { rfpRoutes } from './features/rfp/rfp.routes.ts';
import { enforceAndCount, messageLocaleOf, registerPlanLimits } from './features/billing/billing.limits.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { searchRoutes } from './features/tenders/search/search.routes.ts';
import { tenderRoutes } from './features/tenders/tenders.routes.ts';
import { activityRoutes } from './features/activity/activity.routes.ts';
import { createActivityLog } from './features/activity/activity.service.ts';
import { bookmarkRoutes } from './features/bookmarks/bookmarks.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { createContactService } from './features/contact/contact.service.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { exportRoutes } from './features/exports/exports.routes.ts';
import { createExportService } from './features/exports/exports.service.ts';
import { teamRoutes } from './features/team/team.routes.ts';
import { createTeamService } from './features/team/team.service.ts';
import { createAlertRunner, type AlertRunner } from './features/alerts/alerts.jobs.ts';
import { alertRoutes } from './features/alerts/alerts.routes.ts';
import { createAlertService } from './features/alerts/alerts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the alert digests (ADR 0012): triggered after ingestions here, on ALERTS_SCHEDULE by server.ts. */
    alertRunner: AlertRunner;
  }
}

export interface AppDeps {
  env: Env;
  dbh: DbHandle;
  /** Time source for sessions, tokens and rate limits; tests pass a movable clock. */
  now?: Clock;
  /** Defaults to the SMTP/outbox mailer built from env. */
  mailer?: Mailer;
  /** Work done after the answer (reset and resend lookups); tests pass their own to drain it. */
  background?: Background;
  /** Where the log goes (default stdout); tests capture it to check that no secret is logged. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as method and URL pattern (tests walk it: a GET never changes state). */
    routeTable: Array<{ method: string; url: string }>;
  }
}

export async function buildApp({
  env,
  dbh,
  now = systemClock,
  mailer,
  background = createBackground(),
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Logged URLs lose their secret query parameters (a reset link's ?access_token=).
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Client IPs (rate limits, audit) come from proxy headers only when TRUST_PROXY says so (ASVS 15.3.4).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // Requests in flight finish on close; new ones get 503 (graceful shutdown).
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url });
  });

  await registerSecurityHeaders(app, env);

  await app.register(cookie);
  // CSRF defence for every state-changing /api call (SECURITY.md A.6).
  registerOriginGuard(app, {
    allowedOrigins: [new URL(env.PUBLIC_URL).origin, ...env.ALLOWED_ORIGINS],
    sessionCookieNames: SESSION_COOKIE_NAMES,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Breeze API',
        version: '0.1.0',
        description: 'Canadian public tenders: search, detail, ingestion.',
      },
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: '`__Host-sid` when served over https',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI needs inline styles and its own scripts; the rest of the site keeps the strict CSP.
    staticCSP: true,
    transformStaticCSP: swaggerUiCsp,
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), time: z.string() }),
        },
      },
    },
    async () => {
      await dbh.db.selectFrom('app_meta').select('key').limit(1).execute();
      return { status: 'ok' as const, database: dbh.dialect, time: new Date().toISOString() };
    },
  );

  const sessions = createSessions({ db: dbh.db, env, now });
  // Plans and billing (issue 7, ADR 0009). The plan-limit hook attaches to metered routes as they
  // are registered (searchTenders counts signed-in searches), so it comes before them.
  const billing = createBillingService({ db: dbh.db, env, now, log: app.log });
  registerPlanLimits(app, { db: dbh.db, billing, sessions, now });
  // The activity log is written by the slices where things happen (viewed, searched, bookmarked, downloaded).
  const activity = createActivityLog({ db: dbh.db, now, sessions });
  const mail = mailer ?? createMailer({ env, db: dbh.db, log: app.log, now });
  // Background work first (reset, resend and sign-up after their answer): it may still queue mails.
  app.addHook('onClose', async () => {
    await background.drain();
    await mail.close();
  });
  // Alerts (ADR 0012): the digests run after each ingestion that adds tenders and on ALERTS_SCHEDULE.
  const alertRunner = createAlertRunner({ dbh, env, mailer: mail, now, log: app.log, billing });
  app.decorate('alertRunner', alertRunner);
  // preClose: a run in progress finishes (and its mail goes out) before the mailer closes.
  app.addHook('preClose', async () => alertRunner.close());

  await app.register(tenderRoutes, { prefix: '/api', env, dbh, now });
  await app.register(searchRoutes, { prefix: '/api', dbh, activity });
  await app.register(ingestRoutes, { prefix: '/api', env, dbh, onIngested: () => void alertRunner.trigger() });
  const auth = createAuthService({
    db: dbh.db,
    env,
    now,
    mailer: mail,
    sessions,
    background,
    // Every new account starts the 14-day trial of the plan chosen on the pricing page.
    onAccountCreated: (userId, body) => billing.startTrial(userId, body.plan, body.billing),
  });
  await app.register(authRoutes, { prefix: '/api', auth });
  await app.register(profileRoutes, { prefix: '/api', db: dbh.db, now, sessions });
  // BreezeAI: the offline engine, or LLM_BASE_URL's model with the offline engine as fallback (ADR 0007).
  const model = createLanguageModel(env, app.log);
  await app.register(aiRoutes, {
    prefix: '/api',
    dbh,
    sessions,
    now,
    model,
    // A chat message that searches tenders counts one search (ADR 0013).
    countSearch: (req, userId) =>
      enforceAndCount({ db: dbh.db, billing, now }, userId, 'searches', undefined, messageLocaleOf(req)),
  });
  // RFP analysis goes through the same model: its document method, with the offline analysis behind it (ADR 0008).
  await app.register(rfpRoutes, { prefix: '/api', env, db: dbh.db, now, sessions, activity, model });
  await app.register(billingRoutes, { prefix: '/api', db: dbh.db, billing, sessions, now });
  await app.register(bookmarkRoutes, { prefix: '/api', db: dbh.db, now, sessions, activity });
  await app.register(activityRoutes, { prefix: '/api', db: dbh.db, sessions, activity });
  await app.register(dashboardRoutes, { prefix: '/api', dbh, now, sessions });
  await app.register(notificationRoutes, { prefix: '/api', db: dbh.db, now, sessions });
  // CSV exports and users per account (issue 7, ADR 0013).
  const exportService = createExportService({ dbh, env, billing, now, log: app.log });
  await app.register(exportRoutes, { prefix: '/api', db: dbh.db, exports: exportService, sessions, now });
  const team = createTeamService({ db: dbh.db, env, now, mailer: mail, billing });
  await app.register(teamRoutes, { prefix: '/api', team, sessions });
  await app.register(alertRoutes, { prefix: '/api', alerts: createAlertService({ dbh, billing, now }), sessions });
  const contact = createContactService({ db: dbh.db, env, now, mailer: mail, sessions, log: app.log });
  app.addHook('onClose', () => contact.drain());
  await app.register(contactRoutes, { prefix: '/api', contact });

  await registerWebApp(app, env);
  return app;
}

/** Trust the first `hops` proxies (Fastify does the same for a number; its types only omit it). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
