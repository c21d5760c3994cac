import { createHash, randomBytes } from 'node:crypto';

/** 32 bytes from the CSPRNG (256 bits), base64url: session cookies and mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (ASVS 6.5.2, 7.2.3: high-entropy secrets may use a plain hash). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
