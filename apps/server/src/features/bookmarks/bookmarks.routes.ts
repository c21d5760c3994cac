import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BOOKMARK_MESSAGES,
  bookmarkListQuerySchema,
  bookmarkListSchema,
  bookmarkNotesBodySchema,
  bookmarkParamsSchema,
  bookmarkRemovedSchema,
  bookmarkResultSchema,
  bookmarkStatusBodySchema,
  bookmarkUserParamsSchema,
  createBookmarkBodySchema,
  type Bookmark,
} from '@app/shared/bookmarks';
import { errorBodySchema } from '@app/shared/errors';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { ActivityLog } from '../activity/activity.service.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import {
  deleteBookmark,
  findBookmark,
  findTenderId,
  listBookmarks,
  updateBookmark,
  upsertBookmark,
} from './bookmarks.queries.ts';

const tags = ['bookmarks'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

type Operation = (typeof BOOKMARK_MESSAGES)[Exclude<keyof typeof BOOKMARK_MESSAGES, 'empty'>];

export interface BookmarkRouteDeps {
  db: Db;
  now: Clock;
  sessions: Sessions;
  activity: ActivityLog;
}

/**
 * Bookmarks (spec §3, §4, §7). The user id is in the path or body as the spec's calls have it,
 * but it only ever names the caller: another id answers 403 `forbidden`, whether or not that
 * user or bookmark exists. Error messages start with spec §8's text for the operation.
 */
export const bookmarkRoutes: FastifyPluginAsyncZod<BookmarkRouteDeps> = async (app, deps) => {
  const { db, now, sessions, activity } = deps;

  /** The caller, who must be `userId`. */
  async function owner(req: FastifyRequest, reply: FastifyReply, userId: string, op: Operation): Promise<string> {
    const { account } = await sessions.require(req, reply);
    if (userId !== account.user.id) throw new HttpError(403, 'forbidden', `${op}: you can only use your own bookmarks`);
    return account.user.id;
  }

  async function tenderId(id: string, op: Operation): Promise<string> {
    const found = await findTenderId(db, id);
    if (!found) throw notFound('tender_not_found', `${op}: Tender not found`);
    return found;
  }

  async function existing(userId: string, tender: string, op: Operation): Promise<Bookmark> {
    const bookmark = await findBookmark(db, userId, tender, now());
    if (!bookmark) throw notFound('bookmark_not_found', `${op}: Bookmark not found`);
    return bookmark;
  }

  app.post(
    '/bookmarks',
    {
      schema: {
        tags,
        security,
        summary: 'Bookmark a tender (idempotent)',
        description:
          '201 with `created: true` for a new bookmark; 200 with `created: false` when it exists (an archived one ' +
          'becomes active again and counts as added now: first in the list). 403 `forbidden` for another user id, ' +
          '404 `tender_not_found` for an unknown tender.',
        body: createBookmarkBodySchema,
        response: { 200: bookmarkResultSchema, 201: bookmarkResultSchema, ...errors(400, 401, 403, 404, 415) },
      },
    },
    async (req, reply) => {
      const op = BOOKMARK_MESSAGES.createFailed;
      const userId = await owner(req, reply, req.body.userId, op);
      const tender = await tenderId(req.body.tender_notice_id, op);
      const outcome = await upsertBookmark(db, userId, tender, now().toISOString());
      const created = outcome === 'inserted';
      if (outcome !== 'unchanged') await activity.record(req, userId, { kind: 'bookmarked', tenderId: tender });
      const bookmark = await existing(userId, tender, op);
      return reply.status(created ? 201 : 200).send({ bookmark, created, error: null });
    },
  );

  app.get(
    '/bookmarks/user/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Your bookmarks with their tenders, newest first',
        description: 'Both statuses unless `status` is given. 403 `forbidden` for another user id.',
        params: bookmarkUserParamsSchema,
        querystring: bookmarkListQuerySchema,
        response: { 200: bookmarkListSchema, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const userId = await owner(req, reply, req.params.userId, BOOKMARK_MESSAGES.loadFailed);
      return { bookmarks: await listBookmarks(db, userId, req.query.status, now()), error: null };
    },
  );

  app.delete(
    '/bookmarks/:userId/:tenderNoticeId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a bookmark',
        description: '404 `tender_not_found` for an unknown tender, `bookmark_not_found` when it is not bookmarked.',
        params: bookmarkParamsSchema,
        response: { 200: bookmarkRemovedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const op = BOOKMARK_MESSAGES.removeFailed;
      const userId = await owner(req, reply, req.params.userId, op);
      const tender = await tenderId(req.params.tenderNoticeId, op);
      if (!(await deleteBookmark(db, userId, tender)))
        throw notFound('bookmark_not_found', `${op}: Bookmark not found`);
      return { success: true as const, error: null };
    },
  );

  app.put(
    '/bookmarks/:userId/:tenderNoticeId/notes',
    {
      schema: {
        tags,
        security,
        summary: "Replace a bookmark's notes (stamps updated_at)",
        description: 'An empty text or null clears the notes.',
        params: bookmarkParamsSchema,
        body: bookmarkNotesBodySchema,
        response: { 200: bookmarkResultSchema, ...errors(400, 401, 403, 404, 415) },
      },
    },
    async (req, reply) => {
      const op = BOOKMARK_MESSAGES.notesFailed;
      const userId = await owner(req, reply, req.params.userId, op);
      const tender = await tenderId(req.params.tenderNoticeId, op);
      const notes = req.body.notes === null || req.body.notes.trim() === '' ? null : req.body.notes;
      if (!(await updateBookmark(db, userId, tender, { notes }, now().toISOString()))) {
        throw notFound('bookmark_not_found', `${op}: Bookmark not found`);
      }
      return { bookmark: await existing(userId, tender, op), error: null };
    },
  );

  app.patch(
    '/bookmarks/:userId/:tenderNoticeId',
    {
      schema: {
        tags,
        security,
        summary: 'Archive a bookmark or make it active again (stamps updated_at)',
        params: bookmarkParamsSchema,
        body: bookmarkStatusBodySchema,
        response: { 200: bookmarkResultSchema, ...errors(400, 401, 403, 404, 415) },
      },
    },
    async (req, reply) => {
      const op = BOOKMARK_MESSAGES.statusFailed;
      const userId = await owner(req, reply, req.params.userId, op);
      const tender = await tenderId(req.params.tenderNoticeId, op);
      if (!(await updateBookmark(db, userId, tender, { status: req.body.status }, now().toISOString()))) {
        throw notFound('bookmark_not_found', `${op}: Bookmark not found`);
      }
      return { bookmark: await existing(userId, tender, op), error: null };
    },
  );
};
