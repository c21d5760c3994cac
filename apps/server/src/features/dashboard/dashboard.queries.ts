import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { APP_TIME_ZONE, urgentWindowEnd } from '@app/shared/countdown';
import type { PrimaryService } from '@app/shared/profile';
import type { Database, Db } from '../../db/database.ts';
import { SERVICE_MAP } from '../ai/service-map.ts';
import { dayBefore, isOpen } from '../tenders/tenders.queries.ts';

type Eb = ExpressionBuilder<Database, 'tender'>;

export async function countActiveBookmarks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bookmark')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Active bookmarks of tenders still open whose closing countdown is urgent (spec §4, the shared
 * rule of `@app/shared/countdown`): closing after now and on or before the 7th calendar day
 * after today, Eastern time. Soonest first.
 */
export async function bookmarkedDeadlines(db: Db, userId: string, now: Date) {
  const nowIso = now.toISOString();
  const until = urgentWindowEnd(now, APP_TIME_ZONE).toISOString();
  const rows = await db
    .selectFrom('bookmark')
    .innerJoin('tender', 'tender.id', 'bookmark.tender_id')
    .select([
      'tender.id',
      'tender.title',
      'tender.title_fr',
      'tender.contracting_entity_name as organization',
      'tender.closing_date',
    ])
    .where('bookmark.user_id', '=', userId)
    .where('bookmark.status', '=', 'active')
    .where((eb) => isOpen(eb, nowIso))
    .where('tender.closing_date', 'is not', null)
    .where('tender.closing_date', '<', until)
    .orderBy('tender.closing_date', 'asc')
    .orderBy('tender.id', 'asc')
    .execute();
  return rows.flatMap((r) => (r.closing_date ? [{ ...r, closing_date: r.closing_date }] : []));
}

/** What "fits the profile" reads: its services and regions. */
export interface ProfileFit {
  primary_services: string[];
  service_regions: string[];
}

// Codes are stored as "81111801, 43231500": a prefix matches at the start or after ", ".
const codePrefix = (eb: Eb, column: 'tender.unspsc' | 'tender.gsin', prefix: string) =>
  eb.or([eb(column, 'like', `${prefix}%`), eb(column, 'like', `%, ${prefix}%`)]);

/**
 * The home dashboard's "New tenders" tile, an exact count (ADR 0011): open tenders published on
 * or after the UTC day 7 days ago (the landing page's "added this week") that fit the profile:
 *
 * - when it names services (other than 'Other'): a UNSPSC or GSIN code starting with one of
 *   their code prefixes, or a category among theirs (the service map of the recommendations);
 * - when it names regions: concerning one of them (`region_keys`: the buyer's province or a
 *   delivery region);
 * - both conditions when it names both. `complete` is false (and the count 0) when it names neither.
 */
export async function countNewFittingTenders(
  db: Db,
  profile: ProfileFit,
  now: Date,
): Promise<{ count: number; complete: boolean }> {
  const services = profile.primary_services
    .filter((s) => s !== 'Other' && s in SERVICE_MAP)
    .map((s) => SERVICE_MAP[s as PrimaryService]);
  const regions = profile.service_regions.filter(Boolean);
  if (services.length === 0 && regions.length === 0) return { count: 0, complete: false };
  const nowIso = now.toISOString();
  const conditions = (eb: Eb): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [isOpen(eb, nowIso), eb('tender.published_date', '>=', dayBefore(now, 7))];
    if (services.length > 0) {
      all.push(
        eb.or([
          ...unique(services.flatMap((s) => s.unspsc)).map((p) => codePrefix(eb, 'tender.unspsc', p)),
          ...unique(services.flatMap((s) => s.gsin)).map((p) => codePrefix(eb, 'tender.gsin', p)),
          ...unique(services.flatMap((s) => s.categories)).map((c) => eb('tender.category_codes', 'like', `%|${c}|%`)),
        ]),
      );
    }
    if (regions.length > 0) all.push(eb.or(regions.map((r) => eb('tender.region_keys', 'like', `%|${r}|%`))));
    return eb.and(all);
  };
  const row = await db
    .selectFrom('tender')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(conditions)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), complete: true };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
