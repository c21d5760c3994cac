import { z } from 'zod';
import { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, TABLE_PAGE_SIZE } from './constants.ts';

/** Spec §8 "Tender detail" messages; the web app's `tender` catalogue says them in English and French. */
export const TENDER_MESSAGES = {
  noId: 'No tender ID provided',
  loadFailed: 'Failed to load tender details',
  notFound: 'Tender not found',
  /** A failure that is not an API error (an unreadable answer, a bug): never the exception's own text. */
  unexpected: 'An unexpected error occurred',
} as const;

/** The Tender record of spec §3, plus what the CanadaBuys file carries beyond it. */
export const tenderSchema = z.object({
  id: z.string(),
  source: z.string(),
  title: z.string(),
  title_fr: z.string().nullable(),
  status: z.string(),
  procurement_type: z.string().nullable(),
  /** The source's French text of procurement_type, when it has one (CanadaBuys does). */
  procurement_type_fr: z.string().nullable(),
  procurement_method: z.string().nullable(),
  procurement_method_fr: z.string().nullable(),
  category_primary: z.string().nullable(),
  gsin: z.string().nullable(),
  gsin_description: z.string().nullable(),
  gsin_description_fr: z.string().nullable(),
  unspsc: z.string().nullable(),
  unspsc_description: z.string().nullable(),
  unspsc_description_fr: z.string().nullable(),
  delivery_location: z.string().nullable(),
  /** The source's French names of the delivery regions, joined like delivery_location. */
  delivery_location_fr: z.string().nullable(),
  description: z.string().nullable(),
  description_fr: z.string().nullable(),
  contracting_entity_name: z.string().nullable(),
  contracting_entity_name_fr: z.string().nullable(),
  contracting_entity_city: z.string().nullable(),
  contracting_entity_province: z.string().nullable(),
  contracting_entity_country: z.string().nullable(),
  published_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  contract_start_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  source_url: z.string().nullable(),
  source_reference: z.string().nullable(),
  reference_number: z.string(),
  amendment_number: z.number().int(),
  amendment_date: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  selection_criteria: z.string().nullable(),
  trade_agreements: z.array(z.string()),
  regions_of_opportunity: z.array(z.string()),
  regions_of_delivery: z.array(z.string()),
  attachment_urls: z.array(z.string()),
  limited_tendering_reason: z.string().nullable(),
  estimated_value: z.number().nullable(),
  updated_at: z.string(),
});
export type Tender = z.infer<typeof tenderSchema>;

/** Characters of each description a search result carries (the full text is in getTenderById). */
export const SEARCH_DESCRIPTION_LENGTH = 400;

/**
 * A search result: the Tender with its descriptions cut to about SEARCH_DESCRIPTION_LENGTH
 * characters (a list shows a snippet; 20 full bilingual descriptions made responses ~100 KB),
 * `description_truncated` telling whether either was cut.
 */
export const searchResultSchema = tenderSchema.extend({ search_score: z.number(), description_truncated: z.boolean() });
export type SearchResult = z.infer<typeof searchResultSchema>;

const isoDate = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), {
    message: 'Expected a date such as 2026-11-30',
  });
/** Text a user types: PostgreSQL text cannot hold a NUL character, so one is a 400, never a 500. */
const userText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: 'must not contain a NUL character' });
const stringList = z.array(userText(200)).max(50);

/** Search criteria of spec §7 (`POST /tenders/searchTenders`), plus an offset for "Load More". */
export const searchCriteriaSchema = z
  .object({
    q: userText(500).optional().default(''),
    regions: stringList.optional(),
    procurement_method: userText(200).optional(),
    procurement_category: stringList.optional(),
    notice_type: stringList.optional(),
    tender_status: stringList.optional(),
    contracting_entity_name: stringList.optional(),
    closing_date_after: isoDate.optional(),
    closing_date_before: isoDate.optional(),
    publication_date_after: isoDate.optional(),
    publication_date_before: isoDate.optional(),
    /** Bounds on the amount found in the tender text (dollars); tenders with no amount rank lower. */
    value_min: z.number().min(0).max(1e13).optional(),
    value_max: z.number().min(0).max(1e13).optional(),
    limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).optional().default(SEARCH_PAGE_SIZE),
    offset: z.number().int().min(0).max(10_000).optional().default(0),
    /** When false the natural-language parser is not applied; the text is keywords only. */
    parse_query: z.boolean().optional().default(true),
  })
  .strict();
export type SearchCriteria = z.infer<typeof searchCriteriaSchema>;
export type SearchCriteriaInput = z.input<typeof searchCriteriaSchema>;

/** One thing the natural-language parser understood in the query text. */
export const understoodPartSchema = z.object({
  kind: z.enum([
    'region',
    'value_max',
    'value_min',
    'closing_before',
    'closing_after',
    'category',
    'method',
    'notice_type',
  ]),
  /** The words of the query it came from. */
  text: z.string(),
  /** Human label, for example "Ontario", "under $50,000", "closing before 30 Nov 2026". */
  label: z.string(),
  value: z.union([z.string(), z.number()]),
});
export type UnderstoodPart = z.infer<typeof understoodPartSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  total_results: z.number().int(),
  search_metadata: z.object({
    max_score: z.number().nullable(),
    query: z.string(),
    keywords: z.string(),
    understood: z.array(understoodPartSchema),
    offset: z.number().int(),
    limit: z.number().int(),
    has_more: z.boolean(),
    took_ms: z.number(),
    /** True when counting stopped at a cap: total_results is then a lower bound ("10,000+"). */
    total_is_lower_bound: z.boolean().optional(),
    /** Keywords no result contained together with the others; they were made optional. */
    optional_keywords: z.array(z.string()).optional(),
    /** Which engine answered: the in-memory index of open notices or the database (ADR 0004). */
    engine: z.enum(['memory', 'database']).optional(),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(200).optional().default(TABLE_PAGE_SIZE),
});

/** Server-side table query (spec §2 "Tender table view"). */
export const tableQuerySchema = z
  .object({
    q: userText(500).optional().default(''),
    regions: stringList.optional(),
    categories: stringList.optional(),
    notice_types: stringList.optional(),
    statuses: stringList.optional(),
    organizations: stringList.optional(),
    page: z.number().int().min(1).max(100_000).optional().default(1),
    page_size: z.number().int().min(1).max(200).optional().default(TABLE_PAGE_SIZE),
  })
  .strict();
export type TableQuery = z.infer<typeof tableQuerySchema>;
export type TableQueryInput = z.input<typeof tableQuerySchema>;

export const tenderPageSchema = z.object({
  tenders: z.array(tenderSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  page_count: z.number().int(),
});
export type TenderPage = z.infer<typeof tenderPageSchema>;

/** One filter value: `value` is sent back as is; `label_fr` is the source's French text when it has one. */
export const facetSchema = z.array(
  z.object({
    value: z.string(),
    label: z.string(),
    label_fr: z.string().nullable().optional(),
    count: z.number().int(),
  }),
);
export const filterOptionsSchema = z.object({
  regions: facetSchema,
  categories: facetSchema,
  notice_types: facetSchema,
  statuses: facetSchema,
  organizations: facetSchema,
});
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/** GET /api/tenders/stats: live figures for the landing and about pages (nothing typed in by hand). */
export const tenderStatsSchema = z.object({
  /** Published as Open or Active and not yet closed. */
  open_tenders: z.number().int(),
  /** Published in the last 7 days (published_date on or after the day 7 days ago, UTC), any status. */
  added_this_week: z.number().int(),
  /** Distinct contracting organizations among the open tenders. */
  organizations: z.number().int(),
  /** Every tender held, any status ("tenders indexed"). */
  total_tenders: z.number().int(),
  /** One entry per source, most tenders first. */
  sources: z.array(
    z.object({
      /** The source id: canadabuys, demo. */
      source: z.string(),
      /** Its display name: CanadaBuys. */
      name: z.string(),
      /** Tenders from this source, any status. */
      tenders: z.number().int(),
      open_tenders: z.number().int(),
      last_ingested_at: z.string().nullable(),
    }),
  ),
  demo_data: z.boolean(),
  /** When these figures were computed (they are cached for up to 30 seconds). */
  generated_at: z.string(),
});
export type TenderStats = z.infer<typeof tenderStatsSchema>;

export const ingestRunSchema = z.object({
  id: z.string(),
  source: z.string(),
  origin: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed']),
  rows_read: z.number().int(),
  rows_inserted: z.number().int(),
  rows_updated: z.number().int(),
  rows_unchanged: z.number().int(),
  rows_rejected: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  error: z.string().nullable(),
});
export type IngestRun = z.infer<typeof ingestRunSchema>;

export const tenderVersionSchema = z.object({
  amendment_number: z.number().int(),
  replaced_at: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  closing_date: z.string().nullable(),
  status: z.string().nullable(),
});
export type TenderVersion = z.infer<typeof tenderVersionSchema>;
