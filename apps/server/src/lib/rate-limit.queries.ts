import type { Db } from '../db/database.ts';

/** Adds one to a counter window, atomically across processes (upsert), and returns the new count. */
export async function incrementCounter(db: Db, key: string, windowStart: string, nowIso: string): Promise<number> {
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: windowStart, count: 1, last_at: nowIso })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb(eb.ref('rate_limit.count'), '+', 1), last_at: nowIso })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readCounter(
  db: Db,
  key: string,
  windowStart: string,
): Promise<{ count: number; lastAt: string } | undefined> {
  const row = await db
    .selectFrom('rate_limit')
    .select(['count', 'last_at'])
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row && { count: Number(row.count), lastAt: row.last_at };
}

export async function deleteCounters(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit').where('key', '=', key).execute();
}

/** Drops a key's windows that ended, so the table stays small. */
export async function deleteOldCounters(db: Db, key: string, beforeWindowStart: string): Promise<void> {
  await db.deleteFrom('rate_limit').where('key', '=', key).where('window_start', '<', beforeWindowStart).execute();
}
