import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_WINDOW_DAYS,
  type Notification,
  type NotificationList,
} from '@app/shared/notifications';
import type { Db } from '../../db/database.ts';
import {
  type BookmarkedTender,
  findNotificationsSeenAt,
  findUnpaidTrialEnd,
  listBookmarkedAmended,
  listBookmarkedWithClosing,
} from './notifications.queries.ts';

const WINDOW_MS = NOTIFICATION_WINDOW_DAYS * 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

const tenderOf = (t: BookmarkedTender): Notification['tender'] => ({
  id: t.tenderId,
  title: t.title,
  title_fr: t.titleFr,
  closing_date: t.closingDate,
  amendment_number: t.amendmentNumber,
});

/**
 * The user's notifications at `now`, newest first:
 * - a bookmarked tender closes within 3 days (dated when it entered the window, or when bookmarked if later);
 * - a bookmarked tender changed (amendment, corrected notice) after it was bookmarked (dated by the change);
 * - the free trial ends within 3 days (dated when it entered the window).
 * A notification is unread when it is dated after the user last marked them read.
 */
export async function computeNotifications(db: Db, userId: string, now: Date): Promise<NotificationList> {
  const nowMs = now.getTime();
  const [closing, amended, trialEnd, seenAt] = await Promise.all([
    listBookmarkedWithClosing(db, userId),
    listBookmarkedAmended(db, userId),
    findUnpaidTrialEnd(db, userId),
    findNotificationsSeenAt(db, userId),
  ]);
  const seenMs = seenAt ? Date.parse(seenAt) : Number.NEGATIVE_INFINITY;
  const items: Array<Omit<Notification, 'read'>> = [];

  for (const t of closing) {
    const closesMs = Date.parse(t.closingDate ?? '');
    if (!Number.isFinite(closesMs) || closesMs <= nowMs || closesMs > nowMs + WINDOW_MS) continue;
    const atMs = Math.max(closesMs - WINDOW_MS, Date.parse(t.bookmarkedAt) || 0);
    items.push({
      id: `bookmark_closing:${t.tenderId}:${t.closingDate}`,
      kind: 'bookmark_closing',
      at: iso(Math.min(atMs, nowMs)),
      tender: tenderOf(t),
      trial_ends_at: null,
    });
  }

  for (const t of amended) {
    const atMs = Date.parse(t.changedAt);
    if (!Number.isFinite(atMs)) continue;
    items.push({
      id: `bookmark_amended:${t.tenderId}:${t.changedAt}`,
      kind: 'bookmark_amended',
      at: iso(Math.min(atMs, nowMs)),
      tender: tenderOf(t),
      trial_ends_at: null,
    });
  }

  const trialEndMs = trialEnd ? Date.parse(trialEnd) : Number.NaN;
  if (Number.isFinite(trialEndMs) && trialEndMs > nowMs && trialEndMs <= nowMs + WINDOW_MS) {
    items.push({
      id: `trial_ending:${trialEnd}`,
      kind: 'trial_ending',
      at: iso(trialEndMs - WINDOW_MS),
      tender: null,
      trial_ends_at: trialEnd ?? null,
    });
  }

  const all = items
    .map((n) => ({ ...n, read: Date.parse(n.at) <= seenMs }))
    .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
  return {
    notifications: all.slice(0, NOTIFICATION_LIST_LIMIT),
    unread: all.filter((n) => !n.read).length,
    seen_at: seenAt,
  };
}
