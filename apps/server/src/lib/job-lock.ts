import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connect.ts';
import type { Db } from '../db/database.ts';

/**
 * Runs `fn` only if no other run of the job named `name` holds the lock, in this process or in any
 * process sharing the database; returns `{ ran: false }` otherwise, without waiting (DESIGN.md: a
 * job runs once across processes).
 *
 * - PostgreSQL: a session advisory lock on a connection held for the run, so a crashed process
 *   releases it with its connection: nothing to expire or clean up. Its key is a fixed class for
 *   "breeze jobs" and the hash of the schema and the job name (test suites run several schemas in
 *   one database at once; production uses one).
 * - SQLite (several processes may share the file): a lease row in `job_lock`, taken with one
 *   upsert that only replaces an expired lease, renewed every LEASE_MS / 3 while the run lasts, and
 *   deleted at the end. A process that dies holds it for at most LEASE_MS.
 *
 * Leases use the wall clock, never an injected test clock (which jumps days).
 */
export async function withJobLock<T>(
  dbh: DbHandle,
  name: string,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  let held = runningJobs.get(dbh);
  if (!held) runningJobs.set(dbh, (held = new Set()));
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    return dbh.dialect === 'postgres' ? await withAdvisoryLock(dbh, name, fn) : await withLease(dbh.db, name, fn);
  } finally {
    held.delete(name);
  }
}

/** How long a SQLite lease lasts without renewal. */
export const LEASE_MS = 5 * 60_000;

/** "brzjob": distinct from the ingest lock's class (features/ingest/ingest.ts). */
const JOB_LOCK_CLASS = 0x62726a;

const runningJobs = new WeakMap<DbHandle, Set<string>>();

async function withAdvisoryLock<T>(dbh: DbHandle, name: string, fn: () => Promise<T>) {
  // Raw SQL: advisory locks are PostgreSQL-only and Kysely has no builder for them.
  return dbh.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${JOB_LOCK_CLASS}, hashtext(current_schema() || ':' || ${name})) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return { ran: false as const };
    try {
      return { ran: true as const, value: await fn() };
    } finally {
      await sql`select pg_advisory_unlock(${JOB_LOCK_CLASS}, hashtext(current_schema() || ':' || ${name}))`.execute(
        conn,
      );
    }
  });
}

async function withLease<T>(db: Db, name: string, fn: () => Promise<T>) {
  const holder = randomUUID();
  const until = () => new Date(Date.now() + LEASE_MS).toISOString();
  const taken = await db
    .insertInto('job_lock')
    .values({ name, holder, expires_at: until() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: until() })
        .where('job_lock.expires_at', '<=', new Date().toISOString()),
    )
    .returning('holder')
    .executeTakeFirst();
  if (taken?.holder !== holder) return { ran: false as const };
  const renew = setInterval(() => {
    db.updateTable('job_lock')
      .set({ expires_at: until() })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute()
      .catch(() => undefined); // a busy database: the next renewal tries again, well within the lease
  }, LEASE_MS / 3);
  renew.unref();
  try {
    return { ran: true as const, value: await fn() };
  } finally {
    clearInterval(renew);
    await db.deleteFrom('job_lock').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
