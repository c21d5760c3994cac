import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, createTestClock, HOUR, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { startMailCatcher, tokenFromLink, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createBackground } from '../../lib/background.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { BACKOFF_AFTER_FAILURES, LIMITS } from './auth.limits.ts';
import { listAuthEvents } from './auth.queries.ts';

/**
 * Audit logging (SECURITY.md A.14, ASVS 16.2-16.4): refused and throttled attempts are recorded,
 * no secret reaches the log or the audit table, and input cannot forge a log line.
 */
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clock = createTestClock();
const background = createBackground();
/** Every line the app logged (pino JSON, one record per line), at the most talkative level. */
const logLines: string[] = [];
let ipSeq = 0;
const client = (ip = `192.0.2.${++ipSeq}`) => new TestClient(ctx.app, { ip });

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({
    env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC_ORIGIN, LOG_LEVEL: 'trace' },
    now: clock.now,
    background,
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

const events = async () => {
  await background.drain();
  return listAuthEvents(ctx.dbh.db);
};

describe('refused attempts are recorded (ASVS 16.3.1, 16.3.3)', () => {
  test('a sign-in blocked by the account backoff: signin_blocked with the address hash and the IP', async () => {
    clock.advance(HOUR);
    const email = 'blocked@example.ca';
    await createConfirmedUser(ctx.dbh, email, 'blocked user passphrase', clock.now());
    const attacker = client('198.51.100.31');
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i++) {
      expect((await attacker.post('/api/auth/signin', { email, password: `guess number ${i}` })).statusCode).toBe(401);
    }
    expect((await attacker.post('/api/auth/signin', { email, password: 'guess number 99' })).statusCode).toBe(429);
    const all = await events();
    const failures = all.filter((e) => e.type === 'signin_failure' && e.emailHash === sha256Hex(email));
    expect(failures).toHaveLength(BACKOFF_AFTER_FAILURES);
    const blocked = all.filter((e) => e.type === 'signin_blocked');
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({ emailHash: sha256Hex(email), ip: '198.51.100.31' });
  });

  test('a request over a per-IP limit: rate_limited with the bucket it hit', async () => {
    clock.advance(HOUR);
    const ip = '198.51.100.32';
    for (let i = 0; i < LIMITS.resetPerIp.max; i++)
      await client(ip).post('/api/auth/reset-password', { email: `r${i}@example.ca` });
    expect((await client(ip).post('/api/auth/reset-password', { email: 'one-more@example.ca' })).statusCode).toBe(429);
    const limited = (await events()).filter((e) => e.type === 'rate_limited');
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({ ip, detail: JSON.stringify({ limit: LIMITS.resetPerIp.name }) });
  });

  test('a reset for an unknown address is recorded by the address hash only', async () => {
    clock.advance(HOUR);
    const unknown = 'not-a-customer@example.ca';
    expect((await client('198.51.100.33').post('/api/auth/reset-password', { email: unknown })).statusCode).toBe(200);
    const rows = (await events()).filter((e) => e.type === 'reset_requested_unknown' && e.ip === '198.51.100.33');
    expect(rows).toEqual([expect.objectContaining({ emailHash: sha256Hex(unknown), userId: null })]);
    const stored = JSON.stringify(await sql`select * from auth_event`.execute(ctx.dbh.db));
    expect(stored).not.toContain(unknown);
  });
});

describe('secrets never reach a log sink (ASVS 16.2.5)', () => {
  test('planted passwords, mailed tokens and the session cookie appear in neither the log nor auth_event', async () => {
    clock.advance(HOUR);
    const email = 'canary@example.ca';
    const canary = {
      password: 'canary-password-Q7x9-first',
      wrongPassword: 'canary-wrong-password-Z3k8',
      resetPassword: 'canary-password-R2d2-reset',
      changedPassword: 'canary-password-C3po-changed',
      queryToken: 'canaryQueryToken0123456789abcdefghijklmnopq',
    };
    const secrets: string[] = Object.values(canary);
    const browser = client();
    expect((await browser.post('/api/auth/signup', { email, password: canary.password })).statusCode).toBe(200);
    const confirm = tokenFromLink((await catcher.next(email, 'Confirm')).text, 'token').token;
    secrets.push(confirm);
    expect((await browser.post('/api/auth/confirm-email', { token: confirm })).statusCode).toBe(200);
    expect((await browser.post('/api/auth/signin', { email, password: canary.wrongPassword })).statusCode).toBe(401);
    await browser.signIn(email, canary.password);
    secrets.push(browser.cookie!.split('=')[1]!);
    // A reset link opened with the token in the query string (spec §2 allows it): the logged URL hides it.
    await ctx.app.inject({ method: 'GET', url: `/update-password?access_token=${canary.queryToken}&x=1` });
    expect((await browser.post('/api/auth/reset-password', { email })).statusCode).toBe(200);
    await background.drain();
    const reset = tokenFromLink((await catcher.next(email, 'Reset')).text, 'access_token').token;
    secrets.push(reset);
    expect(
      (await browser.post('/api/auth/update-password', { accessToken: reset, password: canary.resetPassword }))
        .statusCode,
    ).toBe(200);
    await browser.signIn(email, canary.resetPassword);
    secrets.push(browser.cookie!.split('=')[1]!);
    expect(
      (
        await browser.post('/api/auth/change-password', {
          currentPassword: canary.resetPassword,
          newPassword: canary.changedPassword,
        })
      ).statusCode,
    ).toBe(200);
    secrets.push(browser.cookie!.split('=')[1]!);
    expect((await browser.delete('/api/auth/account', { password: canary.changedPassword })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: `/api/auth/user`, headers: { cookie: `sid=${secrets.at(-1)!}` } });

    await background.drain();
    const log = logLines.join('');
    // The capture works and is talkative: requests are logged with their URL, the planted one redacted.
    expect(log).toContain('incoming request');
    expect(log).toContain('/update-password?access_token=[redacted]&x=1');
    const auditTable = JSON.stringify(await sql`select * from auth_event`.execute(ctx.dbh.db));
    expect(auditTable).toContain('account_deleted');
    for (const secret of secrets) {
      expect(log, 'log').not.toContain(secret);
      expect(auditTable, 'auth_event').not.toContain(secret);
    }
    expect(auditTable).not.toContain(email);
  });
});

describe('log injection (ASVS 16.4.1)', () => {
  test('CR and LF in input are escaped: every log line is one JSON record and none is forged', async () => {
    const forged = '{"level":30,"msg":"forged entry"}';
    const before = logLines.length;
    const crlf = `attacker@example.ca\r\n${forged}`;
    expect((await client().post('/api/auth/signin', { email: crlf, password: 'whatever 123' })).statusCode).toBe(400);
    expect((await client().post('/api/auth/reset-password', { email: crlf })).statusCode).toBe(400);
    // An unknown key is named in the validation message, which the error handler logs: CR LF and all.
    const key = await client().post('/api/auth/signin', {
      email: 'a@example.ca',
      password: 'whatever 123',
      [`evil\r\n${forged}`]: 1,
    });
    expect(key.statusCode).toBe(400);
    // Encoded CR LF in the address reaches the request log as it was sent.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/nope?q=a%0D%0A${encodeURIComponent(forged)}` })).statusCode,
    ).toBe(404);
    const lines = logLines.slice(before).join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);
    const records = lines.map((line) => JSON.parse(line) as { msg?: string; level?: number });
    expect(records.filter((r) => r.msg === 'forged entry')).toEqual([]);
    // The raw input is there, CR LF included, as an escaped string inside one record.
    expect(records.some((r) => r.msg?.includes(`\r\n${forged}`))).toBe(true);
    expect(logLines.slice(before).join('')).toContain(JSON.stringify(`\r\n${forged}`).slice(1, -1));
  });
});
