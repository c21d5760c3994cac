import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * The built app the e2e server serves. `E2E_WEB_DIST` points elsewhere when several people build and
 * test in one checkout at once (`npx vite build apps/web --outDir /tmp/my-dist`).
 */
export const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
