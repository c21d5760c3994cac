import { z } from 'zod';

/**
 * The signed-in header's notification bell (spec §2: "behaviour not shown"). Notifications are
 * computed when asked, from the user's bookmarks, the tenders' amendments, the trial and the
 * tenders their alerts found (ADR 0012); nothing is stored for the bell but the instant up to
 * which the user has seen them.
 */

/** A bookmarked tender closes within this many days; a trial ends within this many days. */
export const NOTIFICATION_WINDOW_DAYS = 3;
/** At most this many notifications are listed (newest first); the unread count covers them all. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** Tenders an alert found in this many last days are listed (one notification per tender and alert). */
export const ALERT_NOTIFICATION_DAYS = 7;

export const NOTIFICATION_KINDS = ['bookmark_closing', 'bookmark_amended', 'trial_ending', 'alert_match'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  /** Stable for the same event (kind + subject + instant), so a list can key on it. */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When the event happened (amendment), or when it entered the window (closing soon, trial ending). */
  at: z.string(),
  read: z.boolean(),
  /** The tender concerned (bookmark_closing, bookmark_amended, alert_match). */
  tender: z
    .object({
      id: z.string(),
      title: z.string(),
      title_fr: z.string().nullable(),
      closing_date: z.string().nullable(),
      amendment_number: z.number().int(),
    })
    .nullable(),
  /** The trial's end (trial_ending). */
  trial_ends_at: z.string().nullable(),
  /** The alert that found the tender (alert_match): dated when the alert's run recorded it. */
  alert: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
  /** Everything up to this instant counts as read; null when never marked. */
  seen_at: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /notifications/read: everything up to now becomes read. */
export const markNotificationsReadResultSchema = z.object({ ok: z.literal(true), seen_at: z.string() });
export type MarkNotificationsReadResult = z.infer<typeof markNotificationsReadResultSchema>;
