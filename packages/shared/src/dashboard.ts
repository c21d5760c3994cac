import { z } from 'zod';

/** One of the caller's bookmarked tenders closing within URGENT_DEADLINE_DAYS. */
export const urgentDeadlineSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_fr: z.string().nullable(),
  organization: z.string().nullable(),
  closing_date: z.string(),
  /** Calendar days left in Eastern time (0 = closes today, 1 = tomorrow): `@app/shared/countdown`. */
  days_left: z.number().int(),
});
export type UrgentDeadline = z.infer<typeof urgentDeadlineSchema>;

/** GET /api/dashboard: the four stat tiles and the urgent deadlines of the home dashboard, for the caller. */
export const dashboardSchema = z.object({
  /**
   * Open tenders published on or after the UTC day 7 days ago that fit the profile: a code or
   * category of one of its services, in one of its regions (ADR 0011; dashboard.queries.ts).
   */
  newThisWeek: z.number().int(),
  /** False when the profile names no service and no region: newThisWeek is then 0. */
  profileComplete: z.boolean(),
  /** Active bookmarks. */
  saved: z.number().int(),
  /** The caller's active (not paused) alerts, as GET /api/alerts counts them against the plan. */
  activeAlerts: z.number().int(),
  /** True since alerts exist (ADR 0012); kept so that older clients keep reading the field. */
  alertsAvailable: z.boolean(),
  /** Active bookmarks of open tenders whose countdown is urgent (closing by the end of the 7th day, Eastern time). */
  deadlinesThisWeek: z.number().int(),
  /** Those tenders, soonest closing first. */
  urgentDeadlines: z.array(urgentDeadlineSchema),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
