import {
  ALERT_NOTIFICATION_DAYS,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_WINDOW_DAYS,
  type Notification,
  type NotificationList,
} from '@app/shared/notifications';
import type { Db } from '../../db/database.ts';
import { listRecentAlertMatches } from '../alerts/alerts.queries.ts';
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
 * - the free trial ends within 3 days (dated when it entered the window);
 * - an alert found a new tender in the last 7 days (dated when the alert's run recorded it; ADR 0012).
 * A notification is unread when it is dated after the user last marked them read.
 */
export async function computeNotifications(db: Db, userId: string, now: Date): Promise<NotificationList> {
  const nowMs = now.getTime();
  const [closing, amended, trialEnd, seenAt, alertMatches] = await Promise.all([
    listBookmarkedWithClosing(db, userId),
    listBookmarkedAmended(db, userId),
    findUnpaidTrialEnd(db, userId),
    findNotificationsSeenAt(db, userId),
    listRecentAlertMatches(db, userId, iso(nowMs - ALERT_NOTIFICATION_DAYS * 86_400_000)),
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
      alert: null,
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
      alert: null,
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
      alert: null,
    });
  }

  for (const m of alertMatches) {
    const atMs = Date.parse(m.at);
    if (!Number.isFinite(atMs)) continue;
    items.push({
      id: `alert_match:${m.alertId}:${m.tenderId}`,
      kind: 'alert_match',
      at: iso(Math.min(atMs, nowMs)),
      tender: {
        id: m.tenderId,
        title: m.title,
        title_fr: m.titleFr,
        closing_date: m.closingDate,
        amendment_number: m.amendmentNumber,
      },
      trial_ends_at: null,
      alert: { id: m.alertId, name: m.alertName },
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
