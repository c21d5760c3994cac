import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema, type Dashboard } from '@app/shared/dashboard';
import { errorBodySchema } from '@app/shared/errors';
import type { DbHandle } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { findProfileForFit } from '../ai/ai.queries.ts';
import { daysLeft } from '../ai/labels.ts';
import { recommendTenders } from '../ai/recommendations.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { dayBefore } from '../tenders/tenders.queries.ts';
import { countActiveAlerts } from '../alerts/alerts.queries.ts';
import { bookmarkedDeadlines, countActiveBookmarks } from './dashboard.queries.ts';

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
          '`newThisWeek` counts open tenders published in the last 7 days that GET /api/recommendations would ' +
          'recommend (same candidates and profile fit). `activeAlerts` counts your active (not paused) alerts, as ' +
          'GET /api/alerts does. Deadlines are active bookmarks of open tenders closing within 7 days from now.',
        response: { 200: dashboardSchema, ...errors(401) },
      },
    },
    async (req, reply): Promise<Dashboard> => {
      const { account } = await sessions.require(req, reply);
      const userId = account.user.id;
      const at = now();
      const profile = (await findProfileForFit(dbh.db, userId)) ?? {
        company_name: null,
        industry: null,
        primary_services: [],
        service_regions: [],
        government_experience: null,
        typical_contract_size: null,
      };
      const [fresh, saved, deadlines, activeAlerts] = await Promise.all([
        recommendTenders(dbh, profile, {
          page: 1,
          limit: 1,
          locale: account.user.locale,
          now: at,
          publishedSince: dayBefore(at, 7),
        }),
        countActiveBookmarks(dbh.db, userId),
        bookmarkedDeadlines(dbh.db, userId, at),
        countActiveAlerts(dbh.db, userId),
      ]);
      return {
        newThisWeek: fresh.total,
        profileComplete: fresh.profileComplete,
        saved,
        activeAlerts,
        alertsAvailable: true,
        deadlinesThisWeek: deadlines.length,
        urgentDeadlines: deadlines.map((d) => ({ ...d, days_left: Math.max(0, daysLeft(d.closing_date, at) ?? 0) })),
        generatedAt: at.toISOString(),
      };
    },
  );
};
