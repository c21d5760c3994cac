import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/errors';
import { markNotificationsReadResultSchema, notificationListSchema } from '@app/shared/notifications';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { computeNotifications } from './notifications.ts';
import { setNotificationsSeenAt } from './notifications.queries.ts';

const tags = ['notifications'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** The header's notification bell: the signed-in user's notifications and their read state. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock; sessions: Sessions }> = async (
  app,
  { db, now, sessions },
) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'Your notifications, newest first, with the unread count',
        description:
          'Computed at request time: bookmarked tenders closing within 3 days, bookmarked tenders changed ' +
          '(amended) since they were bookmarked, a free trial ending within 3 days, and the tenders your alerts ' +
          'found in the last 7 days (one per tender and alert). A notification is ' +
          'unread when it is dated after the last POST /notifications/read.',
        response: { 200: notificationListSchema, ...errors(401) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      reply.header('cache-control', 'no-store');
      return computeNotifications(db, account.user.id, now());
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark every notification up to now as read',
        response: { 200: markNotificationsReadResultSchema, ...errors(401, 403) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const seenAt = now().toISOString();
      await setNotificationsSeenAt(db, account.user.id, seenAt);
      return { ok: true as const, seen_at: seenAt };
    },
  );
};
