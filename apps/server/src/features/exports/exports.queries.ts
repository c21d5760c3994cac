import { randomUUID } from 'node:crypto';
import type { BookmarkStatus } from '@app/shared/bookmarks';
import type { ExportKind } from '@app/shared/exports';
import type { Tender } from '@app/shared/tender';
import type { Db } from '../../db/database.ts';
import { toTender } from '../tenders/tender-row.ts';

export interface ExportRecord {
  userId: string;
  accountId: string;
  kind: ExportKind;
  rows: number;
  createdAt: string;
}

/** Records one export; called in the transaction that counts it against the plan (ADR 0013). */
export async function insertExportRecord(db: Db, input: ExportRecord): Promise<void> {
  await db
    .insertInto('export_record')
    .values({
      id: randomUUID(),
      user_id: input.userId,
      account_id: input.accountId,
      kind: input.kind,
      rows: input.rows,
      created_at: input.createdAt,
    })
    .execute();
}

export async function listExportRecords(db: Db, accountId: string): Promise<ExportRecord[]> {
  const rows = await db
    .selectFrom('export_record')
    .select(['user_id', 'account_id', 'kind', 'rows', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    accountId: r.account_id,
    kind: r.kind as ExportKind,
    rows: Number(r.rows),
    createdAt: r.created_at,
  }));
}

export async function countBookmarks(db: Db, userId: string, status: BookmarkStatus | undefined): Promise<number> {
  let q = db
    .selectFrom('bookmark as b')
    .innerJoin('tender as t', 't.id', 'b.tender_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.user_id', '=', userId);
  if (status) q = q.where('b.status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export interface BookmarkedTender {
  tender: Tender;
  notes: string | null;
  status: BookmarkStatus;
  createdAt: string;
  updatedAt: string;
}

/** The caller's bookmarks with their full tenders, newest first (the bookmarks view's order), `batch` at a time. */
export async function* iterateBookmarkedTenders(
  db: Db,
  userId: string,
  status: BookmarkStatus | undefined,
  opts: { max: number; batch?: number },
  now = new Date(),
): AsyncGenerator<BookmarkedTender> {
  const batch = opts.batch ?? 500;
  for (let offset = 0; offset < opts.max; offset += batch) {
    let q = db
      .selectFrom('bookmark as b')
      .innerJoin('tender as t', 't.id', 'b.tender_id')
      .selectAll('t')
      .select([
        'b.notes as b_notes',
        'b.status as b_status',
        'b.created_at as b_created_at',
        'b.updated_at as b_updated_at',
      ])
      .where('b.user_id', '=', userId);
    if (status) q = q.where('b.status', '=', status);
    const rows = await q
      .orderBy('b.created_at', 'desc')
      .orderBy('b.tender_id', 'asc')
      .limit(Math.min(batch, opts.max - offset))
      .offset(offset)
      .execute();
    for (const r of rows) {
      const { b_notes, b_status, b_created_at, b_updated_at, ...tenderRow } = r;
      yield {
        tender: toTender(tenderRow, now),
        notes: b_notes,
        status: b_status === 'archived' ? 'archived' : 'active',
        createdAt: b_created_at,
        updatedAt: b_updated_at,
      };
    }
    if (rows.length < batch) return;
  }
}
