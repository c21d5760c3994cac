import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';
import { deleteCounters, deleteOldCounters, incrementCounter, readCounter } from './rate-limit.queries.ts';

/**
 * Fixed-window counters kept in the `rate_limit` table, so every app process sees the same counts
 * (SECURITY.md A.4). A window is `windowMs` long and aligned on the epoch; a key is `name:subject`.
 */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

export function windowStartOf(limit: Limit, now: Date): Date {
  return new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
}

/** Seconds until the current window ends (at least 1). */
export function secondsToWindowEnd(limit: Limit, now: Date): number {
  const end = windowStartOf(limit, now).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** Counts one event and returns the count in the current window, this one included. */
export async function hit(db: Db, limit: Limit, subject: string, now: Date): Promise<number> {
  const key = keyOf(limit, subject);
  const start = windowStartOf(limit, now).toISOString();
  const count = await incrementCounter(db, key, start, now.toISOString());
  if (count === 1) await deleteOldCounters(db, key, start);
  return count;
}

/** The current window's count and the time of its last event, without counting. */
export async function peek(
  db: Db,
  limit: Limit,
  subject: string,
  now: Date,
): Promise<{ count: number; lastAt: Date | null }> {
  const row = await readCounter(db, keyOf(limit, subject), windowStartOf(limit, now).toISOString());
  return { count: row?.count ?? 0, lastAt: row ? new Date(row.lastAt) : null };
}

export async function clear(db: Db, limit: Limit, subject: string): Promise<void> {
  await deleteCounters(db, keyOf(limit, subject));
}

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'rate_limited', message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Counts one event and throws 429 once the window holds more than `limit.max`. */
export async function consume(db: Db, limit: Limit, subject: string, now: Date, message: string): Promise<void> {
  const count = await hit(db, limit, subject, now);
  if (count > limit.max) throw tooManyRequests(message, secondsToWindowEnd(limit, now));
}
