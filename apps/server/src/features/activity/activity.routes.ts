import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListSchema, activityQuerySchema, viewedBodySchema, viewedResultSchema } from '@app/shared/activity';
import { errorBodySchema } from '@app/shared/errors';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { findTenderId, listActivity } from './activity.queries.ts';
import type { ActivityLog } from './activity.service.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** The caller's activity log (home dashboard "Recent Activity"). */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: Sessions; activity: ActivityLog }> = async (
  app,
  { db, sessions, activity },
) => {
  app.post(
    '/activity/viewed',
    {
      schema: {
        tags: ['activity'],
        security: [{ sessionCookie: [] }],
        summary: 'Record that you opened a tender (the detail page calls this once it has loaded)',
        description:
          'A view of the same tender within 10 minutes is not recorded again (`recorded: false`). ' +
          'The tender lookups themselves are GETs and record nothing.',
        body: viewedBodySchema,
        response: { 200: viewedResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const tenderId = await findTenderId(db, req.body.tenderId);
      if (!tenderId) throw notFound('tender_not_found', 'Tender not found');
      return { recorded: await activity.record(req, account.user.id, { kind: 'viewed', tenderId }) };
    },
  );

  app.get(
    '/activity',
    {
      schema: {
        tags: ['activity'],
        security: [{ sessionCookie: [] }],
        summary: 'Your newest activity: tenders viewed and bookmarked, searches, reports downloaded',
        description:
          'Newest first, `limit` entries (default 20, at most 100). Each entry carries the tender it is about, ' +
          'as it is now. A tender viewed again within 10 minutes is recorded once.',
        querystring: activityQuerySchema,
        response: { 200: activityListSchema, ...errors(400, 401) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      return { activities: await listActivity(db, account.user.id, req.query.limit) };
    },
  );
};
