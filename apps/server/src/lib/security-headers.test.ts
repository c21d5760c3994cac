import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_ORIGIN } from '../../test/auth-helpers.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { APP_ROUTES_FILE, appRouteMatcher } from './web-app.ts';

/**
 * Security headers on every kind of answer (SECURITY.md A.11: one test over API routes, pages,
 * 404s and static files) and the SPA fallback's status codes. The web build is a small stand-in
 * written here; the e2e tests check the real one.
 */
let dist: string;
const INDEX =
  '<!doctype html><html lang="en"><head><title>Breeze</title></head><body><div id="root"></div></body></html>';
const ROUTES = ['/', '/sign-in', '/update-password', '/confirm-email', '/tender-notice/:id', '/help', '/about'];

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'breeze-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  writeFileSync(join(dist, 'assets', 'app-abc123.css'), 'body{margin:0}\n');
  writeFileSync(join(dist, APP_ROUTES_FILE), JSON.stringify(ROUTES));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = (publicUrl = PUBLIC_ORIGIN, webDist = dist) =>
  buildTestApp({ env: { PUBLIC_URL: publicUrl, WEB_DIST_DIR: webDist } });

type Probe = {
  name: string;
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  status: number;
  type: RegExp;
  body?: unknown;
};
const PROBES: Probe[] = [
  { name: 'auth API, signed out', method: 'GET', url: '/api/auth/user', status: 401, type: /^application\/json/ },
  {
    name: 'auth API, bad body',
    method: 'POST',
    url: '/api/auth/signin',
    status: 400,
    type: /^application\/json/,
    body: { email: 'nope' },
  },
  { name: 'API 404', method: 'GET', url: '/api/no-such-route', status: 404, type: /^application\/json/ },
  { name: 'app page', method: 'GET', url: '/sign-in', status: 200, type: /^text\/html/ },
  { name: 'reset page', method: 'GET', url: '/update-password', status: 200, type: /^text\/html/ },
  { name: 'page 404', method: 'GET', url: '/no-such-page', status: 404, type: /^text\/html/ },
  { name: 'static script', method: 'GET', url: '/assets/app-abc123.js', status: 200, type: /javascript/ },
  { name: 'static stylesheet', method: 'GET', url: '/assets/app-abc123.css', status: 200, type: /^text\/css/ },
  { name: 'API docs', method: 'GET', url: '/api/docs', status: 200, type: /^text\/html/ },
];

describe('security headers (ASVS 3.4.x, 4.1.1)', () => {
  test.each(PROBES)('$name: CSP, nosniff, Referrer-Policy and a charset', async (probe) => {
    const { app: server } = await app();
    const res = await server.inject({
      method: probe.method,
      url: probe.url,
      headers: { origin: PUBLIC_ORIGIN },
      ...(probe.body ? { payload: probe.body as Record<string, unknown> } : {}),
    });
    expect(res.statusCode).toBe(probe.status);
    const csp = String(res.headers['content-security-policy']);
    // ASVS 3.4.3 and 3.4.6: object-src and base-uri 'none', frame-ancestors instead of X-Frame-Options alone.
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    const type = String(res.headers['content-type']);
    expect(type).toMatch(probe.type);
    expect(type.toLowerCase()).toContain('charset=utf-8');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http: no HSTS
  });

  test('over https every answer carries HSTS for a year with subdomains', async () => {
    const { app: server } = await app('https://breeze.example.ca');
    for (const probe of PROBES) {
      const res = await server.inject({
        method: probe.method,
        url: probe.url,
        headers: { origin: 'https://breeze.example.ca' },
        ...(probe.body ? { payload: probe.body as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, probe.name).toBe(probe.status);
      expect(res.headers['strict-transport-security'], probe.name).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('the pages a mailed token can reach send Referrer-Policy: no-referrer', async () => {
    const { app: server } = await app();
    for (const url of [
      '/update-password',
      '/update-password?access_token=abc',
      '/update-password/',
      '/confirm-email',
    ]) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    expect((await server.inject({ method: 'GET', url: '/sign-in' })).headers['referrer-policy']).toBe(
      'strict-origin-when-cross-origin',
    );
  });
});

describe('the SPA fallback', () => {
  test('app routes answer 200 with the app; any other address 404 with the same app page (it draws the 404)', async () => {
    const { app: server } = await app();
    for (const url of [
      '/',
      '/sign-in',
      '/Sign-In',
      '/about/',
      '/help?x=1',
      '/tender-notice/cb-123',
      '/tender-notice/a%20b',
    ]) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    for (const url of [
      '/no-such-page',
      '/help/extra',
      '/tender-notices',
      '/tender-notice/a/b',
      '/sign-in-now',
      '/.git/config',
    ]) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await server.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await server.inject({ method: 'HEAD', url: '/help' })).statusCode).toBe(200);
    // The API keeps its JSON 404, and other methods never get the page.
    expect((await server.inject({ method: 'GET', url: '/api/nope' })).json()).toMatchObject({
      code: 'route_not_found',
    });
    expect((await server.inject({ method: 'DELETE', url: '/help' })).statusCode).toBe(404);
  });

  test('without a route list (an older build) every address gets the app with 200', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'breeze-dist-'));
    writeFileSync(join(bare, 'index.html'), INDEX);
    try {
      const { app: server } = await app(PUBLIC_ORIGIN, bare);
      expect((await server.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(200);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  test('route patterns match like React Router: one segment per parameter, any case, optional trailing slash', () => {
    const match = appRouteMatcher(['/', '/tender-notice/:id', '/subscription/success']);
    expect(match('/')).toBe(true);
    expect(match('/tender-notice/x')).toBe(true);
    expect(match('/TENDER-NOTICE/x/')).toBe(true);
    expect(match('/tender-notice/')).toBe(false);
    expect(match('/tender-notice')).toBe(false);
    expect(match('/subscription/success')).toBe(true);
    expect(match('/subscription')).toBe(false);
    expect(match('//')).toBe(false);
  });
});
