import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import {
  createConfirmedUser,
  createTestClock,
  HOUR,
  MINUTE,
  PUBLIC_ORIGIN,
  TestClient,
} from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { startMailCatcher, tokenFromLink, type MailCatcher } from '../../../test/mail-catcher.ts';
import { listAuthEvents } from './auth.queries.ts';

/**
 * The account journey through a real SMTP server on loopback: sign up, confirm from the mail,
 * sign in, read the user, complete the profile, reset the password from the mail. Then the
 * session and token rules of SECURITY.md A.2 and A.5. One app and one user are shared to keep
 * the number of argon2 hashes small.
 */
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clock = createTestClock();
const email = 'ada@example.ca';
let password = 'correct horse battery staple';

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({ env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now });
});
afterAll(async () => {
  await ctx.app.close();
  await catcher.close();
});

/** Every text column of every account table, to prove no raw token is stored. */
async function allStoredText(): Promise<string> {
  const tables = ['user_account', 'session', 'email_token', 'profile', 'auth_event', 'mail_outbox', 'rate_limit'];
  const dumps = await Promise.all(tables.map((t) => sql`select * from ${sql.table(t)}`.execute(ctx.dbh.db)));
  return JSON.stringify(dumps.map((d) => d.rows));
}

describe('sign-up, confirmation by mail, sign-in, profile, reset by mail', () => {
  const browser = () => new TestClient(ctx.app);
  let userId = '';

  test('sign-up mails a confirmation link built from PUBLIC_URL, whatever Host is sent', async () => {
    const res = await browser().post(
      '/api/auth/signup',
      { email: 'Ada@Example.ca ', password },
      { host: 'evil.example' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    const mail = await catcher.next(email, 'Confirm');
    expect(mail.from).toContain('no-reply@localhost');
    expect(mail.html).toContain('<a href="http://localhost:3000/confirm-email#token=');
    const { link, token } = tokenFromLink(mail.text, 'token');
    expect(link.startsWith(`${PUBLIC_ORIGIN}/confirm-email#token=`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    expect(await allStoredText()).not.toContain(token);
  });

  test('signing in before confirming is refused with a clear message', async () => {
    const res = await browser().post('/api/auth/signin', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'email_not_confirmed',
      message: expect.stringContaining('confirm your email'),
    });
  });

  test('a resent confirmation replaces the first link; the new one confirms once', async () => {
    const resend = await browser().post('/api/auth/resend-confirmation', { email });
    expect(resend.statusCode).toBe(200);
    const mail = await catcher.next(email, 'Confirm');
    const { token } = tokenFromLink(mail.text, 'token');
    const ok = await browser().post('/api/auth/confirm-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, purpose: 'confirm' });
    const again = await browser().post('/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
  });

  test('sign-in sets a session cookie and answers the user with an empty profile', async () => {
    const client = browser();
    const res = await client.post('/api/auth/signin', { email, password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    userId = body.user.id;
    expect(body.user).toMatchObject({ email, locale: 'en' });
    expect(body.user.email_confirmed_at).toBeTruthy();
    expect(body.profile).toMatchObject({
      id: userId,
      onboarding_completed: false,
      primary_services: [],
      company_name: null,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain');
    const token = client.cookie!.split('=')[1]!;
    expect(await allStoredText()).not.toContain(token);

    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  test('the signed-in user completes the profile and reads it back', async () => {
    const client = browser();
    await client.signIn(email, password);
    const fields = {
      id: userId,
      company_name: 'Lovelace Engineering',
      company_size: '11-50',
      industry: 'it-services',
      primary_services: ['Software Development', 'Cybersecurity'],
      service_regions: ['Ontario', 'Quebec', 'Nunavut'],
      government_experience: 'some',
      typical_contract_size: '50k-250k',
      onboarding_completed: true,
    };
    const saved = await client.post('/api/profile', fields);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(fields);
    const read = await client.get(`/api/profile/${userId}`);
    expect(read.json()).toMatchObject(fields);
    expect((await client.get('/api/auth/user')).json().profile.onboarding_completed).toBe(true);
    // Sign-out ends the session on the server.
    expect((await client.post('/api/auth/signout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  test('reset by the mailed link: host fixed, single use, ends sessions, does not sign in', async () => {
    const signedIn = browser();
    await signedIn.signIn(email, password);
    const res = await browser().post(
      '/api/auth/reset-password',
      { email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Check your email for a password reset link.' });
    const mail = await catcher.next(email, 'Reset');
    const { link, token } = tokenFromLink(mail.text, 'access_token');
    expect(link.startsWith(`${PUBLIC_ORIGIN}/update-password#access_token=`)).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example');
    expect(await allStoredText()).not.toContain(token);

    const newPassword = 'a brand new passphrase';
    const client = browser();
    const updated = await client.post('/api/auth/update-password', { password: newPassword, accessToken: token });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers['set-cookie']).toBeUndefined();
    expect((await signedIn.get('/api/auth/user')).statusCode).toBe(401);
    const reuse = await client.post('/api/auth/update-password', {
      password: 'yet another passphrase',
      accessToken: token,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'invalid_token' });

    expect((await browser().post('/api/auth/signin', { email, password })).statusCode).toBe(401);
    password = newPassword;
    await browser().signIn(email, password);
    await catcher.next(email, 'password was changed');
  }, 15_000);

  test('the audit log records the journey with time and IP, never a secret', async () => {
    const events = await listAuthEvents(ctx.dbh.db, userId);
    const types = events.map((e) => e.type);
    for (const t of [
      'signup',
      'confirmation_resent',
      'email_confirmed',
      'signin_unconfirmed',
      'signin_success',
      'signout',
      'reset_requested',
      'reset_completed',
      'signin_failure', // the old password, after the reset
    ]) {
      expect(types).toContain(t);
    }
    const failure = events.find((e) => e.type === 'signin_failure')!;
    expect(failure.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(events.every((e) => e.ip === '127.0.0.1' && e.at)).toBe(true);
    const text = JSON.stringify(await listAuthEvents(ctx.dbh.db));
    expect(text).not.toContain(password);
    expect(text).not.toContain(email);
  });
});

describe('sessions (SECURITY.md A.2)', () => {
  test('sign-out ends the session on the server: the old cookie gets 401', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    const cookie = client.cookie!;
    const out = await client.post('/api/auth/signout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;.*Expires=Thu, 01 Jan 1970/);
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'unauthorized', message: 'No authenticated user' });
  });

  test('sign-in rotates: a cookie held before sign-in is not the one after, and stops working', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    const before = client.cookie!;
    await client.signIn(email, password);
    expect(client.cookie).not.toBe(before);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: before } })).statusCode,
    ).toBe(401);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  test('a password change rotates the session and ends the others; the old cookie gets 401', async () => {
    const other = new TestClient(ctx.app);
    await other.signIn(email, password);
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    const before = client.cookie!;
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'another fine passphrase',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    const res = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another fine passphrase',
    });
    expect(res.statusCode).toBe(200);
    password = 'another fine passphrase';
    expect(client.cookie).not.toBe(before);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: before } })).statusCode,
    ).toBe(401);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    await catcher.next(email, 'password was changed');
  });

  test('idle timeout (30 min) and absolute lifetime (12 h) are enforced on the server', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    clock.advance(29 * MINUTE);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);

    await client.signIn(email, password);
    for (let elapsed = 0; elapsed < 11 * HOUR + 40 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE); // 12 h after sign-in, although active
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  test('users list their sessions and end one', async () => {
    const phone = new TestClient(ctx.app, { ip: '10.0.0.7' });
    await phone.signIn(email, password);
    const laptop = new TestClient(ctx.app);
    await laptop.signIn(email, password);
    const list = (await laptop.get('/api/auth/sessions')).json().sessions as Array<{
      id: string;
      current: boolean;
      ip: string;
    }>;
    const current = list.find((s) => s.current);
    const phoneSession = list.find((s) => s.ip === '10.0.0.7');
    expect(current).toBeDefined();
    expect(phoneSession).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(laptop.cookie!.split('=')[1]!);
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession!.id}`)).statusCode).toBe(200);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await laptop.delete('/api/auth/sessions/unknown-id')).statusCode).toBe(404);
    expect((await laptop.delete('/api/auth/sessions')).statusCode).toBe(200);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
  });

  test('over https the cookie is __Host-sid and Secure', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://breeze.example.ca' }, dbh: ctx.dbh });
    await createConfirmedUser(secure.dbh, 'tls@example.ca', 'secure cookie passphrase');
    const client = new TestClient(secure.app, { origin: 'https://breeze.example.ca' });
    const res = await client.post('/api/auth/signin', {
      email: 'tls@example.ca',
      password: 'secure cookie passphrase',
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain');
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });
});

describe('mailed tokens (SECURITY.md A.5)', () => {
  test('an expired reset link is refused (1 h), a fresh one works', async () => {
    await new TestClient(ctx.app).post('/api/auth/reset-password', { email });
    const { token } = tokenFromLink((await catcher.next(email, 'Reset')).text, 'access_token');
    clock.advance(61 * MINUTE);
    const res = await new TestClient(ctx.app).post('/api/auth/update-password', {
      password: 'too late passphrase',
      accessToken: token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_token' });
  });

  test('a newer reset link voids the older one', async () => {
    await new TestClient(ctx.app).post('/api/auth/reset-password', { email });
    const older = tokenFromLink((await catcher.next(email, 'Reset')).text, 'access_token').token;
    await new TestClient(ctx.app).post('/api/auth/reset-password', { email });
    const newer = tokenFromLink((await catcher.next(email, 'Reset')).text, 'access_token').token;
    const res = await new TestClient(ctx.app).post('/api/auth/update-password', {
      password: 'older link passphrase',
      accessToken: older,
    });
    expect(res.statusCode).toBe(400);
    // The newer one is left unused; a common password is refused without spending it.
    const common = await new TestClient(ctx.app).post('/api/auth/update-password', {
      password: 'password1234',
      accessToken: newer,
    });
    expect(common.json()).toMatchObject({ code: 'password_too_common' });
  });

  test('an expired confirmation link is refused (24 h)', async () => {
    const other = 'grace@example.ca';
    await new TestClient(ctx.app).post('/api/auth/signup', { email: other, password: 'hopper compiler pioneer' });
    const { token } = tokenFromLink((await catcher.next(other, 'Confirm')).text, 'token');
    clock.advance(24 * HOUR + MINUTE);
    const res = await new TestClient(ctx.app).post('/api/auth/confirm-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_token' });
  });

  test('changing the email needs the password and a confirmation from the new address', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn(email, password);
    const wrong = await client.post('/api/auth/change-email', {
      password: 'not it at all',
      newEmail: 'ada.l@example.ca',
    });
    expect(wrong.statusCode).toBe(403);
    const res = await client.post('/api/auth/change-email', { password, newEmail: 'ada.l@example.ca' });
    expect(res.statusCode).toBe(200);
    const { token } = tokenFromLink((await catcher.next('ada.l@example.ca', 'new Breeze email')).text, 'token');
    expect((await client.get('/api/auth/user')).json().user.email).toBe(email); // not yet
    const confirmed = await new TestClient(ctx.app).post('/api/auth/confirm-email', { token });
    expect(confirmed.json()).toMatchObject({ ok: true, purpose: 'email_change' });
    expect((await client.get('/api/auth/user')).json().user.email).toBe('ada.l@example.ca');
    await catcher.next(email, 'email address was changed');
    expect((await new TestClient(ctx.app).post('/api/auth/signin', { email, password })).statusCode).toBe(401);
    await new TestClient(ctx.app).signIn('ada.l@example.ca', password);
  });

  test('deleting the account needs the password and removes the user, profile and sessions', async () => {
    const client = new TestClient(ctx.app);
    const { user } = await client.signIn('ada.l@example.ca', password);
    expect((await client.delete('/api/auth/account', { password: 'not it at all' })).statusCode).toBe(403);
    const res = await client.delete('/api/auth/account', { password });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const db = ctx.dbh.db;
    expect(await db.selectFrom('user_account').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('profile').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(await db.selectFrom('session').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(
      (await new TestClient(ctx.app).post('/api/auth/signin', { email: 'ada.l@example.ca', password })).statusCode,
    ).toBe(401);
    expect((await listAuthEvents(db, user.id)).map((e) => e.type)).toContain('account_deleted');
  });
});
