import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

type Eb = ExpressionBuilder<Database, 'tender'>;

const open = (eb: Eb, nowIso: string) =>
  eb.and([
    eb('tender.status', 'in', ['Open', 'Active']),
    eb.or([eb('tender.closing_date', 'is', null), eb('tender.closing_date', '>', nowIso)]),
  ]);

/** Open, and published on or after `publishedSince` (YYYY-MM-DD) when one is given. */
const candidate = (eb: Eb, nowIso: string, publishedSince: string | undefined) =>
  publishedSince ? eb.and([open(eb, nowIso), eb('tender.published_date', '>=', publishedSince)]) : open(eb, nowIso);

// Codes are stored as "81111801, 43231500": a prefix matches at the start or after ", ".
const codePrefix = (eb: Eb, column: 'tender.unspsc' | 'tender.gsin', prefix: string) =>
  eb.or([eb(column, 'like', `${prefix}%`), eb(column, 'like', `%, ${prefix}%`)]);

/**
 * Open tenders whose UNSPSC or GSIN codes start with one of the prefixes, or whose category is
 * one of the codes: the code-based prefilter of the recommendations, soonest closing first.
 */
export async function openTenderIdsByCodes(
  db: Db,
  q: { unspsc: string[]; gsin: string[]; categories: string[]; limit: number; publishedSince?: string },
  now: Date,
): Promise<string[]> {
  if (!q.unspsc.length && !q.gsin.length && !q.categories.length) return [];
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom('tender')
    .select('id')
    .where((eb) =>
      eb.and([
        candidate(eb, nowIso, q.publishedSince),
        eb.or([
          ...q.unspsc.map((p) => codePrefix(eb, 'tender.unspsc', p)),
          ...q.gsin.map((p) => codePrefix(eb, 'tender.gsin', p)),
          ...q.categories.map((c) => eb('tender.category_codes', 'like', `%|${c}|%`)),
        ]),
      ]),
    )
    .orderBy('closing_date', 'asc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Open tenders concerning one of the provinces (delivery or the buyer's province), soonest closing first. */
export async function openTenderIdsByRegions(
  db: Db,
  regions: string[],
  limit: number,
  now: Date,
  publishedSince?: string,
): Promise<string[]> {
  if (!regions.length) return [];
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom('tender')
    .select('id')
    .where((eb) =>
      eb.and([
        candidate(eb, nowIso, publishedSince),
        eb.or(regions.map((r) => eb('tender.region_keys', 'like', `%|${r}|%`))),
      ]),
    )
    .orderBy('closing_date', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
