import type { FastifyRequest } from 'fastify';
import { ACTIVITY_VIEW_DEDUPE_MINUTES } from '@app/shared/activity';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { hasRecentActivity, insertActivity, type NewActivity } from './activity.queries.ts';

export type { NewActivity } from './activity.queries.ts';

/**
 * The activity log, written by the slices where things happen (tender detail, search,
 * bookmarks, RFP reports). Recording never fails the request it belongs to: an error is
 * logged and the request goes on.
 */
export interface ActivityLog {
  /** Records an entry for `userId`; false when it was not (a repeated view, or an error, which is logged). */
  record(req: FastifyRequest, userId: string, entry: NewActivity): Promise<boolean>;
  /** Records an entry for the signed-in caller of `req`; nothing for a signed-out one. */
  recordForCaller(req: FastifyRequest, entry: NewActivity): Promise<void>;
}

const VIEW_DEDUPE_MS = ACTIVITY_VIEW_DEDUPE_MINUTES * 60_000;

export function createActivityLog(deps: { db: Db; now: Clock; sessions: Pick<Sessions, 'current'> }): ActivityLog {
  const { db, now, sessions } = deps;

  async function record(req: FastifyRequest, userId: string, entry: NewActivity): Promise<boolean> {
    try {
      const at = now();
      // A reload is not a second visit.
      if (entry.kind === 'viewed' && entry.tenderId) {
        const since = new Date(at.getTime() - VIEW_DEDUPE_MS).toISOString();
        if (await hasRecentActivity(db, userId, 'viewed', entry.tenderId, since)) return false;
      }
      await insertActivity(db, userId, entry, at.toISOString());
      return true;
    } catch (err) {
      req.log.error({ err, kind: entry.kind }, 'activity could not be recorded');
      return false;
    }
  }

  return {
    record,
    async recordForCaller(req, entry) {
      let userId: string | undefined;
      try {
        userId = (await sessions.current(req))?.account.user.id;
      } catch (err) {
        req.log.error({ err, kind: entry.kind }, 'activity could not be recorded');
        return;
      }
      if (userId) await record(req, userId, entry);
    },
  };
}
