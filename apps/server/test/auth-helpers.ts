import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DbHandle } from '../src/db/connect.ts';
import { hashPassword } from '../src/features/auth/auth.passwords.ts';
import { insertAccount, markEmailConfirmed } from '../src/features/auth/auth.queries.ts';

/** A clock tests can move: sessions, tokens and rate limits read it through buildApp's `now`. */
export function createTestClock(start = '2026-11-22T12:00:00.000Z') {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const PUBLIC_ORIGIN = 'http://localhost:3000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client for app.inject: keeps the session cookie and sends the app's Origin,
 * as the SPA does. `ip` sets the remote address (rate limits are per IP).
 */
export class TestClient {
  cookie: string | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly opts: { origin?: string | null; ip?: string } = {},
  ) {}

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const origin = this.opts.origin === undefined ? PUBLIC_ORIGIN : this.opts.origin;
    const inject: InjectOptions = {
      method,
      url,
      remoteAddress: this.opts.ip ?? '127.0.0.1',
      headers: {
        ...(origin ? { origin } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    };
    const res = await this.app.inject(inject);
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.name !== 'sid' && c.name !== '__Host-sid') continue;
      const cleared =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      this.cookie = cleared ? undefined : `${c.name}=${c.value}`;
    }
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
  delete = (url: string, body?: unknown) => this.request('DELETE', url, body);

  async signIn(email: string, password: string) {
    const res = await this.post('/api/auth/signin', { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return res.json<{ user: { id: string; email: string } }>();
  }
}

/** A confirmed account written straight to the database (one argon2 hash), for tests that need a user fast. */
export async function createConfirmedUser(dbh: DbHandle, email: string, password: string, at = new Date()) {
  const account = await insertAccount(
    dbh.db,
    { email, passwordHash: await hashPassword(password), locale: 'en' },
    at.toISOString(),
  );
  if (!account) throw new Error(`${email} exists`);
  await markEmailConfirmed(dbh.db, account.user.id, at.toISOString());
  return account.user;
}
