import type { Activity, ActivityKind } from '@app/shared/activity';
import type { Db } from '../../db/database.ts';

export interface NewActivity {
  kind: ActivityKind;
  tenderId?: string | null;
  query?: string | null;
  detail?: string | null;
}

export async function insertActivity(db: Db, userId: string, entry: NewActivity, nowIso: string): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      user_id: userId,
      kind: entry.kind,
      tender_id: entry.tenderId ?? null,
      query: entry.query ?? null,
      detail: entry.detail ?? null,
      created_at: nowIso,
    })
    .execute();
}

/** The stored id of a tender (ids are lower-case), or undefined when there is none. */
export async function findTenderId(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('tender').select('id').where('id', '=', id.trim().toLowerCase()).executeTakeFirst();
  return row?.id;
}

/** True when the user has an entry of this kind for this tender at or after `sinceIso`. */
export async function hasRecentActivity(
  db: Db,
  userId: string,
  kind: ActivityKind,
  tenderId: string,
  sinceIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>=', sinceIso)
    .where('kind', '=', kind)
    .where('tender_id', '=', tenderId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const KINDS = new Set<string>(['viewed', 'bookmarked', 'searched', 'downloaded']);

/** The user's newest entries, with the tender each one is about (as it is now). */
export async function listActivity(db: Db, userId: string, limit: number): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activity as a')
    .leftJoin('tender as t', 't.id', 'a.tender_id')
    .select([
      'a.id',
      'a.kind',
      'a.tender_id',
      'a.query',
      'a.detail',
      'a.created_at',
      't.id as t_id',
      't.title as t_title',
      't.title_fr as t_title_fr',
      't.contracting_entity_name as t_organization',
      't.contracting_entity_name_fr as t_organization_fr',
      't.contracting_entity_province as t_province',
      't.published_date as t_published_date',
      't.closing_date as t_closing_date',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows
    .filter((r) => KINDS.has(r.kind))
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind as ActivityKind,
      tender_id: r.tender_id,
      tender:
        r.t_id && r.t_title
          ? {
              id: r.t_id,
              title: r.t_title,
              title_fr: r.t_title_fr ?? null,
              organization: r.t_organization ?? null,
              organization_fr: r.t_organization_fr ?? null,
              province: r.t_province ?? null,
              published_date: r.t_published_date ?? null,
              closing_date: r.t_closing_date ?? null,
            }
          : null,
      query: r.query,
      detail: r.detail,
      created_at: r.created_at,
    }));
}
