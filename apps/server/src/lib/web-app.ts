import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { HttpError } from './errors.ts';
import { TOKEN_PAGES } from './security-headers.ts';

/**
 * The web build writes the app's route patterns (taken from apps/web/src/paths.ts and the content
 * pages, see apps/web/src/app-routes.ts) to `app-routes.json` beside index.html.
 */
export const APP_ROUTES_FILE = 'app-routes.json';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher for React Router path patterns (`/tender-notice/:id`): static segments match as they
 * are (case-insensitively, as React Router does), `:param` matches one segment, a trailing slash is
 * allowed.
 */
export function appRouteMatcher(patterns: string[]): (pathname: string) => boolean {
  const regexps = patterns.map((pattern) => {
    const segments = pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
    return new RegExp(segments.length ? `^/${segments.join('/')}/?$` : '^/$', 'i');
  });
  return (pathname) => regexps.some((re) => re.test(pathname));
}

function readRoutePatterns(dist: string, app: FastifyInstance): string[] | undefined {
  const file = resolve(dist, APP_ROUTES_FILE);
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.every((p) => typeof p === 'string')) return parsed;
    app.log.warn({ file }, 'app route list is not a list of paths: every address gets the app with 200');
  } catch {
    app.log.warn({ file }, 'no app route list (an older build?): every address gets the app with 200');
  }
  return undefined;
}

/**
 * Serves the built SPA with a fallback to index.html for its routes; /api stays JSON. An address
 * that is not an app route gets the same page (the app draws its 404 page) with HTTP 404, so
 * crawlers and link checkers see a real 404.
 */
export async function registerWebApp(app: FastifyInstance, env: Env): Promise<void> {
  const dist = resolve(env.WEB_DIST_DIR);
  const hasWeb = existsSync(resolve(dist, 'index.html'));
  const patterns = hasWeb ? readRoutePatterns(dist, app) : undefined;
  const isAppRoute = patterns ? appRouteMatcher(patterns) : () => true;
  const tokenPage = appRouteMatcher(TOKEN_PAGES);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // '/api' and '/api/…' only: '/api-docs' is a page of the app (it redirects to /api/docs).
    if (path === '/api' || path.startsWith('/api/') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw new HttpError(404, 'route_not_found', `No route for ${req.method} ${path}`);
    }
    // A reset link may carry its token in the query string (spec §2): no Referer may leave that page.
    if (tokenPage(path)) void reply.header('referrer-policy', 'no-referrer');
    // The page names this build's assets: never cached without revalidation.
    return reply
      .code(isAppRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}
