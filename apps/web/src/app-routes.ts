import { CONTENT_PAGES } from './content-pages.ts';
import { paths } from './paths.ts';

/**
 * Every address the app answers, as React Router patterns: the paths of `paths.ts` (the router
 * takes its paths from there) plus the content pages of the `/:page` route. The build writes this
 * list to `dist/app-routes.json` (vite.config.ts); the server answers HTTP 404 for any other
 * address. One source: a route added to paths.ts is known to the server with the next build.
 */
export function appRoutePatterns(): string[] {
  const patterns = [...Object.values(paths).map((p) => p.path), ...CONTENT_PAGES.map((page) => `/${page}`)];
  return [...new Set<string>(patterns)].sort();
}
