import fc from 'fast-check';
import { hash } from '@node-rs/argon2';
import { describe, expect, test } from 'vitest';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/shared/auth';
import {
  ARGON2_PARAMS,
  assertPasswordAllowed,
  commonPasswordCount,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './auth.passwords.ts';

describe('password hashing (SECURITY.md A.1)', () => {
  test('hashes are argon2id with m=19456, t=2, p=1', async () => {
    const stored = await hashPassword('a perfectly fine passphrase');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  test('weaker or foreign hashes are due for a rehash', async () => {
    const weak = await hash('x', { memoryCost: 12288, timeCost: 3, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
    expect(await verifyPassword('not a hash at all', 'x')).toBe(false);
  });

  test('property: any 8-128 character string verifies, and the same plus one character does not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 8, maxLength: 128, unit: 'grapheme' }), async (password) => {
        const stored = await hashPassword(password);
        expect(await verifyPassword(stored, password)).toBe(true);
        expect(await verifyPassword(stored, `${password}x`)).toBe(false);
      }),
      { numRuns: 8 },
    );
  });

  test('no truncation: passwords differing only after 72 bytes are different', async () => {
    const base = 'é'.repeat(60);
    const stored = await hashPassword(`${base}-one`);
    expect(await verifyPassword(stored, `${base}-two`)).toBe(false);
  });
});

describe('password policy', () => {
  test('length 8 to 256 characters, counted in characters, no composition rules', () => {
    expect(newPasswordSchema.safeParse('a'.repeat(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(newPasswordSchema.safeParse('a'.repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(PASSWORD_MAX_LENGTH)).success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(PASSWORD_MAX_LENGTH + 1)).success).toBe(false);
    expect(newPasswordSchema.safeParse('🙂🙂🙂🙂').success).toBe(false); // 4 characters, 8 UTF-16 units
    expect(newPasswordSchema.safeParse('alllowercaseletters').success).toBe(true);
  });

  test('the shipped common-password list holds 10,000 entries and refuses them case-insensitively', () => {
    expect(commonPasswordCount()).toBe(10_000);
    for (const p of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou',
      'Password1',
      'BASEBALL',
      'sunshine',
      '1qaz2wsx',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(() => assertPasswordAllowed(p)).toThrow(/too common/);
    }
    for (const p of ['correct horse battery staple', 'Lovelace-Engineering-2026'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  test('the email address is not accepted as the password', () => {
    expect(() => assertPasswordAllowed('Ada@Example.ca', 'ada@example.ca')).toThrow(/email address/);
  });
});
