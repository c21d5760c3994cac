import { z } from 'zod';

/** What the activity log records, server-side (home dashboard "Recent Activity"). */
export const ACTIVITY_KINDS = ['viewed', 'bookmarked', 'searched', 'downloaded'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A tender viewed again within this time is not recorded a second time. */
export const ACTIVITY_VIEW_DEDUPE_MINUTES = 10;
export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_MAX_LIMIT).default(ACTIVITY_DEFAULT_LIMIT),
});

/** The tender an entry is about, as it is now. */
export const activityTenderSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_fr: z.string().nullable(),
  organization: z.string().nullable(),
  organization_fr: z.string().nullable(),
  province: z.string().nullable(),
  published_date: z.string().nullable(),
  closing_date: z.string().nullable(),
});

export const activitySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  tender_id: z.string().nullable(),
  /** Null when the entry is about no tender (searched, downloaded) or the tender is gone. */
  tender: activityTenderSchema.nullable(),
  /** The search text (searched). */
  query: z.string().nullable(),
  /** A short human text: "12 results", "tender.pdf: analysis report (PDF)". */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * POST /api/activity/viewed: the detail page says a tender was opened. A POST, because recording
 * is a change and a GET never changes state (SECURITY.md A.6).
 */
export const viewedBodySchema = z.object({ tenderId: z.string().trim().min(1).max(200) }).strict();
export type ViewedBody = z.infer<typeof viewedBodySchema>;
export const viewedResultSchema = z.object({ recorded: z.boolean() });
export type ViewedResult = z.infer<typeof viewedResultSchema>;

/** GET /api/activity: the caller's entries, newest first. */
export const activityListSchema = z.object({ activities: z.array(activitySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;
