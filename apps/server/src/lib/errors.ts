import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@app/shared/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new HttpError(400, code, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, 'forbidden', message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Maps Fastify's own error codes to ours, so every client sees one shape. */
function codeForFastifyError(err: FastifyError): ErrorCode {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'unsupported_media_type';
    default:
      return 'validation_failed';
  }
}

/** One error handler: `{statusCode, code, error, message}`; 5xx text is never sent. */
export function errorHandler(err: FastifyError | HttpError | Error, req: FastifyRequest, reply: FastifyReply) {
  let statusCode = 500;
  let code: ErrorCode = 'internal_error';
  let message = 'Something went wrong on our side. Please try again.';

  if (err instanceof HttpError) {
    statusCode = err.statusCode;
    code = err.code;
    message = err.message;
    if (err.headers) void reply.headers(err.headers);
  } else if (hasZodFastifySchemaValidationErrors(err)) {
    statusCode = 400;
    code = 'validation_failed';
    message = err.validation
      .map((v) => `${v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'}: ${v.message ?? 'is invalid'}`)
      .join('; ');
  } else if (
    'statusCode' in err &&
    typeof err.statusCode === 'number' &&
    err.statusCode >= 400 &&
    err.statusCode < 500
  ) {
    statusCode = err.statusCode;
    code = codeForFastifyError(err);
    message = err.message;
  }

  if (statusCode >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ code, statusCode }, message);

  return reply.status(statusCode).send({ statusCode, code, error: STATUS_TEXT[statusCode] ?? 'Error', message });
}
