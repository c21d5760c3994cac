import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

/**
 * Security headers on every answer, API, pages, static files and errors alike (SECURITY.md A.11,
 * ASVS 3.4.x): a CSP with `object-src 'none'`, `base-uri 'none'` and `frame-ancestors 'none'`,
 * nosniff, a Referrer-Policy, and HSTS (1 year, subdomains) when the app is served over https.
 * Plain-http development gets no HSTS: a browser would ignore it there anyway.
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const https = env.PUBLIC_URL.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The app uses no <base> element: none may be injected (ASVS 3.4.3).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The CSP of Swagger UI at /api/docs (@fastify/swagger-ui's own, which lists its script and style
 * hashes), tightened to the app's rules. Swagger UI sets style attributes at run time, which style
 * hashes would block, and upgrade-insecure-requests breaks it on plain-http loopback.
 */
export function swaggerUiCsp(header: string): string {
  return header
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
    .replace(/base-uri [^;]*/, "base-uri 'none'")
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '');
}

/** Pages whose address can carry a mailed token (`?access_token=` is allowed by spec §2): no Referer leaves them. */
export const TOKEN_PAGES = ['/update-password', '/confirm-email'];
