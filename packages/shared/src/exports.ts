import { z } from 'zod';
import { BOOKMARK_STATUSES } from './bookmarks.ts';
import { searchCriteriaSchema, tableQuerySchema } from './tender.ts';

// CSV exports (issue 7, docs/decisions/0013-exports-and-teams.md). Each export counts one against
// the plan's monthly `exports` limit; the rows of one export are capped.

export const EXPORT_KINDS = ['table', 'search', 'bookmarks'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The language of the column headings and of the bilingual fields (title, organization…). */
export const exportLocaleSchema = z.enum(['en', 'fr']);

/**
 * POST /api/exports/tenders: the table view's filters and text, or the /search page's criteria.
 * Paging fields are not taken: an export holds the whole result set, up to the cap.
 */
export const exportTendersBodySchema = z.discriminatedUnion('source', [
  z
    .object({
      source: z.literal('table'),
      query: tableQuerySchema.omit({ page: true, page_size: true }),
      locale: exportLocaleSchema.optional(),
    })
    .strict(),
  z
    .object({
      source: z.literal('search'),
      criteria: searchCriteriaSchema.omit({ limit: true, offset: true }),
      locale: exportLocaleSchema.optional(),
    })
    .strict(),
]);
export type ExportTendersBody = z.input<typeof exportTendersBodySchema>;

/** POST /api/exports/bookmarks: the caller's bookmarks (one status, or both), with notes and status. */
export const exportBookmarksBodySchema = z
  .object({
    status: z.enum(BOOKMARK_STATUSES).optional(),
    locale: exportLocaleSchema.optional(),
  })
  .strict();
export type ExportBookmarksBody = z.input<typeof exportBookmarksBodySchema>;
