import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` exempts a route from the origin check (bearer-token or signature-verified calls only). */
    csrf?: boolean;
    /** `true` lets a route take a multipart/form-data body (file uploads); the Origin check still applies. */
    multipart?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginGuardOptions {
  /** Origins allowed to make state-changing calls: PUBLIC_URL's, plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** Names of the session cookie: a request carrying one must prove where it comes from. */
  sessionCookieNames: string[];
}

const forbiddenOrigin = (message: string) => new HttpError(403, 'forbidden_origin', message);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function hasCookie(req: FastifyRequest, names: string[]): boolean {
  const header = req.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => names.includes(part.split('=')[0]?.trim() ?? ''));
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: FastifyRequest): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') === true && type.endsWith('+json'));
}

function isMultipart(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/** Throws when a state-changing request may have been forged by another site. */
export function checkRequestOrigin(req: FastifyRequest, opts: OriginGuardOptions, allowMultipart = false): void {
  const allowed = new Set(opts.allowedOrigins);
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    throw forbiddenOrigin('Cross-site requests are not allowed');
  }
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  if (origin !== undefined) {
    if (!allowed.has(origin)) throw forbiddenOrigin('This request must come from the Breeze web app');
  } else if (referer !== undefined) {
    const refOrigin = originOf(referer);
    if (!refOrigin || !allowed.has(refOrigin)) throw forbiddenOrigin('This request must come from the Breeze web app');
  } else if (hasCookie(req, opts.sessionCookieNames)) {
    // A browser sends Origin on every cross-origin and same-origin POST; only a non-browser
    // client sends neither, and such a client has no business holding our session cookie.
    throw forbiddenOrigin('Requests with a session must send an Origin header');
  }
  // A JSON content type cannot be sent cross-site without a CORS preflight, which we never grant; a
  // form or text/plain body can, so it is refused like a foreign origin (403, SECURITY.md A.6).
  // A multipart upload route relies on the Origin/Sec-Fetch-Site checks above (a cross-site form can send one).
  if (hasBody(req) && !isJson(req) && !(allowMultipart && isMultipart(req))) {
    throw forbiddenOrigin('Requests that change something must send a JSON body (Content-Type: application/json)');
  }
}

/**
 * CSRF defence for the cookie-authenticated SPA (SECURITY.md A.6, ASVS 3.5.1-3.5.3): every
 * non-GET/HEAD/OPTIONS call under /api must come from an allowed origin and carry JSON.
 */
export function registerOriginGuard(app: FastifyInstance, opts: OriginGuardOptions): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const path = req.url.split('?')[0] ?? '';
    if (path !== '/api' && !path.startsWith('/api/')) return;
    void reply.header('vary', 'Origin, Sec-Fetch-Site');
    if (req.routeOptions.config.csrf === false) return;
    checkRequestOrigin(req, opts, req.routeOptions.config.multipart === true);
  });
}
