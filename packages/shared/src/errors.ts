import { z } from 'zod';

/** Every error the API sends has this body (Fastify's own shape, plus a stable `code`). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'route_not_found',
  'tender_not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'ingest_in_progress',
  'ingest_source_unreachable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
