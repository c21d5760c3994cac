import { z } from 'zod';
import { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE } from './constants.ts';
import { searchCriteriaSchema, searchResultSchema, understoodPartSchema, type SearchCriteria } from './tender.ts';

/**
 * Alerts (spec "Intelligent Alerts", plan limit `alerts` = "N active alerts"; ADR 0012). An alert is
 * a saved search owned by one user: Breeze runs it after each tender refresh and mails the tenders
 * that are new since it last ran, at most once per tender, batched by frequency.
 */

/** instant: after each ingestion (and every scheduled run); daily and weekly: one digest a day or a week. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * active: runs and mails. paused: the owner paused it. over_limit: active, but beyond the plan's
 * number of active alerts (after a trial ended or a downgrade): kept, not run, until the owner
 * upgrades or pauses others (the oldest alerts are the ones that stay within the limit).
 */
export const ALERT_STATUSES = ['active', 'paused', 'over_limit'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const ALERT_NAME_MAX_LENGTH = 100;
/** Tenders listed in one digest mail; the mail says how many more there are. */
export const ALERT_DIGEST_MAX_LISTED = 20;
/** New matches one run records and mails at most, per alert. */
export const ALERT_RUN_MAX_MATCHES = SEARCH_MAX_LIMIT;

/** Texts of the alert checks (the web form shows them by these texts, translated). */
export const ALERT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${ALERT_NAME_MAX_LENGTH} characters`,
  nameOneLine: 'Name must be on one line',
  criteriaEmpty: 'Give the alert words to search for or at least one filter',
  nothingToChange: 'Send at least one of name, criteria, frequency or active',
  notFound: 'Alert not found',
} as const;

// eslint-disable-next-line no-control-regex -- the name goes into a mail subject: no CR/LF
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

export const alertNameSchema = z
  .string({ error: ALERT_MESSAGES.nameRequired })
  .trim()
  .min(1, ALERT_MESSAGES.nameRequired)
  .refine((s) => [...s].length <= ALERT_NAME_MAX_LENGTH, ALERT_MESSAGES.nameTooLong)
  .refine((s) => !CONTROL.test(s), ALERT_MESSAGES.nameOneLine);

/**
 * The saved search: the criteria of POST /api/tenders/searchTenders (q read by the natural-language
 * parser, regions, procurement method, categories, notice types, statuses, organizations, date and
 * value bounds) without the page (limit, offset), which the alert does not keep.
 */
export const savedCriteriaSchema = searchCriteriaSchema.omit({ limit: true, offset: true });
export type AlertCriteria = z.infer<typeof savedCriteriaSchema>;
export type AlertCriteriaInput = z.input<typeof savedCriteriaSchema>;

const filled = (list: string[] | undefined) => (list ?? []).some((v) => v.trim() !== '');

/** True when the criteria narrow nothing: no words and no filter (such an alert would mail every new tender). */
export function isBlankCriteria(c: AlertCriteria): boolean {
  return (
    c.q.trim() === '' &&
    !filled(c.regions) &&
    !c.procurement_method?.trim() &&
    !filled(c.procurement_category) &&
    !filled(c.notice_type) &&
    !filled(c.tender_status) &&
    !filled(c.contracting_entity_name) &&
    [
      c.closing_date_after,
      c.closing_date_before,
      c.publication_date_after,
      c.publication_date_before,
      c.value_min,
      c.value_max,
    ].every((v) => v === undefined)
  );
}

/** Criteria as an alert takes them: at least a keyword or a filter. */
export const alertCriteriaSchema = savedCriteriaSchema.refine((c) => !isBlankCriteria(c), {
  message: ALERT_MESSAGES.criteriaEmpty,
});

export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES);

/** POST /api/alerts. `active: false` saves it paused (a paused alert does not count against the plan). */
export const alertInputSchema = z
  .object({
    name: alertNameSchema,
    criteria: alertCriteriaSchema,
    frequency: alertFrequencySchema.optional().default('daily'),
    active: z.boolean().optional().default(true),
  })
  .strict();
export type AlertInput = z.input<typeof alertInputSchema>;
export type AlertBody = z.output<typeof alertInputSchema>;

/** PATCH /api/alerts/{id}: rename, new criteria, frequency, pause (false) or resume (true). */
export const alertUpdateSchema = z
  .object({
    name: alertNameSchema.optional(),
    criteria: alertCriteriaSchema.optional(),
    frequency: alertFrequencySchema.optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: ALERT_MESSAGES.nothingToChange });
export type AlertUpdate = z.output<typeof alertUpdateSchema>;

/** Alert ids are UUIDs; anything else cannot name one (and a NUL byte would upset PostgreSQL). */
export const alertParamsSchema = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not an alert id'),
});

export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  criteria: savedCriteriaSchema,
  frequency: alertFrequencySchema,
  /** The owner's switch: false when paused. */
  active: z.boolean(),
  /** What happens now: active, paused, or over_limit (active but beyond the plan's number). */
  status: z.enum(ALERT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the job last checked it for new tenders; null before its first run. */
  last_run_at: z.string().nullable(),
  /** When it last mailed a digest; null when it never has. */
  last_notified_at: z.string().nullable(),
  /** When it is next due (daily and weekly alerts; instant ones run after each refresh). */
  next_run_at: z.string(),
  /** Open tenders it matches now (the search's count, capped like a search's total). */
  match_count: z.number().int(),
  match_count_is_lower_bound: z.boolean(),
  /** Tenders it has mailed in all. */
  sent_count: z.number().int(),
});
export type Alert = z.infer<typeof alertSchema>;

/** The plan's allowance for active alerts, for "N of M active alerts". */
export const alertUsageSchema = z.object({
  active: z.number().int(),
  /** -1: unlimited. */
  limit: z.number().int(),
  /** The plan whose limits apply now (the chosen plan, or Starter at the free level). */
  plan_name: z.string(),
  /** True when one more active alert would be refused. */
  at_limit: z.boolean(),
});
export type AlertUsage = z.infer<typeof alertUsageSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema), usage: alertUsageSchema });
export type AlertList = z.infer<typeof alertListSchema>;

export const alertMatchesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).optional().default(SEARCH_PAGE_SIZE),
});

/** GET /api/alerts/{id}/matches: what the alert matches now, newest published first. */
export const alertMatchesSchema = z.object({
  alert_id: z.string(),
  results: z.array(searchResultSchema),
  total_results: z.number().int(),
  total_is_lower_bound: z.boolean(),
  /** What the natural-language parser read in q. */
  understood: z.array(understoodPartSchema),
});
export type AlertMatches = z.infer<typeof alertMatchesSchema>;

/** The search the alert runs: its criteria on one page of `limit` results. */
export const toSearchCriteria = (criteria: AlertCriteria, limit: number): SearchCriteria => ({
  ...criteria,
  limit,
  offset: 0,
});
