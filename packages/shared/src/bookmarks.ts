import { z } from 'zod';
import { userIdSchema } from './profile.ts';

/** Bookmark statuses (spec §3): archived bookmarks stay in the list but no longer count as saved. */
export const BOOKMARK_STATUSES = ['active', 'archived'] as const;
export type BookmarkStatus = (typeof BOOKMARK_STATUSES)[number];

/** Longest note kept on a bookmark, in characters. */
export const BOOKMARK_NOTES_MAX_LENGTH = 10_000;

/**
 * Messages of spec §8 ("Bookmarks"). Error answers of the bookmark calls start with the one of
 * their operation, followed by the reason: 'Failed to create bookmark: Tender not found'.
 */
export const BOOKMARK_MESSAGES = {
  createFailed: 'Failed to create bookmark',
  removeFailed: 'Failed to remove bookmark',
  notesFailed: 'Failed to update bookmark notes',
  loadFailed: 'Failed to load bookmarks',
  /** Not in spec §8: the PATCH (archive / restore) is ours. */
  statusFailed: 'Failed to update bookmark',
  empty: 'No bookmarks yet',
} as const;

/** A tender id as the API takes it (ids are compared lower-cased). */
export const tenderNoticeIdSchema = z.string().trim().min(1).max(200);

/** The tender fields a bookmarks list and a calendar need. */
export const bookmarkTenderSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_fr: z.string().nullable(),
  /** Effective status: an Open notice past its closing time is Closed. */
  status: z.string(),
  procurement_type: z.string().nullable(),
  /** Contracting entity. */
  organization: z.string().nullable(),
  organization_fr: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  /** Provinces the tender concerns (delivery regions and the buyer's province). */
  regions: z.array(z.string()),
  /** Category codes separated by an asterisk: SRV, CNST*SRV. */
  category: z.string().nullable(),
  published_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  /** Largest amount found in the notice, in dollars, or null. */
  estimated_value: z.number().nullable(),
  source_url: z.string().nullable(),
});
export type BookmarkTender = z.infer<typeof bookmarkTenderSchema>;

/** The Bookmark entity of spec §3, with its tender. */
export const bookmarkSchema = z.object({
  userId: z.string(),
  tender_notice_id: z.string(),
  notes: z.string().nullable(),
  status: z.enum(BOOKMARK_STATUSES),
  created_at: z.string(),
  /** Stamped by every change: notes, status. */
  updated_at: z.string(),
  tender: bookmarkTenderSchema,
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

// The list order lives in bookmark-order.ts, without zod, so the web app's bookmark code does not
// load the schemas.
export { compareBookmarks } from './bookmark-order.ts';

// Requests ---------------------------------------------------------------------------------------

/** POST /api/bookmarks (spec §7: userId and the tender notice id). */
export const createBookmarkBodySchema = z
  .object({
    userId: userIdSchema,
    tender_notice_id: tenderNoticeIdSchema,
  })
  .strict();
export type CreateBookmarkBody = z.infer<typeof createBookmarkBodySchema>;

export const bookmarkParamsSchema = z.object({ userId: userIdSchema, tenderNoticeId: tenderNoticeIdSchema });
export const bookmarkUserParamsSchema = z.object({ userId: userIdSchema });

export const bookmarkListQuerySchema = z.object({
  /** Only this status; both when omitted. */
  status: z.enum(BOOKMARK_STATUSES).optional(),
});

/** PUT /api/bookmarks/{userId}/{tenderNoticeId}/notes. An empty text or null clears the notes. */
export const bookmarkNotesBodySchema = z
  .object({
    notes: z
      .string()
      .max(BOOKMARK_NOTES_MAX_LENGTH, `Notes must be at most ${BOOKMARK_NOTES_MAX_LENGTH} characters`)
      .nullable(),
  })
  .strict();

/** PATCH /api/bookmarks/{userId}/{tenderNoticeId}: archive or restore. */
export const bookmarkStatusBodySchema = z.object({ status: z.enum(BOOKMARK_STATUSES) }).strict();

// Answers (spec §7 shapes; `error` is always null on success, errors use the error body) ---------

export const bookmarkResultSchema = z.object({
  bookmark: bookmarkSchema,
  /** True when POST made a new bookmark; false when it already existed (POST is idempotent). */
  created: z.boolean().optional(),
  error: z.null(),
});
export type BookmarkResult = z.infer<typeof bookmarkResultSchema>;

export const bookmarkListSchema = z.object({ bookmarks: z.array(bookmarkSchema), error: z.null() });
export type BookmarkList = z.infer<typeof bookmarkListSchema>;

export const bookmarkRemovedSchema = z.object({ success: z.literal(true), error: z.null() });
export type BookmarkRemoved = z.infer<typeof bookmarkRemovedSchema>;
