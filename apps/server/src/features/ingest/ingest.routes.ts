import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@app/shared/errors';
import { ingestRunSchema } from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';
import { HttpError } from '../../lib/errors.ts';
import { requireAdmin } from './admin-auth.ts';
import type { IngestFailure, IngestResult } from './ingest.ts';
import { listRuns } from './ingest.queries.ts';
import { runRefresh } from './ingest.jobs.ts';

const refreshBodySchema = z
  .object({
    /** Another CSV in the CanadaBuys format; default: the official new-notice and open files. */
    url: z
      .url({ protocol: /^https?$/, message: 'Expected an http or https URL' })
      .max(2048)
      .optional(),
  })
  .strict()
  .optional();

const runsResponseSchema = z.object({ runs: z.array(ingestRunSchema) });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

function failureError(f: IngestFailure): HttpError {
  if (f.kind === 'invalid_file') return new HttpError(422, 'ingest_file_invalid', f.message);
  return new HttpError(503, 'ingest_source_unreachable', `The tender source could not be read: ${f.message}`);
}

/** 200 when at least one run succeeded (each run shows its own status); otherwise the first failure. */
function respond(results: IngestResult[]) {
  const failure = results.every((r) => r.failure) ? results[0]?.failure : null;
  if (failure) throw failureError(failure);
  return { runs: results.map((r) => r.run) };
}

/** `onIngested` runs after a refresh that added tenders (the alert digests; ADR 0012). */
export const ingestRoutes: FastifyPluginAsyncZod<{ env: Env; dbh: DbHandle; onIngested?: () => void }> = async (
  app,
  { env, dbh, onIngested },
) => {
  // onRequest, not preHandler: refuse strangers before the body is parsed or validated.
  const onRequest = requireAdmin(env);

  app.post(
    '/tenders/refreshTenders',
    {
      // Bearer-token call: no cookie, so the origin (CSRF) check does not apply.
      config: { csrf: false },
      onRequest,
      schema: {
        tags: ['ingest'],
        summary: 'Fetch and ingest CanadaBuys tender notices now (administrators)',
        description:
          'Without a body, ingests the official new-notice and open-notice files. Idempotent: unchanged ' +
          'notices are counted, amended ones updated with their previous version kept.',
        security: [{ adminToken: [] }],
        body: refreshBodySchema,
        response: { 200: runsResponseSchema, ...errors, 422: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (req) => respond(await runRefresh({ env, dbh, log: req.log, onIngested }, { url: req.body?.url })),
  );

  app.get(
    '/ingest/runs',
    {
      onRequest,
      schema: {
        tags: ['ingest'],
        summary: 'Recent ingest runs, newest first (administrators)',
        security: [{ adminToken: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: runsResponseSchema, ...errors },
      },
    },
    async (req) => ({ runs: await listRuns(dbh.db, req.query.limit) }),
  );
};
