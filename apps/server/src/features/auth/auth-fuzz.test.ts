import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';

/**
 * Bad input never gives a 5xx (issue 3): arbitrary JSON bodies, nearly-valid bodies, raw text and
 * odd path parameters against every auth and profile endpoint, signed in and signed out.
 */
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let signedIn: TestClient;
let userId = '';
const password = 'fuzzing passphrase 9';

beforeAll(async () => {
  ctx = await buildTestApp();
  await createConfirmedUser(ctx.dbh, 'fuzz@example.ca', password);
  signedIn = new TestClient(ctx.app);
  userId = (await signedIn.signIn('fuzz@example.ca', password)).user.id;
});

const BODY_ROUTES = [
  ['POST', '/api/auth/signup'],
  ['POST', '/api/auth/signin'],
  ['POST', '/api/auth/confirm-email'],
  ['POST', '/api/auth/resend-confirmation'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/update-password'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/change-email'],
  ['POST', '/api/profile'],
  ['DELETE', '/api/auth/account'],
] as const;

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 300, unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', 'a@b', 'x@example.ca', 'Ontario', 'it-services', '1-10', 'null', '💥'.repeat(70)),
  fc.emailAddress(),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const FIELDS = [
  'email',
  'password',
  'locale',
  'token',
  'accessToken',
  'currentPassword',
  'newPassword',
  'endOtherSessions',
  'newEmail',
  'id',
  'company_name',
  'company_size',
  'industry',
  'primary_services',
  'service_regions',
  'government_experience',
  'typical_contract_size',
  'onboarding_completed',
];
/** Objects with the real field names and arbitrary values: these get past the JSON parser into validation and handlers. */
const nearlyValid = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });
const body = fc.oneof(nearlyValid, fc.jsonValue({ maxDepth: 3 }));

function assertNo5xx(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode >= 500) throw new Error(`${what} → ${res.statusCode} ${res.body}`);
  expect(res.statusCode).toBeGreaterThanOrEqual(200);
}

describe('no 5xx for any input', () => {
  test('arbitrary JSON bodies, signed in and signed out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ROUTES),
        body,
        fc.boolean(),
        async ([method, url], payload, withSession) => {
          const res = await ctx.app.inject({
            method,
            url,
            remoteAddress: '10.9.9.9',
            headers: {
              origin: PUBLIC_ORIGIN,
              'content-type': 'application/json',
              ...(withSession && signedIn.cookie ? { cookie: signedIn.cookie } : {}),
            },
            payload: JSON.stringify(payload) ?? 'null',
          });
          assertNo5xx(res, `${method} ${url} ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  test('raw bodies, odd content types and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ROUTES),
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          '',
        ),
        fc.constantFrom(PUBLIC_ORIGIN, 'null', 'https://evil.example', ''),
        async ([method, url], payload, contentType, origin) => {
          const res = await ctx.app.inject({
            method,
            url,
            headers: { ...(origin ? { origin } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
            payload,
          });
          assertNo5xx(res, `${method} ${url} ${contentType} ${JSON.stringify(payload)}`);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  test('arbitrary path parameters and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 120, unit: 'binary' }),
        fc.string({ maxLength: 80 }),
        async (param, cookie) => {
          const id = encodeURIComponent(param);
          for (const [method, url] of [
            ['GET', `/api/profile/${id}`],
            ['DELETE', `/api/auth/sessions/${id}`],
          ] as const) {
            const res = await ctx.app.inject({
              method,
              url,
              headers: { origin: PUBLIC_ORIGIN, cookie: signedIn.cookie ?? '' },
            });
            assertNo5xx(res, `${method} ${url}`);
          }
          const anon = await ctx.app.inject({
            method: 'GET',
            url: '/api/auth/user',
            headers: { cookie: `sid=${encodeURIComponent(cookie)}` },
          });
          assertNo5xx(anon, `GET /api/auth/user with cookie ${cookie}`);
        },
      ),
      { numRuns: 200 },
    );
    // The fuzzing left the real session and profile usable.
    expect((await signedIn.get('/api/auth/user')).statusCode).toBe(200);
    expect((await signedIn.get(`/api/profile/${userId}`)).statusCode).toBe(200);
  }, 60_000);
});
