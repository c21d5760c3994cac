import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/errors';
import { searchCriteriaSchema, searchResponseSchema, type SearchResponse } from '@app/shared/tender';
import type { DbHandle } from '../../../db/connect.ts';
import type { ActivityLog } from '../../activity/activity.service.ts';
import { searchTendersJson } from './search.ts';

/** `activity` records "searched" for a signed-in caller's new search (a non-blank q, first page). */
export const searchRoutes: FastifyPluginAsyncZod<{ dbh: DbHandle; activity?: ActivityLog }> = async (
  app,
  { dbh, activity },
) => {
  app.post(
    '/tenders/searchTenders',
    {
      schema: {
        tags: ['tenders'],
        summary: 'Search tenders: keywords, natural language and filters (spec §7)',
        description:
          'Without tender_status only open tenders are searched. An empty q lists tenders by closing date. ' +
          'search_score × 10 is the match percentage (ADR 0004).',
        body: searchCriteriaSchema,
        response: { 200: searchResponseSchema, 400: errorBodySchema },
      },
    },
    async (req, reply) => {
      const { json, total, lowerBound } = await searchTendersJson(dbh, req.body);
      const q = req.body.q.trim();
      if (activity && q && req.body.offset === 0) {
        const count = `${total}${lowerBound ? '+' : ''} ${total === 1 ? 'result' : 'results'}`;
        await activity.recordForCaller(req, { kind: 'searched', query: q, detail: count });
      }
      // Fastify sends the JSON bytes as they are (no second serialization). They are built by
      // searchTendersJson from typed rows and not validated here (zod parsing cost as much as a
      // search); search.test.ts validates responses against searchResponseSchema instead. The
      // cast only tells the type provider so.
      return reply.type('application/json; charset=utf-8').send(json as unknown as SearchResponse);
    },
  );
};
