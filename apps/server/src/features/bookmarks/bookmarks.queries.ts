import type { Bookmark, BookmarkStatus } from '@app/shared/bookmarks';
import type { Db } from '../../db/database.ts';
import { effectiveStatus } from '../tenders/tender-row.ts';

/** The bookmark row and the tender fields a list and a calendar need: one select. */
function selectBookmarks(db: Db) {
  return db
    .selectFrom('bookmark as b')
    .innerJoin('tender as t', 't.id', 'b.tender_id')
    .select([
      'b.user_id',
      'b.tender_id',
      'b.notes',
      'b.status',
      'b.created_at',
      'b.updated_at',
      't.title',
      't.title_fr',
      't.status as tender_status',
      't.procurement_type',
      't.contracting_entity_name',
      't.contracting_entity_name_fr',
      't.contracting_entity_city',
      't.contracting_entity_province',
      't.region_keys',
      't.category_primary',
      't.published_date',
      't.closing_date',
      't.estimated_value',
      't.source_url',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectBookmarks>['execute']>>[number];

function toBookmark(r: Row, now: Date): Bookmark {
  return {
    userId: r.user_id,
    tender_notice_id: r.tender_id,
    notes: r.notes,
    status: r.status === 'archived' ? 'archived' : 'active',
    created_at: r.created_at,
    updated_at: r.updated_at,
    tender: {
      id: r.tender_id,
      title: r.title,
      title_fr: r.title_fr,
      status: effectiveStatus(r.tender_status, r.closing_date, now),
      procurement_type: r.procurement_type,
      organization: r.contracting_entity_name,
      organization_fr: r.contracting_entity_name_fr,
      city: r.contracting_entity_city,
      province: r.contracting_entity_province,
      regions: r.region_keys.split('|').filter(Boolean),
      category: r.category_primary,
      published_date: r.published_date,
      closing_date: r.closing_date,
      estimated_value: r.estimated_value === null ? null : Number(r.estimated_value),
      source_url: r.source_url,
    },
  };
}

/** The canonical id of a tender (ids are stored lower-cased), or undefined when there is none. */
export async function findTenderId(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('tender').select('id').where('id', '=', id.trim().toLowerCase()).executeTakeFirst();
  return row?.id;
}

export async function findBookmark(db: Db, userId: string, tenderId: string, now: Date): Promise<Bookmark | undefined> {
  const row = await selectBookmarks(db)
    .where('b.user_id', '=', userId)
    .where('b.tender_id', '=', tenderId)
    .executeTakeFirst();
  return row && toBookmark(row, now);
}

/**
 * Spec §4: newest first (`created_at`, the last time it was added). Ties (same instant) by tender
 * id, so the order is stable: `compareBookmarks` of @app/shared/bookmarks, which the web app's
 * cache follows too.
 */
export async function listBookmarks(
  db: Db,
  userId: string,
  status: BookmarkStatus | undefined,
  now: Date,
): Promise<Bookmark[]> {
  let q = selectBookmarks(db).where('b.user_id', '=', userId);
  if (status) q = q.where('b.status', '=', status);
  const rows = await q.orderBy('b.created_at', 'desc').orderBy('b.tender_id', 'asc').execute();
  return rows.map((r) => toBookmark(r, now));
}

/**
 * Adds the bookmark: `inserted` a new row; `reactivated` an archived one made active again and
 * stamped as added now (spec §4: adding puts it first, so its place survives a reload; its notes
 * are kept); `unchanged` when it was already active. One insert either way, so two concurrent
 * clicks cannot make two bookmarks.
 */
export async function upsertBookmark(
  db: Db,
  userId: string,
  tenderId: string,
  nowIso: string,
): Promise<'inserted' | 'reactivated' | 'unchanged'> {
  const inserted = await db
    .insertInto('bookmark')
    .values({
      user_id: userId,
      tender_id: tenderId,
      notes: null,
      status: 'active',
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['user_id', 'tender_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'inserted';
  const res = await db
    .updateTable('bookmark')
    .set({ status: 'active', created_at: nowIso, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('tender_id', '=', tenderId)
    .where('status', '!=', 'active')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? 'reactivated' : 'unchanged';
}

/** True when a bookmark was removed. */
export async function deleteBookmark(db: Db, userId: string, tenderId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('bookmark')
    .where('user_id', '=', userId)
    .where('tender_id', '=', tenderId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** True when the bookmark exists (and was updated). */
export async function updateBookmark(
  db: Db,
  userId: string,
  tenderId: string,
  changes: { notes?: string | null; status?: BookmarkStatus },
  nowIso: string,
): Promise<boolean> {
  const res = await db
    .updateTable('bookmark')
    .set({ ...changes, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('tender_id', '=', tenderId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
