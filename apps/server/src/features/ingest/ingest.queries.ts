import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { IngestRun } from '@app/shared/tender';
import type { Db, IngestRunTable, TenderTable } from '../../db/database.ts';
import type { TenderDraft } from './canadabuys.ts';

// All SQL of the ingestion slice. Kysely only, so the same code runs on SQLite and PostgreSQL.

/** Rows per multi-row INSERT: ~60 columns × 200 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 200;

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

type Stored = Pick<TenderTable, 'amendment_number' | 'content_hash'>;

/**
 * What an incoming row does to the stored one: a new id is inserted; an older amendment never
 * replaces a newer one; otherwise a different hash (a higher amendment always differs, since
 * the number is hashed) is an update.
 */
export function upsertAction(stored: Stored | undefined, incoming: Stored): 'insert' | 'update' | 'unchanged' {
  if (!stored) return 'insert';
  if (incoming.amendment_number < stored.amendment_number) return 'unchanged';
  return incoming.content_hash === stored.content_hash ? 'unchanged' : 'update';
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes one batch in one transaction, so an interrupted ingest leaves whole batches only.
 * The batch must hold each id at most once. Stored hashes come from one `id in (…)` query;
 * each replaced row is kept as a JSON snapshot in tender_version.
 */
export async function upsertTenders(db: Db, drafts: TenderDraft[], nowIso: string): Promise<BatchCounts> {
  if (drafts.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('tender')
      .select(['id', 'amendment_number', 'content_hash'])
      .where(
        'id',
        'in',
        drafts.map((d) => d.id),
      )
      .execute();
    const byId = new Map(stored.map((s) => [s.id, s]));
    const inserts: TenderTable[] = [];
    const updates: TenderDraft[] = [];
    for (const d of drafts) {
      const action = upsertAction(byId.get(d.id), d);
      if (action === 'insert') inserts.push({ ...d, created_at: nowIso, updated_at: nowIso });
      else if (action === 'update') updates.push(d);
    }
    for (const chunk of chunks(inserts, INSERT_CHUNK)) await trx.insertInto('tender').values(chunk).execute();
    if (updates.length > 0) await replaceTenders(trx, updates, nowIso);
    return { inserted: inserts.length, updated: updates.length, unchanged: drafts.length - inserts.length - updates.length };
  });
}

async function replaceTenders(db: Db, updates: TenderDraft[], nowIso: string): Promise<void> {
  const previous = await db
    .selectFrom('tender')
    .selectAll()
    .where(
      'id',
      'in',
      updates.map((u) => u.id),
    )
    .execute();
  const versions = previous.map((p) => ({
    id: randomUUID(),
    tender_id: p.id,
    amendment_number: p.amendment_number,
    content_hash: p.content_hash,
    snapshot: JSON.stringify(p),
    replaced_at: nowIso,
  }));
  for (const chunk of chunks(versions, INSERT_CHUNK)) await db.insertInto('tender_version').values(chunk).execute();
  for (const u of updates) {
    const { id, ...changes } = u;
    await db
      .updateTable('tender')
      .set({ ...changes, updated_at: nowIso })
      .where('id', '=', id)
      .execute();
  }
}

export type RunRow = Selectable<IngestRunTable>;

export async function insertRun(db: Db, run: RunRow): Promise<void> {
  await db.insertInto('ingest_run').values(run).execute();
}

export async function updateRun(db: Db, run: RunRow): Promise<void> {
  const { id, ...rest } = run;
  await db.updateTable('ingest_run').set(rest).where('id', '=', id).execute();
}

const RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

export function toIngestRun(row: RunRow): IngestRun {
  let rejected: IngestRun['rejected'] = [];
  try {
    rejected = JSON.parse(row.rejected) as IngestRun['rejected'];
  } catch {
    // A hand-edited row must not break the runs page.
  }
  const status = RUN_STATUSES.find((s) => s === row.status) ?? 'failed';
  return { ...row, status, rejected };
}

export async function listRuns(db: Db, limit: number): Promise<IngestRun[]> {
  const rows = await db.selectFrom('ingest_run').selectAll().orderBy('started_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map(toIngestRun);
}

export async function countTenders(db: Db, source?: string): Promise<number> {
  let q = db.selectFrom('tender').select((eb) => eb.fn.countAll<number>().as('n'));
  if (source) q = q.where('source', '=', source);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteTendersOfSource(db: Db, source: string): Promise<number> {
  const res = await db.deleteFrom('tender').where('source', '=', source).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setMeta(db: Db, key: string, value: string, nowIso: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}
