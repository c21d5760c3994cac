import type { FastifyRequest } from 'fastify';

/** Query parameters that can hold a secret (a mailed token in `?access_token=`): never logged (ASVS 16.2.5). */
const SECRET_PARAMS = /([?&](?:access_token|token|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request serializer with secrets taken out of the logged URL. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
