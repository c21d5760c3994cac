import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@app/shared/auth';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import {
  deleteSession,
  findAccountById,
  findSession,
  insertSession,
  touchSession,
  type Account,
  type StoredSession,
} from './auth.queries.ts';

/** Cookie and lifetimes of a session (docs/decisions/0006-sessions.md). */
export interface SessionConfig {
  cookieName: string;
  secure: boolean;
  idleMs: number;
  absoluteMs: number;
}

/** `__Host-sid` with Secure over https (ASVS 3.3.1/3.3.3); plain `sid` on http://localhost. */
export function sessionConfig(env: Env): SessionConfig {
  const secure = env.PUBLIC_URL.startsWith('https:');
  return {
    cookieName: secure ? '__Host-sid' : 'sid',
    secure,
    idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
  };
}

/** Both names, so the origin guard recognises a session cookie whatever the deployment. */
export const SESSION_COOKIE_NAMES = ['sid', '__Host-sid'];

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface Authenticated {
  account: Account;
  session: StoredSession;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(deps: { db: Db; env: Env; now: Clock }) {
  const { db, now } = deps;
  const config = sessionConfig(deps.env);
  const resolved = new WeakMap<FastifyRequest, Promise<Authenticated | undefined>>();

  function setCookie(reply: FastifyReply, token: string) {
    void reply.setCookie(config.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secure,
      maxAge: Math.floor(config.absoluteMs / 1000),
    });
  }

  function clearCookie(reply: FastifyReply) {
    void reply.clearCookie(config.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secure });
  }

  const tokenOf = (req: FastifyRequest): string | undefined => {
    const value = req.cookies[config.cookieName];
    return value && value.length <= 200 ? value : undefined;
  };

  function isExpired(session: StoredSession, at: Date): boolean {
    const t = at.getTime();
    return t >= Date.parse(session.expiresAt) || t >= Date.parse(session.lastSeenAt) + config.idleMs;
  }

  async function load(req: FastifyRequest): Promise<Authenticated | undefined> {
    const token = tokenOf(req);
    if (!token) return undefined;
    const session = await findSession(db, sha256Hex(token));
    if (!session) return undefined;
    const at = now();
    if (isExpired(session, at)) {
      await deleteSession(db, session.id); // expiry ends the session on the server (ASVS 7.4.1)
      return undefined;
    }
    const account = await findAccountById(db, session.userId);
    if (!account) return undefined;
    if (at.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) {
      await touchSession(db, session.id, at.toISOString());
      session.lastSeenAt = at.toISOString();
    }
    return { account, session };
  }

  /** The signed-in user of this request, or undefined. Looked up once per request. */
  function current(req: FastifyRequest): Promise<Authenticated | undefined> {
    let found = resolved.get(req);
    if (!found) {
      found = load(req);
      resolved.set(req, found);
    }
    return found;
  }

  return {
    config,
    current,

    /** The signed-in user, or 401 'No authenticated user' (spec §8); a dead cookie is cleared. */
    async require(req: FastifyRequest, reply: FastifyReply): Promise<Authenticated> {
      const auth = await current(req);
      if (!auth) {
        if (tokenOf(req)) clearCookie(reply);
        throw unauthorized(AUTH_MESSAGES.noUser);
      }
      return auth;
    },

    /**
     * Starts a new session for the user and sets its cookie. Any session the request carried is
     * ended first, so a token set before sign-in never becomes an authenticated one (ASVS 7.2.4).
     */
    async start(req: FastifyRequest, reply: FastifyReply, userId: string): Promise<StoredSession> {
      const previous = tokenOf(req);
      if (previous) await deleteSession(db, sha256Hex(previous));
      const token = randomToken();
      const at = now();
      const session: StoredSession = {
        id: sha256Hex(token),
        publicId: randomUUID(),
        userId,
        createdAt: at.toISOString(),
        lastSeenAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + config.absoluteMs).toISOString(),
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      };
      await insertSession(db, session);
      setCookie(reply, token);
      resolved.delete(req);
      return session;
    },

    /** Ends the request's session on the server and clears the cookie. */
    async end(req: FastifyRequest, reply: FastifyReply): Promise<StoredSession | undefined> {
      const token = tokenOf(req);
      const session = token ? await findSession(db, sha256Hex(token)) : undefined;
      if (session) await deleteSession(db, session.id);
      clearCookie(reply);
      resolved.delete(req);
      return session;
    },

    clearCookie,
  };
}
