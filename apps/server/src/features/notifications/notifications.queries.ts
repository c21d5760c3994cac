import type { Db } from '../../db/database.ts';

/** An active bookmark of the user, with the tender fields a notification shows. */
export interface BookmarkedTender {
  tenderId: string;
  bookmarkedAt: string;
  title: string;
  titleFr: string | null;
  closingDate: string | null;
  amendmentNumber: number;
}

/** Active bookmarks whose tender has a closing date (the window is applied by the caller on parsed instants). */
export async function listBookmarkedWithClosing(db: Db, userId: string): Promise<BookmarkedTender[]> {
  const rows = await db
    .selectFrom('bookmark as b')
    .innerJoin('tender as t', 't.id', 'b.tender_id')
    .select([
      'b.tender_id',
      'b.created_at',
      't.title',
      't.title_fr',
      't.closing_date',
      't.amendment_number',
      't.status',
    ])
    .where('b.user_id', '=', userId)
    .where('b.status', '=', 'active')
    .where('t.closing_date', 'is not', null)
    .execute();
  return rows
    .filter((r) => !/^(cancelled|awarded|closed)$/i.test(r.status))
    .map((r) => ({
      tenderId: r.tender_id,
      bookmarkedAt: r.created_at,
      title: r.title,
      titleFr: r.title_fr,
      closingDate: r.closing_date,
      amendmentNumber: Number(r.amendment_number),
    }));
}

/**
 * Active bookmarks whose tender was replaced by a newer version (an amendment or a corrected notice)
 * after the bookmark was made; `changedAt` is the latest such change.
 */
export async function listBookmarkedAmended(
  db: Db,
  userId: string,
): Promise<Array<BookmarkedTender & { changedAt: string }>> {
  const rows = await db
    .selectFrom('bookmark as b')
    .innerJoin('tender_version as v', (join) =>
      join.onRef('v.tender_id', '=', 'b.tender_id').onRef('v.replaced_at', '>', 'b.created_at'),
    )
    .innerJoin('tender as t', 't.id', 'b.tender_id')
    .select((eb) => [
      'b.tender_id',
      'b.created_at',
      't.title',
      't.title_fr',
      't.closing_date',
      't.amendment_number',
      eb.fn.max('v.replaced_at').as('changed_at'),
    ])
    .where('b.user_id', '=', userId)
    .where('b.status', '=', 'active')
    .groupBy(['b.tender_id', 'b.created_at', 't.title', 't.title_fr', 't.closing_date', 't.amendment_number'])
    .execute();
  return rows.map((r) => ({
    tenderId: r.tender_id,
    bookmarkedAt: r.created_at,
    title: r.title,
    titleFr: r.title_fr,
    closingDate: r.closing_date,
    amendmentNumber: Number(r.amendment_number),
    changedAt: String(r.changed_at),
  }));
}

/** The end of a running trial that nothing will charge (no provider subscription), if any. */
export async function findUnpaidTrialEnd(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('subscription')
    .select('trial_ends_at')
    .where('user_id', '=', userId)
    .where('status', '=', 'trialing')
    .where('provider_subscription_id', 'is', null)
    .executeTakeFirst();
  return row?.trial_ends_at ?? undefined;
}

export async function findNotificationsSeenAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_account')
    .select('notifications_seen_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.notifications_seen_at ?? null;
}

export async function setNotificationsSeenAt(db: Db, userId: string, seenAt: string): Promise<void> {
  await db.updateTable('user_account').set({ notifications_seen_at: seenAt }).where('id', '=', userId).execute();
}
