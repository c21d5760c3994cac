import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertInputSchema,
  alertListSchema,
  alertMatchesQuerySchema,
  alertMatchesSchema,
  alertParamsSchema,
  alertSchema,
  alertUpdateSchema,
} from '@app/shared/alerts';
import { errorBodySchema } from '@app/shared/errors';
import type { Sessions } from '../auth/auth.sessions.ts';
import type { AlertService } from './alerts.service.ts';

const tags = ['alerts'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

const LIMIT_NOTE =
  'An active alert beyond the plan limit `alerts` (-1 = unlimited) is refused with 402 `plan_limit_reached`, ' +
  'whose message names the limit and the upgrade.';

/**
 * Alerts (ADR 0012): saved searches of the signed-in user. Every call is the owner's: another
 * user's alert answers 404 `alert_not_found`, the same as one that does not exist.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ alerts: AlertService; sessions: Sessions }> = async (
  app,
  { alerts, sessions },
) => {
  app.get(
    '/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Your alerts, newest first, with the plan usage ("N of M active alerts")',
        description:
          'Each alert carries its status (active, paused, or over_limit: active but beyond the plan, not run), ' +
          'the number of open tenders it matches now, and the tenders it has mailed.',
        response: { 200: alertListSchema, ...errors(401) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      reply.header('cache-control', 'no-store');
      return alerts.list(account.user.id);
    },
  );

  app.post(
    '/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Create an alert from search criteria',
        description:
          '`criteria` has the shape of POST /api/tenders/searchTenders without limit and offset (q goes through ' +
          'the natural-language parser) and needs a keyword or a filter. `frequency`: instant (after each ' +
          'tender refresh), daily (default) or weekly. `active: false` saves it paused. ' +
          LIMIT_NOTE,
        body: alertInputSchema,
        response: { 201: alertSchema, ...errors(400, 401, 402, 403, 415) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      return reply.status(201).send(await alerts.create(account.user.id, req.body));
    },
  );

  app.get(
    '/alerts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of your alerts',
        params: alertParamsSchema,
        response: { 200: alertSchema, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      reply.header('cache-control', 'no-store');
      return alerts.get(account.user.id, req.params.id);
    },
  );

  app.patch(
    '/alerts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename an alert, change its criteria or frequency, pause (active: false) or resume it',
        description: 'Resuming starts from now: tenders that arrived while it was paused are not mailed. ' + LIMIT_NOTE,
        params: alertParamsSchema,
        body: alertUpdateSchema,
        response: { 200: alertSchema, ...errors(400, 401, 402, 403, 404, 415) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      return alerts.update(account.user.id, req.params.id, req.body);
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an alert (with the record of what it mailed)',
        params: alertParamsSchema,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      await alerts.remove(account.user.id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/alerts/:id/matches',
    {
      schema: {
        tags,
        security,
        summary: 'What the alert matches now, newest published first (a preview)',
        description:
          'The best 100 matches of its search (all of them when fewer), ordered by publication date, then ' +
          '`limit` of them (default 20). `total_results` counts every match, capped like a search.',
        params: alertParamsSchema,
        querystring: alertMatchesQuerySchema,
        response: { 200: alertMatchesSchema, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      reply.header('cache-control', 'no-store');
      return alerts.matches(account.user.id, req.params.id, req.query.limit);
    },
  );
};
