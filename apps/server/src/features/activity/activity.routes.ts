import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListSchema, activityQuerySchema } from '@app/shared/activity';
import { errorBodySchema } from '@app/shared/errors';
import type { Db } from '../../db/database.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { listActivity } from './activity.queries.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** The caller's activity log (home dashboard "Recent Activity"). */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: Sessions }> = async (app, { db, sessions }) => {
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
