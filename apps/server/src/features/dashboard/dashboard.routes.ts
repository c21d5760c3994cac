import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema, type Dashboard } from '@app/shared/dashboard';
import { errorBodySchema } from '@app/shared/errors';
import type { DbHandle } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { APP_TIME_ZONE, daysLeft } from '@app/shared/countdown';
import { findProfileForFit } from '../ai/ai.queries.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { countActiveAlerts } from '../alerts/alerts.queries.ts';
import { bookmarkedDeadlines, countActiveBookmarks, countNewFittingTenders } from './dashboard.queries.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** The home dashboard's figures (spec §2 "Home dashboard"), computed for the caller. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dbh: DbHandle; now: Clock; sessions: Sessions }> = async (
  app,
  { dbh, now, sessions },
) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        security: [{ sessionCookie: [] }],
        summary: 'Your dashboard: new tenders that fit your profile, saved, alerts, deadlines this week',
        description:
          '`newThisWeek` counts open tenders published on or after the UTC day 7 days ago that fit the profile: a ' +
          "UNSPSC/GSIN code prefix or category of one of its services (the recommendations' service map), and in " +
          'one of its regions, each condition applying when the profile names services or regions (ADR 0011). ' +
          '`activeAlerts` counts your active (not paused) alerts, as GET /api/alerts does. Deadlines are active ' +
          'bookmarks of open tenders whose countdown is urgent: closing from now to the end of the 7th calendar ' +
          'day after today, Eastern time (`days_left` in calendar days, the shared countdown rule).',
        response: { 200: dashboardSchema, ...errors(401) },
      },
    },
    async (req, reply): Promise<Dashboard> => {
      const { account } = await sessions.require(req, reply);
      const userId = account.user.id;
      const at = now();
      const profile = (await findProfileForFit(dbh.db, userId)) ?? { primary_services: [], service_regions: [] };
      const [fresh, saved, deadlines, activeAlerts] = await Promise.all([
        countNewFittingTenders(dbh.db, profile, at),
        countActiveBookmarks(dbh.db, userId),
        bookmarkedDeadlines(dbh.db, userId, at),
        countActiveAlerts(dbh.db, userId),
      ]);
      return {
        newThisWeek: fresh.count,
        profileComplete: fresh.complete,
        saved,
        activeAlerts,
        alertsAvailable: true,
        deadlinesThisWeek: deadlines.length,
        urgentDeadlines: deadlines.map((d) => ({
          ...d,
          days_left: Math.max(0, daysLeft(d.closing_date, { now: at, timeZone: APP_TIME_ZONE }) ?? 0),
        })),
        generatedAt: at.toISOString(),
      };
    },
  );
};
