import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@app/shared/errors';
import { EXPORT_HEADERS, EXPORT_MAX_ROWS, SEARCH_EXPORT_MAX_ROWS } from '@app/shared/constants';
import { exportBookmarksBodySchema, exportTendersBodySchema } from '@app/shared/exports';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume } from '../../lib/rate-limit.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { messageLocaleOf } from '../billing/billing.limits.ts';
import type { ExportFile, ExportService } from './exports.service.ts';

const tags = ['exports'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));
/** Beyond the plan's monthly count, a burst guard: each export reads up to 5,000 tenders. */
const EXPORT_RATE = { name: 'export', max: 30, windowMs: 10 * 60_000 };
const csv = z.string().describe('text/csv; charset=utf-8, with a UTF-8 byte-order mark');

export interface ExportRouteDeps {
  db: Db;
  exports: ExportService;
  sessions: Sessions;
  now: Clock;
}

/**
 * CSV exports (spec §6 'CSV exports', ADR 0013). POST, not GET: an export uses one of the plan's
 * monthly exports, and a state change never rides on a GET (SECURITY.md A.6), so the origin
 * guard covers it. The browser fetches the file and saves it from a blob.
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRouteDeps> = async (app, { db, exports, sessions, now }) => {
  async function caller(req: FastifyRequest, reply: FastifyReply) {
    const { account } = await sessions.require(req, reply);
    await consume(
      db,
      EXPORT_RATE,
      account.user.id,
      now(),
      'Too many exports in a short time. Please wait a few minutes.',
    );
    return { ...account.user, messageLocale: messageLocaleOf(req) };
  }

  function send(reply: FastifyReply, file: ExportFile) {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .header(EXPORT_HEADERS.rows, String(file.rows))
      .header(EXPORT_HEADERS.total, String(file.total))
      .send(file.body);
  }

  const description = (what: string, cap: number) =>
    `${what} Counts one export against the plan's monthly limit: beyond it, 402 plan_limit_reached with a message naming the limit and the upgrade. ` +
    `At most ${cap.toLocaleString('en-CA')} rows (the first ones, in the screen's order); ${EXPORT_HEADERS.rows} and ${EXPORT_HEADERS.total} say how many were written and matched. ` +
    'UTF-8 with a byte-order mark; cells that a spreadsheet would read as a formula (starting with = + - @ tab or CR) are prefixed with a quote (OWASP CSV injection).';

  app.post(
    '/exports/tenders',
    {
      schema: {
        tags,
        security,
        summary: 'CSV of the table view (its filters and text) or of the /search results (its criteria)',
        description: description(
          `source=table: the table view's result set, soonest closing first (up to ${EXPORT_MAX_ROWS.toLocaleString('en-CA')} rows). source=search: the search results in rank order with their match percentage (up to ${SEARCH_EXPORT_MAX_ROWS.toLocaleString('en-CA')}).`,
          EXPORT_MAX_ROWS,
        ),
        body: exportTendersBodySchema,
        response: { 200: csv, ...errors(400, 401, 402, 403, 415, 429) },
      },
    },
    async (req, reply) => {
      const user = await caller(req, reply);
      const body = req.body;
      const locale = body.locale ?? user.locale;
      const file =
        body.source === 'table'
          ? await exports.table(user, body.query, locale)
          : await exports.search(user, body.criteria, locale);
      return send(reply, file);
    },
  );

  app.post(
    '/exports/bookmarks',
    {
      schema: {
        tags,
        security,
        summary: "CSV of the caller's bookmarks with their notes and status",
        description: description('Newest first, as in the bookmarks view; `status` keeps one status.', EXPORT_MAX_ROWS),
        body: exportBookmarksBodySchema,
        response: { 200: csv, ...errors(400, 401, 402, 403, 415, 429) },
      },
    },
    async (req, reply) => {
      const user = await caller(req, reply);
      const file = await exports.bookmarks(user, req.body.status, req.body.locale ?? user.locale);
      return send(reply, file);
    },
  );
};
