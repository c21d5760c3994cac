import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../../db/connect.ts';

// PLACEHOLDER: the search helper replaces this file with POST /tenders/searchTenders.
export const searchRoutes: FastifyPluginAsyncZod<{ dbh: DbHandle }> = async () => {};
