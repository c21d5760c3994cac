import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/errors';
import { searchCriteriaSchema, searchResponseSchema } from '@app/shared/tender';
import type { DbHandle } from '../../../db/connect.ts';
import { searchTenders } from './search.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ dbh: DbHandle }> = async (app, { dbh }) => {
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
    async (req) => searchTenders(dbh, req.body),
  );
};
