import { AUTH_MESSAGES } from '@app/shared/auth';
import type { Db } from '../../db/database.ts';
import { clear, hit, peek, secondsToWindowEnd, tooManyRequests, type Limit } from '../../lib/rate-limit.ts';

const HOUR = 3_600_000;

/**
 * Abuse limits (SECURITY.md A.4, ADR 0006). Counters live in the database, so they hold across
 * processes. Subjects are an IP address or the SHA-256 of a lower-cased email.
 */
export const LIMITS = {
  /** Failed sign-ins per account: back off after 5, hard cap 100 per hour (ASVS 4.0.3 2.2.1). */
  signinFailuresPerAccount: { name: 'signin-fail-account', max: 100, windowMs: HOUR },
  /** Failed sign-ins per IP, all accounts together. */
  signinFailuresPerIp: { name: 'signin-fail-ip', max: 100, windowMs: HOUR },
  signupPerIp: { name: 'signup-ip', max: 20, windowMs: HOUR },
  resetPerIp: { name: 'reset-ip', max: 20, windowMs: HOUR },
  resendPerIp: { name: 'resend-ip', max: 20, windowMs: HOUR },
  /** Attempts with a mailed token (confirm-email, update-password) per IP: guessing stays hopeless. */
  tokenPerIp: { name: 'token-ip', max: 60, windowMs: HOUR },
  /** Mails that an anonymous request can trigger to one address (confirmation, reset, notices). Over it: answered alike, not sent. */
  mailsPerAddress: { name: 'mail-to', max: 5, windowMs: HOUR },
} satisfies Record<string, Limit>;

export const BACKOFF_AFTER_FAILURES = 5;
export const BACKOFF_MAX_SECONDS = 15 * 60;

/** Wait before the next attempt once an account has `failures` failures: 1 s, 2 s, 4 s … up to 15 min. */
export function backoffSeconds(failures: number): number {
  if (failures < BACKOFF_AFTER_FAILURES) return 0;
  return Math.min(2 ** (failures - BACKOFF_AFTER_FAILURES), BACKOFF_MAX_SECONDS);
}

/** Throws 429 when this IP or this account must wait; unknown emails are treated like known ones. */
export async function assertSigninAllowed(db: Db, emailHash: string, ip: string, now: Date): Promise<void> {
  const perIp = await peek(db, LIMITS.signinFailuresPerIp, ip, now);
  if (perIp.count >= LIMITS.signinFailuresPerIp.max) {
    throw tooManyRequests(AUTH_MESSAGES.rateLimited, secondsToWindowEnd(LIMITS.signinFailuresPerIp, now));
  }
  const perAccount = await peek(db, LIMITS.signinFailuresPerAccount, emailHash, now);
  if (perAccount.count >= LIMITS.signinFailuresPerAccount.max) {
    throw tooManyRequests(AUTH_MESSAGES.rateLimited, secondsToWindowEnd(LIMITS.signinFailuresPerAccount, now));
  }
  const wait = backoffSeconds(perAccount.count);
  if (wait > 0 && perAccount.lastAt) {
    const remainingMs = perAccount.lastAt.getTime() + wait * 1000 - now.getTime();
    if (remainingMs > 0) throw tooManyRequests(AUTH_MESSAGES.rateLimited, remainingMs / 1000);
  }
}

export async function recordSigninFailure(db: Db, emailHash: string, ip: string, now: Date): Promise<void> {
  await hit(db, LIMITS.signinFailuresPerAccount, emailHash, now);
  await hit(db, LIMITS.signinFailuresPerIp, ip, now);
}

/** A successful sign-in or password reset forgives the account's failures (never the IP's). */
export async function clearSigninFailures(db: Db, emailHash: string): Promise<void> {
  await clear(db, LIMITS.signinFailuresPerAccount, emailHash);
}

/** Counts a mail to `emailHash`'s address; false when the address already got its share this hour. */
export async function mayMail(db: Db, emailHash: string, now: Date): Promise<boolean> {
  return (await hit(db, LIMITS.mailsPerAddress, emailHash, now)) <= LIMITS.mailsPerAddress.max;
}
