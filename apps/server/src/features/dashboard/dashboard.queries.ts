import { URGENT_DEADLINE_DAYS } from '@app/shared/constants';
import type { Db } from '../../db/database.ts';
import { isOpen } from '../tenders/tenders.queries.ts';

const DAY_MS = 86_400_000;

export async function countActiveBookmarks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bookmark')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Active bookmarks of tenders still open and closing between now and URGENT_DEADLINE_DAYS from
 * now (spec §4: urgent at 7 days or fewer), soonest first.
 */
export async function bookmarkedDeadlines(db: Db, userId: string, now: Date) {
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + URGENT_DEADLINE_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('bookmark')
    .innerJoin('tender', 'tender.id', 'bookmark.tender_id')
    .select([
      'tender.id',
      'tender.title',
      'tender.title_fr',
      'tender.contracting_entity_name as organization',
      'tender.closing_date',
    ])
    .where('bookmark.user_id', '=', userId)
    .where('bookmark.status', '=', 'active')
    .where((eb) => isOpen(eb, nowIso))
    .where('tender.closing_date', 'is not', null)
    .where('tender.closing_date', '<=', until)
    .orderBy('tender.closing_date', 'asc')
    .orderBy('tender.id', 'asc')
    .execute();
  return rows.flatMap((r) => (r.closing_date ? [{ ...r, closing_date: r.closing_date }] : []));
}
