import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  type AuthState,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ConfirmEmailResult,
  type Locale,
  type Ok,
  type SessionList,
  type SigninBody,
  type SigninResult,
  type SignupBody,
  type UpdatePasswordBody,
} from '@app/shared/auth';
import type { Profile } from '@app/shared/profile';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { deleteOutboxMailTo } from '../../lib/mail-outbox.queries.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { consume, type Limit } from '../../lib/rate-limit.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { assertSigninAllowed, clearSigninFailures, LIMITS, mayMail, recordSigninFailure } from './auth.limits.ts';
import { accountMail, type AccountMailKind } from './auth.mails.ts';
import { assertPasswordAllowed, dummyVerify, hashPassword, needsRehash, verifyPassword } from './auth.passwords.ts';
import {
  changeAccountEmail,
  deleteAccount,
  deleteUserSessionByPublicId,
  deleteUserSessions,
  findAccountByEmail,
  findAccountById,
  findEmailToken,
  insertAccount,
  insertAuthEvent,
  insertEmailToken,
  listUserSessions,
  markEmailConfirmed,
  updatePasswordHash,
  useEmailToken,
  voidEmailTokens,
  type Account,
  type AuthEventInput,
  type EmailToken,
  type TokenPurpose,
} from './auth.queries.ts';
import type { Authenticated, Sessions } from './auth.sessions.ts';
import { ensureProfile, findProfile } from './profile.queries.ts';

export const CONFIRM_TOKEN_TTL_MS = 24 * 3_600_000;
export const RESET_TOKEN_TTL_MS = 3_600_000;

export interface AuthDeps {
  db: Db;
  env: Env;
  now: Clock;
  mailer: Mailer;
  sessions: Sessions;
  /** Runs the address-dependent part of reset and resend requests after the answer (timing, SECURITY.md A.3). */
  background: Background;
  /** Called once for each new account (billing starts its trial); a failure is logged, not fatal. */
  onAccountCreated?: (userId: string, body: SignupBody) => Promise<void>;
}

const ok = (message: string): Ok => ({ ok: true, message });
const emailHashOf = (email: string) => sha256Hex(email.trim().toLowerCase());
const invalidToken = () => badRequest('invalid_token', AUTH_MESSAGES.invalidToken);
const wrongPassword = () => new HttpError(403, 'wrong_password', AUTH_MESSAGES.wrongPassword);
const isRateLimited = (err: unknown) => err instanceof HttpError && err.statusCode === 429;

/** fr when the browser prefers French over English, else en. */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}

/** Account flows. Routes validate and call these; these call the queries, the mailer and the sessions. */
export function createAuthService(deps: AuthDeps) {
  const { db, env, now, mailer, sessions, background } = deps;
  const link = (path: string) => `${env.PUBLIC_URL}${path}`;

  /** One `auth_event` row (SECURITY.md A.14): who, what, when, where; never a password, token or address in clear. */
  const audit = (req: FastifyRequest, event: AuthEventInput, at = now()) =>
    insertAuthEvent(
      db,
      { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null, ...event },
      at.toISOString(),
    );

  /** A per-IP bucket; a refusal is recorded (ASVS 16.3.3: attempts to get past anti-automation are logged). */
  async function consumeAudited(req: FastifyRequest, limit: Limit): Promise<void> {
    try {
      await consume(db, limit, req.ip, now(), AUTH_MESSAGES.rateLimited);
    } catch (err) {
      if (isRateLimited(err)) await audit(req, { type: 'rate_limited', detail: { limit: limit.name } });
      throw err;
    }
  }

  /** The sign-in limits of this account and IP; a blocked attempt is recorded with the account it aimed at. */
  async function assertSigninAllowedAudited(req: FastifyRequest, emailHash: string, type: string, userId?: string) {
    try {
      await assertSigninAllowed(db, emailHash, req.ip, now());
    } catch (err) {
      if (isRateLimited(err)) await audit(req, { type, userId: userId ?? null, emailHash });
      throw err;
    }
  }

  /** A fresh single-use token; older unused ones of the same purpose stop working. */
  async function issueToken(
    userId: string,
    purpose: TokenPurpose,
    ttlMs: number,
    newEmail?: string,
    at = now(),
  ): Promise<string> {
    const token = randomToken();
    await voidEmailTokens(db, userId, [purpose], at.toISOString());
    await insertEmailToken(
      db,
      { hash: sha256Hex(token), userId, purpose, newEmail, expiresAt: new Date(at.getTime() + ttlMs).toISOString() },
      at.toISOString(),
    );
    return token;
  }

  /** Mails triggered by anonymous requests count against the address's hourly share. */
  async function mailAnonymously(account: Account, kind: AccountMailKind, url: string, at = now()): Promise<boolean> {
    if (!(await mayMail(db, emailHashOf(account.user.email), at))) return false;
    mailer.queue(accountMail(kind, account.user.locale, account.user.email, url));
    return true;
  }

  async function sendConfirmation(account: Account, at = now()): Promise<boolean> {
    if (!(await mayMail(db, emailHashOf(account.user.email), at))) return false;
    const token = await issueToken(account.user.id, 'confirm', CONFIRM_TOKEN_TTL_MS, undefined, at);
    mailer.queue(
      accountMail('confirm', account.user.locale, account.user.email, link(`/confirm-email#token=${token}`)),
    );
    return true;
  }

  /** A token that is known, of an allowed purpose, unused and unexpired; else 400 invalid_token. */
  async function validToken(token: string, purposes: TokenPurpose[]): Promise<EmailToken & { hash: string }> {
    const hash = sha256Hex(token);
    const found = await findEmailToken(db, hash);
    if (!found || !purposes.includes(found.purpose) || found.usedAt !== null) throw invalidToken();
    if (now().getTime() >= Date.parse(found.expiresAt)) throw invalidToken();
    return { ...found, hash };
  }

  /** Re-authentication for sensitive changes: counts against the account's sign-in failures. */
  async function reauthenticate(req: FastifyRequest, auth: Authenticated, password: string): Promise<void> {
    const emailHash = emailHashOf(auth.account.user.email);
    await assertSigninAllowedAudited(req, emailHash, 'reauth_blocked', auth.account.user.id);
    if (!(await verifyPassword(auth.account.passwordHash, password))) {
      await recordSigninFailure(db, emailHash, req.ip, now());
      await audit(req, { type: 'reauth_failure', userId: auth.account.user.id });
      throw wrongPassword();
    }
  }

  /** Read only: GET /auth/user never creates the profile (a GET changes nothing; sign-in creates it). */
  async function authState(account: Account): Promise<AuthState> {
    return { user: account.user, profile: (await findProfile(db, account.user.id)) ?? null };
  }

  /** Spec §4: after sign-in the profile exists, created empty when missing; spec §8 when that fails. */
  async function profileAtSignin(req: FastifyRequest, account: Account): Promise<Profile> {
    try {
      return await ensureProfile(db, account.user.id, now().toISOString());
    } catch (err) {
      req.log.error({ err }, 'profile could not be created at sign-in');
      await audit(req, { type: 'signin_profile_failed', userId: account.user.id }).catch(() => undefined);
      throw new HttpError(500, 'profile_create_failed', AUTH_MESSAGES.profileCreateFailed);
    }
  }

  return {
    /**
     * Same answer whether the address is new, unconfirmed or taken (SECURITY.md A.3). The request
     * hashes and runs one insert in every case (a taken address inserts nothing); the trial, the
     * mails and the audit row follow after the answer, so the time does not tell the cases apart.
     */
    async signup(req: FastifyRequest, body: SignupBody): Promise<Ok> {
      await consumeAudited(req, LIMITS.signupPerIp);
      assertPasswordAllowed(body.password, body.email);
      const locale = body.locale ?? localeFromHeader(req.headers['accept-language']);
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const created = await insertAccount(db, { email: body.email, passwordHash, locale }, at.toISOString());
      background.run(req.log, 'sign-up', async () => {
        if (created) {
          if (deps.onAccountCreated) {
            await deps
              .onAccountCreated(created.user.id, body)
              .catch((err: unknown) => req.log.error({ err }, 'new-account hook failed'));
          }
          await sendConfirmation(created, at);
          await audit(req, { type: 'signup', userId: created.user.id }, at);
          return;
        }
        const account = await findAccountByEmail(db, body.email);
        if (account?.user.email_confirmed_at) {
          await mailAnonymously(account, 'signup_existing', link('/sign-in'), at);
        } else if (account) {
          await sendConfirmation(account, at); // an unconfirmed owner gets a fresh link
        }
        await audit(req, { type: 'signup_existing', userId: account?.user.id ?? null }, at);
      });
      return ok(AUTH_MESSAGES.signupDone);
    },

    /** Answers before the address is looked up: the same work and time for every address (SECURITY.md A.3). */
    async resendConfirmation(req: FastifyRequest, email: string): Promise<Ok> {
      await consumeAudited(req, LIMITS.resendPerIp);
      const at = now();
      background.run(req.log, 'confirmation resend', async () => {
        const account = await findAccountByEmail(db, email);
        if (account && !account.user.email_confirmed_at) {
          const sent = await sendConfirmation(account, at);
          await audit(req, { type: sent ? 'confirmation_resent' : 'mail_throttled', userId: account.user.id }, at);
        } else {
          // An unknown or already confirmed address: recorded, keyed by the address's hash.
          await audit(
            req,
            { type: 'confirmation_resend_ignored', userId: account?.user.id ?? null, emailHash: emailHashOf(email) },
            at,
          );
        }
      });
      return ok(AUTH_MESSAGES.confirmationResent);
    },

    async confirmEmail(req: FastifyRequest, token: string): Promise<ConfirmEmailResult> {
      await consumeAudited(req, LIMITS.tokenPerIp);
      const found = await validToken(token, ['confirm', 'email_change']);
      const account = await findAccountById(db, found.userId);
      if (!account || !(await useEmailToken(db, found.hash, now().toISOString()))) throw invalidToken();
      if (found.purpose === 'confirm') {
        await markEmailConfirmed(db, account.user.id, now().toISOString());
        await audit(req, { type: 'email_confirmed', userId: account.user.id });
        return { ok: true, message: AUTH_MESSAGES.emailConfirmed, purpose: 'confirm' };
      }
      const newEmail = found.newEmail ?? '';
      if (!newEmail || !(await changeAccountEmail(db, account.user.id, newEmail, now().toISOString()))) {
        throw conflict('email_taken', 'This email address is already used by another account.');
      }
      mailer.queue(accountMail('email_changed', account.user.locale, account.user.email));
      await audit(req, { type: 'email_changed', userId: account.user.id });
      return { ok: true, message: AUTH_MESSAGES.emailChanged, purpose: 'email_change' };
    },

    /** Wrong password and unknown email answer alike, after the same argon2 work. */
    async signin(req: FastifyRequest, reply: FastifyReply, body: SigninBody): Promise<SigninResult> {
      const emailHash = emailHashOf(body.email);
      await assertSigninAllowedAudited(req, emailHash, 'signin_blocked');
      const account = await findAccountByEmail(db, body.email);
      const valid = account
        ? await verifyPassword(account.passwordHash, body.password)
        : await dummyVerify(body.password);
      if (!account || !valid) {
        await recordSigninFailure(db, emailHash, req.ip, now());
        await audit(req, { type: 'signin_failure', userId: account?.user.id ?? null, emailHash });
        throw new HttpError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
      }
      await clearSigninFailures(db, emailHash);
      if (needsRehash(account.passwordHash)) {
        await updatePasswordHash(db, account.user.id, await hashPassword(body.password), now().toISOString());
      }
      if (!account.user.email_confirmed_at) {
        await audit(req, { type: 'signin_unconfirmed', userId: account.user.id });
        throw new HttpError(403, 'email_not_confirmed', AUTH_MESSAGES.emailNotConfirmed);
      }
      // Before the session: a sign-in whose profile cannot be created leaves nobody half signed in.
      const profile = await profileAtSignin(req, account);
      await sessions.start(req, reply, account.user.id);
      await audit(req, { type: 'signin_success', userId: account.user.id });
      return { user: account.user, profile };
    },

    async signout(req: FastifyRequest, reply: FastifyReply): Promise<Ok> {
      const ended = await sessions.end(req, reply);
      if (ended) await audit(req, { type: 'signout', userId: ended.userId });
      return ok(AUTH_MESSAGES.signedOut);
    },

    async currentUser(req: FastifyRequest, reply: FastifyReply): Promise<AuthState> {
      const auth = await sessions.require(req, reply);
      return authState(auth.account);
    },

    /** Same answer for every address; a locked-out account can still reset (SECURITY.md A.4). */
    /**
     * Same answer for every address; a locked-out account can still reset (SECURITY.md A.4). The
     * answer goes before the address is looked up, so known and unknown addresses cost the request
     * the same database work (A.3); the lookup, token and mail follow in the background.
     */
    async requestReset(req: FastifyRequest, email: string): Promise<Ok> {
      await consumeAudited(req, LIMITS.resetPerIp);
      const at = now();
      background.run(req.log, 'password reset request', async () => {
        const account = await findAccountByEmail(db, email);
        if (!account) {
          await audit(req, { type: 'reset_requested_unknown', emailHash: emailHashOf(email) }, at);
          return;
        }
        let sent = false;
        if (await mayMail(db, emailHashOf(account.user.email), at)) {
          const token = await issueToken(account.user.id, 'reset', RESET_TOKEN_TTL_MS, undefined, at);
          mailer.queue(
            accountMail(
              'reset',
              account.user.locale,
              account.user.email,
              link(`/update-password#access_token=${token}`),
            ),
          );
          sent = true;
        }
        await audit(req, { type: sent ? 'reset_requested' : 'mail_throttled', userId: account.user.id }, at);
      });
      return ok(AUTH_MESSAGES.resetRequested);
    },

    /** Sets the password from a reset link; ends every session and does not sign in (OWASP Forgot Password). */
    async completeReset(req: FastifyRequest, body: UpdatePasswordBody): Promise<Ok> {
      await consumeAudited(req, LIMITS.tokenPerIp);
      const found = await validToken(body.accessToken, ['reset']);
      const account = await findAccountById(db, found.userId);
      if (!account) throw invalidToken();
      assertPasswordAllowed(body.password, account.user.email); // before the token is spent
      if (!(await useEmailToken(db, found.hash, now().toISOString()))) throw invalidToken();
      const at = now().toISOString();
      await updatePasswordHash(db, account.user.id, await hashPassword(body.password), at);
      await voidEmailTokens(db, account.user.id, ['reset', 'email_change'], at);
      await markEmailConfirmed(db, account.user.id, at); // the link proved the address
      await deleteUserSessions(db, account.user.id);
      await clearSigninFailures(db, emailHashOf(account.user.email));
      mailer.queue(accountMail('password_changed', account.user.locale, account.user.email, link('/reset-password')));
      await audit(req, { type: 'reset_completed', userId: account.user.id });
      return ok(AUTH_MESSAGES.passwordUpdated);
    },

    /** Current password required (ASVS 6.2.3); the session is rotated and, unless declined, the others end. */
    async changePassword(req: FastifyRequest, reply: FastifyReply, body: ChangePasswordBody): Promise<Ok> {
      const auth = await sessions.require(req, reply);
      await reauthenticate(req, auth, body.currentPassword);
      const { user } = auth.account;
      assertPasswordAllowed(body.newPassword, user.email);
      const at = now().toISOString();
      await updatePasswordHash(db, user.id, await hashPassword(body.newPassword), at);
      await voidEmailTokens(db, user.id, ['reset'], at);
      const fresh = await sessions.start(req, reply, user.id);
      const endOthers = body.endOtherSessions ?? true;
      if (endOthers) await deleteUserSessions(db, user.id, fresh.id);
      mailer.queue(accountMail('password_changed', user.locale, user.email, link('/reset-password')));
      await audit(req, { type: 'password_changed', userId: user.id, detail: { endedOtherSessions: endOthers } });
      return ok(AUTH_MESSAGES.passwordChanged);
    },

    /** Full re-authentication (ASVS 7.5.1); the switch happens when the new address confirms. */
    async changeEmail(req: FastifyRequest, reply: FastifyReply, body: ChangeEmailBody): Promise<Ok> {
      const auth = await sessions.require(req, reply);
      await reauthenticate(req, auth, body.password);
      const { user } = auth.account;
      if (body.newEmail === user.email) throw badRequest('validation_failed', 'This is already your email address');
      const taken = await findAccountByEmail(db, body.newEmail);
      if (!taken) {
        const token = await issueToken(user.id, 'email_change', CONFIRM_TOKEN_TTL_MS, body.newEmail);
        mailer.queue(accountMail('email_change', user.locale, body.newEmail, link(`/confirm-email#token=${token}`)));
      }
      // A taken address gets the same answer and no mail: the other account's existence stays private.
      await audit(req, { type: taken ? 'email_change_refused' : 'email_change_requested', userId: user.id });
      return ok(AUTH_MESSAGES.emailChangeRequested);
    },

    async listSessions(req: FastifyRequest, reply: FastifyReply): Promise<SessionList> {
      const auth = await sessions.require(req, reply);
      const idleMs = sessions.config.idleMs;
      return { sessions: await listUserSessions(db, auth.account.user.id, auth.session.id, idleMs) };
    },

    async endSession(req: FastifyRequest, reply: FastifyReply, publicId: string): Promise<Ok> {
      const auth = await sessions.require(req, reply);
      const endedId = await deleteUserSessionByPublicId(db, auth.account.user.id, publicId);
      if (!endedId) throw notFound('session_not_found', 'Session not found');
      if (endedId === auth.session.id) sessions.clearCookie(reply);
      await audit(req, { type: 'session_revoked', userId: auth.account.user.id });
      return ok(AUTH_MESSAGES.sessionEnded);
    },

    async endOtherSessions(req: FastifyRequest, reply: FastifyReply): Promise<Ok> {
      const auth = await sessions.require(req, reply);
      const count = await deleteUserSessions(db, auth.account.user.id, auth.session.id);
      await audit(req, { type: 'sessions_revoked', userId: auth.account.user.id, detail: { count } });
      return ok(AUTH_MESSAGES.sessionEnded);
    },

    /** Deletes the account and its data (profile, sessions, tokens, queued mails) after re-authentication. */
    async deleteAccount(req: FastifyRequest, reply: FastifyReply, password: string): Promise<Ok> {
      const auth = await sessions.require(req, reply);
      await reauthenticate(req, auth, password);
      const { user } = auth.account;
      await deleteAccount(db, user.id);
      await deleteOutboxMailTo(db, user.email);
      sessions.clearCookie(reply);
      await audit(req, { type: 'account_deleted', userId: user.id });
      return ok(AUTH_MESSAGES.accountDeleted);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
