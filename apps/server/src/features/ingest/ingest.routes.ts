import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';

// PLACEHOLDER: the ingestion helper replaces this file with POST /tenders/refreshTenders.
export const ingestRoutes: FastifyPluginAsyncZod<{ env: Env; dbh: DbHandle }> = async () => {};
