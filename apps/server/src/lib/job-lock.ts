import { sql } from 'kysely';
import type { DbHandle } from '../db/connect.ts';

/**
 * Runs `fn` only if no other run of the job named `name` holds the lock, in this process or (on
 * PostgreSQL) in any process sharing the database; returns `{ ran: false }` otherwise, without
 * waiting (DESIGN.md: a job runs once across processes).
 *
 * PostgreSQL: a session advisory lock on a connection held for the run, so a crashed process
 * releases it with its connection: no lease to expire, no lock row to clean up. Its key is a fixed
 * class for "breeze jobs" and the hash of the schema and the job name (test suites run several
 * schemas in one database at once; production uses one).
 * SQLite serves one process (DESIGN.md), so a set of the runs in progress for the handle suffices.
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
    if (dbh.dialect !== 'postgres') return { ran: true, value: await fn() };
    // Raw SQL: advisory locks are PostgreSQL-only and Kysely has no builder for them.
    return await dbh.db.connection().execute(async (conn) => {
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
  } finally {
    held.delete(name);
  }
}

/** "brzjob": distinct from the ingest lock's class (features/ingest/ingest.ts). */
const JOB_LOCK_CLASS = 0x62726a;

const runningJobs = new WeakMap<DbHandle, Set<string>>();
