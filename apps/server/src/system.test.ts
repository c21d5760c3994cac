import { describe, expect, test } from 'vitest';
import { buildTestApp, testDialect } from '../test/build-test-app.ts';
import { loadEnv } from './env.ts';

describe('system', () => {
  test('GET /api/health answers ok with the database in use', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: testDialect });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  test('unknown API routes get the one error shape', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'route_not_found',
      error: 'Not Found',
      message: 'No route for GET /api/nope',
    });
  });

  test('OpenAPI document is generated from the schemas', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  test('loadEnv fails at start with a readable list', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrowError(
      /Invalid environment:[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
    );
  });
});
