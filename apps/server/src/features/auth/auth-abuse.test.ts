import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, createTestClock, HOUR, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { startMailCatcher, tokenFromLink, type MailCatcher } from '../../../test/mail-catcher.ts';
import { hit } from '../../lib/rate-limit.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { BACKOFF_AFTER_FAILURES, BACKOFF_MAX_SECONDS, LIMITS } from './auth.limits.ts';

/** Enumeration (SECURITY.md A.3), rate limits (A.4) and cross-origin refusal (A.6). */
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clock = createTestClock();
const known = 'known@example.ca';
const knownPassword = 'the known user passphrase';
let ipSeq = 0;
/** A fresh address per client, so per-IP buckets do not mix the scenarios. */
const client = (opts: { origin?: string | null; ip?: string } = {}) =>
  new TestClient(ctx.app, {
    ip: opts.ip ?? `192.0.2.${++ipSeq}`,
    ...(opts.origin !== undefined ? { origin: opts.origin } : {}),
  });

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({
    env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC_ORIGIN, ALLOWED_ORIGINS: 'http://localhost:5173' },
    now: clock.now,
  });
  await createConfirmedUser(ctx.dbh, known, knownPassword, clock.now());
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed(fn: () => Promise<{ statusCode: number }>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

describe('no account enumeration', () => {
  test('sign-in: a wrong password and an unknown email answer the same status and body', async () => {
    const a = await client().post('/api/auth/signin', { email: known, password: 'wrong password here' });
    const b = await client().post('/api/auth/signin', { email: 'unknown@example.ca', password: 'wrong password here' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({
      statusCode: 401,
      code: 'invalid_credentials',
      error: 'Unauthorized',
      message: 'Invalid email or password',
    });
  });

  test('sign-up: a taken address and a new one answer the same; the owner is told by mail', async () => {
    const a = await client().post('/api/auth/signup', { email: known, password: 'another long passphrase' });
    const b = await client().post('/api/auth/signup', {
      email: 'newcomer@example.ca',
      password: 'another long passphrase',
    });
    expect(a.statusCode).toBe(200);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    expect((await catcher.next(known, 'Someone tried to sign up')).text).toContain(`${PUBLIC_ORIGIN}/sign-in`);
    await catcher.next('newcomer@example.ca', 'Confirm');
  });

  test('reset: a known and an unknown address answer the same', async () => {
    const a = await client().post('/api/auth/reset-password', { email: known });
    const b = await client().post('/api/auth/reset-password', { email: 'nobody-here@example.ca' });
    expect(a.statusCode).toBe(200);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    await catcher.next(known, 'Reset');
  });

  test('response times for known and unknown addresses are close (medians of 20 tries)', async () => {
    const tries = 20;
    const signinKnown: number[] = [];
    const signinUnknown: number[] = [];
    const resetKnown: number[] = [];
    const resetUnknown: number[] = [];
    const signupKnown: number[] = [];
    const signupNew: number[] = [];
    for (let i = 0; i < tries; i++) {
      clock.advance(HOUR); // a new window: no backoff or per-address cap in the way
      signinKnown.push(
        await timed(() => client().post('/api/auth/signin', { email: known, password: `wrong password ${i}` })),
      );
      signinUnknown.push(
        await timed(() =>
          client().post('/api/auth/signin', { email: `ghost${i}@example.ca`, password: `wrong password ${i}` }),
        ),
      );
      resetKnown.push(await timed(() => client().post('/api/auth/reset-password', { email: known })));
      resetUnknown.push(
        await timed(() => client().post('/api/auth/reset-password', { email: `ghost${i}@example.ca` })),
      );
      signupKnown.push(
        await timed(() => client().post('/api/auth/signup', { email: known, password: 'some long passphrase' })),
      );
      signupNew.push(
        await timed(() =>
          client().post('/api/auth/signup', { email: `fresh${i}@example.ca`, password: 'some long passphrase' }),
        ),
      );
    }
    // Generous margins: argon2 dominates sign-in and sign-up (~30-60 ms); reset does no hashing.
    expect(Math.abs(median(signinKnown) - median(signinUnknown))).toBeLessThan(25);
    expect(Math.abs(median(signupKnown) - median(signupNew))).toBeLessThan(25);
    expect(Math.abs(median(resetKnown) - median(resetUnknown))).toBeLessThan(15);
  }, 60_000);
});

describe('rate limits', () => {
  test(`an account backs off after ${BACKOFF_AFTER_FAILURES} failures, from any IP; another account on the same IP is not locked`, async () => {
    clock.advance(HOUR);
    const victim = 'victim@example.ca';
    await createConfirmedUser(ctx.dbh, victim, 'victim passphrase 42', clock.now());
    const attacker = client({ ip: '198.51.100.9' });
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i++) {
      expect(
        (await attacker.post('/api/auth/signin', { email: victim, password: `guess ${i} guess` })).statusCode,
      ).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/signin', { email: victim, password: 'victim passphrase 42' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Other IPs are blocked too: the count is per account.
    for (let i = 0; i < 20; i++) {
      expect((await client().post('/api/auth/signin', { email: victim, password: 'another guess!' })).statusCode).toBe(
        429,
      );
    }
    // An unknown address behaves the same, so the lock reveals nothing.
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i++) {
      await attacker.post('/api/auth/signin', { email: 'ghost-victim@example.ca', password: `guess ${i} guess` });
    }
    expect(
      (await attacker.post('/api/auth/signin', { email: 'ghost-victim@example.ca', password: 'x-guess-x' })).statusCode,
    ).toBe(429);
    // Another account from the attacker's IP still signs in.
    await new TestClient(ctx.app, { ip: '198.51.100.9' }).signIn(known, knownPassword);
  });

  test('the backoff doubles (1 s, 2 s, 4 s …) and the hard cap of 100 failures holds for the hour', async () => {
    clock.advance(HOUR);
    const target = 'target@example.ca';
    const attempt = () => client().post('/api/auth/signin', { email: target, password: 'a wrong guess' });
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i++) expect((await attempt()).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      clock.advance(waits.at(-1)! * 1000);
      expect((await attempt()).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // 100 failures in the window (counted straight into the shared table): blocked until the window ends,
    // even after the longest backoff has passed.
    for (let i = 0; i < LIMITS.signinFailuresPerAccount.max; i++) {
      await hit(ctx.dbh.db, LIMITS.signinFailuresPerAccount, sha256Hex(target), clock.now());
    }
    clock.advance((BACKOFF_MAX_SECONDS + 1) * 1000);
    const capped = await attempt();
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  test('a locked account can still reset its password, and the reset lifts the lock', async () => {
    clock.advance(HOUR);
    const locked = 'locked@example.ca';
    await createConfirmedUser(ctx.dbh, locked, 'locked passphrase 1', clock.now());
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i++)
      await client().post('/api/auth/signin', { email: locked, password: `bad guess ${i}` });
    expect(
      (await client().post('/api/auth/signin', { email: locked, password: 'locked passphrase 1' })).statusCode,
    ).toBe(429);
    expect((await client().post('/api/auth/reset-password', { email: locked })).statusCode).toBe(200);
    const { token } = tokenFromLink((await catcher.next(locked, 'Reset')).text, 'access_token');
    const res = await client().post('/api/auth/update-password', {
      password: 'locked passphrase 2',
      accessToken: token,
    });
    expect(res.statusCode).toBe(200);
    await client().signIn(locked, 'locked passphrase 2');
  });

  test(`sign-ups per IP are capped at ${LIMITS.signupPerIp.max} an hour`, async () => {
    clock.advance(HOUR);
    const ip = '203.0.113.50';
    for (let i = 0; i < LIMITS.signupPerIp.max; i++) {
      // Common passwords are refused after the count, so these cost no hashing.
      expect(
        (await client({ ip }).post('/api/auth/signup', { email: `bulk${i}@example.ca`, password: 'password123' }))
          .statusCode,
      ).toBe(400);
    }
    const res = await client({ ip }).post('/api/auth/signup', {
      email: 'one-more@example.ca',
      password: 'password123',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(
      (await client().post('/api/auth/signup', { email: 'other-ip@example.ca', password: 'password123' })).statusCode,
    ).toBe(400);
  });

  test(`reset mails to one address are capped at ${LIMITS.mailsPerAddress.max} an hour, with the same answer`, async () => {
    clock.advance(HOUR);
    const before = catcher.mails.filter((m) => m.to.includes(known)).length;
    for (let i = 0; i < LIMITS.mailsPerAddress.max + 3; i++) {
      const res = await client().post('/api/auth/reset-password', { email: known });
      expect(res.statusCode).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 300));
    const after = catcher.mails.filter((m) => m.to.includes(known)).length;
    expect(after - before).toBe(LIMITS.mailsPerAddress.max);
  });
});

describe('state-changing requests must come from the app (CSRF)', () => {
  const body = { email: 'csrf@example.ca' };

  test('a foreign Origin is refused with 403', async () => {
    const res = await client({ origin: 'https://evil.example' }).post('/api/auth/reset-password', body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden_origin' });
    expect(res.headers.vary).toContain('Origin');
    expect((await client({ origin: 'null' }).post('/api/auth/reset-password', body)).statusCode).toBe(403);
  });

  test('Sec-Fetch-Site: cross-site is refused even with a plausible Origin', async () => {
    const res = await client().post('/api/auth/reset-password', body, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden_origin' });
  });

  test('a cross-site form post (text/plain body) is refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { origin: PUBLIC_ORIGIN, 'content-type': 'text/plain' },
      payload: '{"email":"x"}',
    });
    expect(res.statusCode).toBe(415);
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.ca',
    });
    expect(form.statusCode).toBe(415);
  });

  test('a foreign Referer without Origin is refused', async () => {
    const res = await client({ origin: null }).post('/api/auth/reset-password', body, {
      referer: 'https://evil.example/page',
    });
    expect(res.statusCode).toBe(403);
  });

  test('a session cookie without Origin or Referer is refused; the same call with Origin passes', async () => {
    const signedIn = client();
    await signedIn.signIn(known, knownPassword);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: signedIn.cookie! },
    });
    expect(res.statusCode).toBe(403);
    expect((await signedIn.get('/api/auth/user')).statusCode).toBe(200); // still signed in
    expect((await signedIn.post('/api/auth/signout')).statusCode).toBe(200);
  });

  test('the app origin, an ALLOWED_ORIGINS entry and cookie-less non-browser clients pass', async () => {
    expect((await client().post('/api/auth/reset-password', body)).statusCode).toBe(200);
    expect((await client({ origin: 'http://localhost:5173' }).post('/api/auth/reset-password', body)).statusCode).toBe(
      200,
    );
    expect(
      (
        await client({ origin: null }).post('/api/auth/reset-password', body, {
          referer: `${PUBLIC_ORIGIN}/reset-password`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client({ origin: null }).post('/api/auth/reset-password', body)).statusCode).toBe(200);
  });

  test('GET requests are not checked and change nothing', async () => {
    const res = await client({ origin: 'https://evil.example' }).get('/api/auth/user');
    expect(res.statusCode).toBe(401);
  });
});
