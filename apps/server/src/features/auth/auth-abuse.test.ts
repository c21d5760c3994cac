import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, createTestClock, HOUR, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp, testDialect } from '../../../test/build-test-app.ts';
import { startMailCatcher, tokenFromLink, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createBackground } from '../../lib/background.ts';
import { hit } from '../../lib/rate-limit.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { BACKOFF_AFTER_FAILURES, BACKOFF_MAX_SECONDS, LIMITS } from './auth.limits.ts';
import { hashPassword } from './auth.passwords.ts';
import { insertAccount, listAuthEvents } from './auth.queries.ts';

/** Enumeration (SECURITY.md A.3), rate limits (A.4) and cross-origin refusal (A.6). */
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clock = createTestClock();
const background = createBackground();
const known = 'known@example.ca';
const knownPassword = 'the known user passphrase';
/** An account waiting for its confirmation (resend-confirmation mails it). */
const pending = 'pending@example.ca';
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
    background,
  });
  await createConfirmedUser(ctx.dbh, known, knownPassword, clock.now());
  await insertAccount(
    ctx.dbh.db,
    { email: pending, passwordHash: await hashPassword('pending passphrase'), locale: 'en' },
    clock.now().toISOString(),
  );
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

const TIMING_TRIES = 50;
const TIMING_MARGIN_MS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
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

  test('resend-confirmation: a waiting, a confirmed and an unknown address answer the same', async () => {
    const answers = await Promise.all(
      [pending, known, 'nobody-waiting@example.ca'].map(async (email) => {
        const res = await client().post('/api/auth/resend-confirmation', { email });
        return [res.statusCode, res.json()];
      }),
    );
    expect(answers[0]![0]).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await background.drain();
    await catcher.next(pending, 'Confirm');
  });

  /**
   * SECURITY.md A.3: over ≥ 50 tries the median times for a known and an unknown address differ by
   * less than 10 ms. Each pair runs in alternating order, and the work a request leaves behind (the
   * background lookup of reset and resend, the mail) is finished before the next timed request, so
   * one request's leftovers never land in another's time.
   */
  test(`response times for known and unknown addresses are close (medians of ${TIMING_TRIES} tries, ${TIMING_MARGIN_MS} ms)`, async () => {
    const times = {
      signin: { known: [] as number[], unknown: [] as number[] },
      signup: { known: [] as number[], unknown: [] as number[] },
      reset: { known: [] as number[], unknown: [] as number[] },
      resend: { known: [] as number[], unknown: [] as number[] },
    };
    const settle = async (mailTo?: string, subject?: string): Promise<void> => {
      await background.drain();
      if (mailTo) await catcher.next(mailTo, subject, 10_000);
    };
    async function pair(
      kind: keyof typeof times,
      i: number,
      knownCall: () => Promise<unknown>,
      unknownCall: () => Promise<unknown>,
      mails: { known?: [string, string]; unknown?: [string, string] } = {},
    ) {
      const runKnown = async () => {
        times[kind].known.push(await timed(knownCall));
        await settle(...(mails.known ?? []));
      };
      const runUnknown = async () => {
        times[kind].unknown.push(await timed(unknownCall));
        await settle(...(mails.unknown ?? []));
      };
      if (i % 2 === 0) {
        await runKnown();
        await runUnknown();
      } else {
        await runUnknown();
        await runKnown();
      }
    }
    for (let i = 0; i < TIMING_TRIES + 3; i++) {
      clock.advance(HOUR); // a new window: no backoff or per-address cap in the way
      await pair(
        'signin',
        i,
        () => client().post('/api/auth/signin', { email: known, password: `wrong password ${i}` }),
        () => client().post('/api/auth/signin', { email: `ghost${i}@example.ca`, password: `wrong password ${i}` }),
      );
      await pair(
        'reset',
        i,
        () => client().post('/api/auth/reset-password', { email: known }),
        () => client().post('/api/auth/reset-password', { email: `ghost${i}@example.ca` }),
        { known: [known, 'Reset'] },
      );
      await pair(
        'resend',
        i,
        () => client().post('/api/auth/resend-confirmation', { email: pending }),
        () => client().post('/api/auth/resend-confirmation', { email: `ghost${i}@example.ca` }),
        { known: [pending, 'Confirm'] },
      );
      // Sign-up: a taken address against a new one (which creates an account, so no "unknown" twin).
      await pair(
        'signup',
        i,
        () => client().post('/api/auth/signup', { email: known, password: 'some long passphrase' }),
        () => client().post('/api/auth/signup', { email: `fresh${i}@example.ca`, password: 'some long passphrase' }),
        { known: [known, 'Someone tried to sign up'], unknown: [`fresh${i}@example.ca`, 'Confirm'] },
      );
      if (i < 3) {
        // Warm-up rounds: not measured.
        for (const t of Object.values(times)) {
          t.known.length = 0;
          t.unknown.length = 0;
        }
      }
    }
    const gaps = Object.fromEntries(
      Object.entries(times).map(([kind, t]) => {
        expect(t.known).toHaveLength(TIMING_TRIES);
        return [kind, Math.round(Math.abs(median(t.known) - median(t.unknown)) * 100) / 100];
      }),
    );
    console.info(`enumeration timing on ${testDialect}: median gaps in ms`, gaps);
    for (const [kind, gap] of Object.entries(gaps)) expect(gap, kind).toBeLessThan(TIMING_MARGIN_MS);
  }, 180_000);
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
    await background.drain();
    await new Promise((r) => setTimeout(r, 500));
    const after = catcher.mails.filter((m) => m.to.includes(known)).length;
    expect(after - before).toBe(LIMITS.mailsPerAddress.max);
  });
});

describe('per-IP limits through the API (SECURITY.md A.4)', () => {
  const rateLimited = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  test(`failed sign-ins: ${LIMITS.signinFailuresPerIp.max} an hour from one IP, whatever the accounts; other IPs are not affected`, async () => {
    clock.advance(HOUR);
    const ip = '198.51.100.77';
    // Spread over many addresses (each stays under its own backoff): only the IP bucket fills up.
    for (let i = 0; i < LIMITS.signinFailuresPerIp.max; i++) {
      const res = await client({ ip }).post('/api/auth/signin', {
        email: `spray${i}@example.ca`,
        password: 'Winter2026!',
      });
      expect(res.statusCode).toBe(401);
    }
    // Now even the right password of a real account is refused from that IP…
    rateLimited(await client({ ip }).post('/api/auth/signin', { email: known, password: knownPassword }));
    // …and accepted from another one.
    await client().signIn(known, knownPassword);
    clock.advance(HOUR);
    await client({ ip }).signIn(known, knownPassword); // the window ended
  }, 120_000);

  for (const [name, path, limit, body] of [
    ['reset requests', '/api/auth/reset-password', LIMITS.resetPerIp, () => ({ email: known })],
    ['confirmation resends', '/api/auth/resend-confirmation', LIMITS.resendPerIp, () => ({ email: pending })],
    ['mailed-token attempts', '/api/auth/confirm-email', LIMITS.tokenPerIp, () => ({ token: 'guessed-token-value' })],
  ] as const) {
    test(`${name}: ${limit.max} an hour per IP, then 429 with Retry-After; another IP still gets through`, async () => {
      clock.advance(HOUR);
      const ip = `203.0.113.${100 + path.length}`;
      const ok = path === '/api/auth/confirm-email' ? 400 : 200;
      for (let i = 0; i < limit.max; i++) {
        expect((await client({ ip }).post(path, body())).statusCode).toBe(ok);
      }
      rateLimited(await client({ ip }).post(path, body()));
      expect((await client().post(path, body())).statusCode).toBe(ok);
      await background.drain();
    });
  }

  test('update-password shares the mailed-token bucket with confirm-email', async () => {
    clock.advance(HOUR);
    const ip = '203.0.113.200';
    for (let i = 0; i < LIMITS.tokenPerIp.max; i++) {
      const path = i % 2 ? '/api/auth/confirm-email' : '/api/auth/update-password';
      const body = i % 2 ? { token: `guess-${i}` } : { accessToken: `guess-${i}`, password: 'a fine new passphrase' };
      expect((await client({ ip }).post(path, body)).json()).toMatchObject({ code: 'invalid_token' });
    }
    rateLimited(
      await client({ ip }).post('/api/auth/update-password', {
        accessToken: 'one-more',
        password: 'a fine new passphrase',
      }),
    );
  });

  test('with TRUST_PROXY off (the default), a spoofed X-Forwarded-For neither escapes the limit nor is recorded', async () => {
    clock.advance(HOUR);
    const ip = '203.0.113.222';
    const spoofed = (i: number) => ({ 'x-forwarded-for': `10.${i}.0.1` });
    for (let i = 0; i < LIMITS.resetPerIp.max; i++) {
      expect(
        (await client({ ip }).post('/api/auth/reset-password', { email: 'nobody@example.ca' }, spoofed(i))).statusCode,
      ).toBe(200);
    }
    rateLimited(await client({ ip }).post('/api/auth/reset-password', { email: 'nobody@example.ca' }, spoofed(99)));
    await background.drain();
    const recorded = (await listAuthEvents(ctx.dbh.db)).filter(
      (e) => e.type === 'reset_requested_unknown' || e.type === 'rate_limited',
    );
    expect(recorded.some((e) => e.ip === ip)).toBe(true);
    expect(recorded.some((e) => e.ip?.startsWith('10.'))).toBe(false);
  });

  test('with TRUST_PROXY set, the client address comes from X-Forwarded-For (each client its own bucket)', async () => {
    const proxied = await buildTestApp({
      env: { PUBLIC_URL: PUBLIC_ORIGIN, TRUST_PROXY: '1' },
      now: clock.now,
      dbh: ctx.dbh,
      background,
    });
    clock.advance(HOUR);
    const proxy = new TestClient(proxied.app, { ip: '127.0.0.1' });
    for (let i = 0; i < LIMITS.resetPerIp.max + 5; i++) {
      const res = await proxy.post(
        '/api/auth/reset-password',
        { email: 'nobody@example.ca' },
        { 'x-forwarded-for': `198.18.0.${i}` },
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await proxy.post(
      '/api/auth/reset-password',
      { email: 'nobody@example.ca' },
      { 'x-forwarded-for': '198.18.0.1' },
    );
    expect(res.statusCode).toBe(200); // that client's second request
    await background.drain();
    const ips = (await listAuthEvents(ctx.dbh.db)).map((e) => e.ip);
    expect(ips).toContain('198.18.0.24');
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

  test('a cross-site form post (text/plain, form or multipart body) is refused with 403 and changes nothing', async () => {
    const signedIn = client();
    await signedIn.signIn(known, knownPassword);
    // What a <form enctype="text/plain"> on another site can send: no preflight, the cookie attached.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      remoteAddress: signedIn.opts.ip,
      headers: { origin: PUBLIC_ORIGIN, 'content-type': 'text/plain', cookie: signedIn.cookie! },
      payload: '{"email":"x"}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'forbidden_origin', error: 'Forbidden' });
    expect((await signedIn.get('/api/auth/user')).statusCode).toBe(200); // still signed in
    const before = (await listAuthEvents(ctx.dbh.db)).length;
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'email=a%40b.ca'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.ca\r\n--x--'],
      ['text/plain', 'email=a@b.ca'],
    ] as const) {
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { 'content-type': type },
        payload,
      });
      expect(form.statusCode, type).toBe(403);
      expect(form.json(), type).toMatchObject({ code: 'forbidden_origin' });
    }
    await background.drain();
    expect((await listAuthEvents(ctx.dbh.db)).length).toBe(before); // no reset was even looked at
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
