import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filterOptionsSchema,
  pageQuerySchema,
  tableQuerySchema,
  tenderPageSchema,
  tenderSchema,
  tenderStatsSchema,
  tenderVersionSchema,
  TENDER_MESSAGES,
} from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { memoize } from '../../lib/memoize.ts';
import {
  findTender,
  findTendersByIds,
  listOpenTenders,
  listTenderVersions,
  queryTenderTable,
  tenderFilterOptions,
  tenderStats,
} from './tenders.queries.ts';

const idParams = z.object({ id: z.string().trim().min(1).max(200) });
const tags = ['tenders'];

export interface TenderRouteDeps {
  env: Env;
  dbh: DbHandle;
  now?: Clock;
}

// The lookups below are GETs and record nothing: the detail page records a view with POST /api/activity/viewed.
export const tenderRoutes: FastifyPluginAsyncZod<TenderRouteDeps> = async (app, { dbh, now = systemClock }) => {
  const { db, dialect } = dbh;
  // Facet counts and stats scan the table; a short cache keeps them cheap under load.
  // Stale for at most 30 s, and nothing that must be shared between processes.
  const cachedFilterOptions = memoize(() => tenderFilterOptions(db), 30_000);
  const cachedStats = memoize(() => tenderStats(db, now()), 30_000);

  app.get(
    '/tenders/getOpenTenderNoticesFromDB',
    {
      schema: {
        tags,
        summary: 'Open tenders, soonest closing first',
        description: 'Paginated with page/limit; the total is in the X-Total-Count header.',
        querystring: pageQuerySchema,
        response: { 200: z.array(tenderSchema) },
      },
    },
    async (req, reply) => {
      const { tenders, total } = await listOpenTenders(db, req.query);
      void reply.header('x-total-count', String(total));
      return tenders;
    },
  );

  app.get(
    '/tenders/getTenderById/:id',
    { schema: { tags, summary: 'One tender', params: idParams, response: { 200: tenderSchema } } },
    async (req) => {
      const tender = await findTender(db, req.params.id);
      if (!tender) throw notFound('tender_not_found', TENDER_MESSAGES.notFound);
      return tender;
    },
  );

  app.get(
    '/tender-notice/:id',
    { schema: { tags, summary: 'One tender, or null', params: idParams, response: { 200: tenderSchema.nullable() } } },
    async (req) => {
      const tender = await findTender(db, req.params.id);
      return tender ?? null;
    },
  );

  app.post(
    '/tenders/getTendersFromBookmarkIds',
    {
      schema: {
        tags,
        summary: 'Tenders for a list of bookmarked ids, in the order given',
        body: z.object({ bookmarkIds: z.array(z.string().max(200)).max(500) }).strict(),
        response: { 200: z.array(tenderSchema) },
      },
    },
    async (req) => findTendersByIds(db, req.body.bookmarkIds),
  );

  app.post(
    '/tenders/table',
    {
      schema: {
        tags,
        summary: 'The table view: filters, text match on title, description and organization, 50 a page',
        body: tableQuerySchema,
        response: { 200: tenderPageSchema },
      },
    },
    async (req) => queryTenderTable(db, dialect, req.body),
  );

  app.get(
    '/tenders/filter-options',
    { schema: { tags, summary: 'Filter values with counts', response: { 200: filterOptionsSchema } } },
    async () => cachedFilterOptions(),
  );

  app.get(
    '/tenders/stats',
    {
      schema: {
        tags,
        summary: 'Live figures: open tenders, added this week, organizations, sources',
        response: { 200: tenderStatsSchema },
      },
    },
    async () => cachedStats(),
  );

  app.get(
    '/tenders/:id/versions',
    {
      schema: {
        tags,
        summary: 'Earlier versions of an amended tender, newest first',
        params: idParams,
        response: { 200: z.array(tenderVersionSchema) },
      },
    },
    async (req) => {
      const tender = await findTender(db, req.params.id);
      if (!tender) throw notFound('tender_not_found', TENDER_MESSAGES.notFound);
      const versions = await listTenderVersions(db, tender.id);
      return versions.map((v) => {
        const snap = parseSnapshot(v.snapshot);
        return {
          amendment_number: v.amendment_number,
          replaced_at: v.replaced_at,
          title: str(snap.title) ?? tender.title,
          description: str(snap.description),
          closing_date: str(snap.closing_date),
          status: str(snap.status),
        };
      });
    },
  );
};

function parseSnapshot(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
const str = (v: unknown) => (typeof v === 'string' ? v : null);
