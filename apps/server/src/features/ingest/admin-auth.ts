import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';
import { forbidden, HttpError } from '../../lib/errors.ts';

// Admin-only calls use a bearer token from the environment until accounts carry roles.

/** Compares digests, so neither the content nor the length of the token leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * preHandler: 401 without a bearer token, 403 with a wrong one. With no ADMIN_TOKEN
 * configured nobody is an administrator, so every call is 403.
 */
export function requireAdmin(env: Env) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!env.ADMIN_TOKEN) throw forbidden('Admin calls are disabled: ADMIN_TOKEN is not configured');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) {
      throw new HttpError(401, 'unauthorized', 'Send the admin token as Authorization: Bearer <token>', {
        'www-authenticate': 'Bearer',
      });
    }
    if (!sameSecret(match[1], env.ADMIN_TOKEN)) throw forbidden('This call is reserved to administrators');
  };
}
