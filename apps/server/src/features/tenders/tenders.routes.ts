import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';

export const tenderRoutes: FastifyPluginAsyncZod<{ env: Env; dbh: DbHandle }> = async () => {};
