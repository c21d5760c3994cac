import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@app/shared/auth';
import { badRequest } from '../../lib/errors.ts';

/**
 * argon2id at the OWASP / ASVS 5.0 Appendix C minimum (SECURITY.md A.1): 19 MiB, 2 passes, 1 lane.
 * Raising these makes `needsRehash` true for older hashes, which are upgraded at the next sign-in.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, unreadable under isolatedModules)

/** Unicode NFC so the same password typed on two keyboards gives the same bytes; no truncation, no case change. */
const normalise = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalise(password), { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalise(password));
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when the stored hash is not argon2id or is weaker than today's parameters. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m < ARGON2_PARAMS.memoryCost || t < ARGON2_PARAMS.timeCost || p !== ARGON2_PARAMS.parallelism;
}

/**
 * A hash of a random string, verified against when the email is unknown, so a sign-in for an
 * unknown address costs the same argon2 work as one for a known address (SECURITY.md A.3).
 */
let dummyHash: Promise<string> | undefined;
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

// The list ships with the project; see its header and docs/decisions/0006-sessions.md.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(normalise(password).toLowerCase());
}

export const commonPasswordCount = () => COMMON_PASSWORDS.size;

/** The rules the shared schema cannot check: not on the common list, not the email address. */
export function assertPasswordAllowed(password: string, email?: string): void {
  if (isCommonPassword(password)) throw badRequest('password_too_common', AUTH_MESSAGES.passwordTooCommon);
  if (email && password.trim().toLowerCase() === email.toLowerCase()) {
    throw badRequest('password_too_common', AUTH_MESSAGES.passwordIsEmail);
  }
}
