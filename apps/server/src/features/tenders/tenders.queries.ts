import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import {
  CATEGORY_CODES,
  CATEGORY_LABELS,
  FILTER_REGIONS,
  TENDER_SOURCE_LABELS,
  TENDER_STATUSES,
} from '@app/shared/constants';
import type { FilterOptions, TableQuery, Tender, TenderPage, TenderStats } from '@app/shared/tender';
import type { Database, Db, Dialect } from '../../db/database.ts';
import { toTender } from './tender-row.ts';

type Eb = ExpressionBuilder<Database, 'tender'>;

/** Open as a user means it: published as open (or active) and not yet closed. */
export function isOpen(eb: Eb, nowIso: string): Expression<SqlBool> {
  return eb.and([
    eb('tender.status', 'in', ['Open', 'Active']),
    eb.or([eb('tender.closing_date', 'is', null), eb('tender.closing_date', '>', nowIso)]),
  ]);
}

/** One effective status (spec §2 table filter) as a condition on stored status and closing date. */
export function hasEffectiveStatus(eb: Eb, status: string, nowIso: string): Expression<SqlBool> {
  const notClosedYet = eb.or([eb('tender.closing_date', 'is', null), eb('tender.closing_date', '>', nowIso)]);
  switch (status) {
    case 'Open':
    case 'Active':
      return eb.and([eb('tender.status', '=', status), notClosedYet]);
    case 'Closed':
      return eb.or([
        eb('tender.status', '=', 'Closed'),
        eb.and([eb('tender.status', 'in', ['Open', 'Active']), eb('tender.closing_date', '<=', nowIso)]),
      ]);
    default:
      return eb('tender.status', '=', status);
  }
}

/** The day (YYYY-MM-DD, UTC) `days` days before `now`: "published this week" is published on or after it. */
export function dayBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** LIKE pattern for a user's text, with LIKE's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function findTender(db: Db, id: string, now = new Date()): Promise<Tender | undefined> {
  const row = await db.selectFrom('tender').selectAll().where('id', '=', id.trim().toLowerCase()).executeTakeFirst();
  return row && toTender(row, now);
}

export async function findTendersByIds(db: Db, ids: string[], now = new Date()): Promise<Tender[]> {
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('tender').selectAll().where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [r.id, toTender(r, now)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

export async function listOpenTenders(
  db: Db,
  { page, limit }: { page: number; limit: number },
  now = new Date(),
): Promise<{ tenders: Tender[]; total: number }> {
  const nowIso = now.toISOString();
  const [rows, count] = await Promise.all([
    db
      .selectFrom('tender')
      .selectAll()
      .where((eb) => isOpen(eb, nowIso))
      // Soonest closing first; tenders with no closing date last.
      .orderBy(sql`case when closing_date is null then 1 else 0 end`)
      .orderBy('closing_date', 'asc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('tender')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => isOpen(eb, nowIso))
      .executeTakeFirstOrThrow(),
  ]);
  return { tenders: rows.map((r) => toTender(r, now)), total: Number(count.n) };
}

function tableWhere(eb: Eb, query: TableQuery, dialect: Dialect, nowIso: string): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const statuses = query.statuses?.length ? query.statuses : ['Open'];
  conditions.push(eb.or(statuses.map((s) => hasEffectiveStatus(eb, s, nowIso))));
  if (query.regions?.length) {
    conditions.push(eb.or(query.regions.map((r) => eb('tender.region_keys', 'like', `%|${r}|%`))));
  }
  if (query.categories?.length) {
    conditions.push(eb.or(query.categories.map((c) => eb('tender.category_codes', 'like', `%|${c.toUpperCase()}|%`))));
  }
  if (query.notice_types?.length) conditions.push(eb('tender.procurement_type', 'in', query.notice_types));
  if (query.organizations?.length) conditions.push(eb('tender.contracting_entity_name', 'in', query.organizations));
  const q = query.q.trim();
  if (q) {
    const pattern = containsPattern(q);
    // SQLite's LIKE is case-insensitive for ASCII; PostgreSQL needs ILIKE. Both escape with '\'.
    const op = dialect === 'postgres' ? 'ilike' : 'like';
    conditions.push(
      eb.or(
        (['tender.title', 'tender.description', 'tender.contracting_entity_name'] as const).map(
          (col) => sql<SqlBool>`${eb.ref(col)} ${sql.raw(op)} ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return eb.and(conditions);
}

/** The table view's page (spec §2): filters, text match, soonest closing first, 50 a page. */
export async function queryTenderTable(
  db: Db,
  dialect: Dialect,
  query: TableQuery,
  now = new Date(),
): Promise<TenderPage> {
  const nowIso = now.toISOString();
  const base = db.selectFrom('tender').where((eb) => tableWhere(eb, query, dialect, nowIso));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`case when closing_date is null then 1 else 0 end`)
      .orderBy('closing_date', 'asc')
      .orderBy('id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    tenders: rows.map((r) => toTender(r, now)),
    total,
    page: query.page,
    page_size: query.page_size,
    page_count: Math.max(1, Math.ceil(total / query.page_size)),
  };
}

/** How many tenders the table view's filters and text match (its `total`). */
export async function countTenderTable(
  db: Db,
  dialect: Dialect,
  query: Omit<TableQuery, 'page' | 'page_size'>,
  now = new Date(),
): Promise<number> {
  const nowIso = now.toISOString();
  const row = await db
    .selectFrom('tender')
    .where((eb) => tableWhere(eb, { ...query, page: 1, page_size: 1 }, dialect, nowIso))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The table view's whole result set in its order (exports, ADR 0013): the first `max` tenders,
 * read `batch` at a time so a large export never holds every row in memory.
 */
export async function* iterateTenderTable(
  db: Db,
  dialect: Dialect,
  query: Omit<TableQuery, 'page' | 'page_size'>,
  opts: { max: number; batch?: number },
  now = new Date(),
): AsyncGenerator<Tender> {
  const nowIso = now.toISOString();
  const batch = opts.batch ?? 500;
  for (let offset = 0; offset < opts.max; offset += batch) {
    const rows = await db
      .selectFrom('tender')
      .where((eb) => tableWhere(eb, { ...query, page: 1, page_size: 1 }, dialect, nowIso))
      .selectAll()
      .orderBy(sql`case when closing_date is null then 1 else 0 end`)
      .orderBy('closing_date', 'asc')
      .orderBy('id')
      .limit(Math.min(batch, opts.max - offset))
      .offset(offset)
      .execute();
    for (const r of rows) yield toTender(r, now);
    if (rows.length < batch) return;
  }
}

/**
 * Filter options with counts over open tenders (statuses over all tenders), ADR 0014: the 10
 * regions of spec §9 and the 5 statuses always, even at count 0; categories, notice types and
 * organizations from the data (with the source's French text as `label_fr`).
 */
export async function tenderFilterOptions(db: Db, now = new Date()): Promise<FilterOptions> {
  const nowIso = now.toISOString();
  const open = db.selectFrom('tender').where((eb) => isOpen(eb, nowIso));
  const [regionRow, categoryRow, noticeTypes, organizations, statusRow] = await Promise.all([
    open
      .select((eb) =>
        FILTER_REGIONS.map((r, i) =>
          eb.fn.sum<number>(eb.case().when('region_keys', 'like', `%|${r}|%`).then(1).else(0).end()).as(`r${i}`),
        ),
      )
      .executeTakeFirstOrThrow(),
    open
      .select((eb) =>
        CATEGORY_CODES.map((c, i) =>
          eb.fn.sum<number>(eb.case().when('category_codes', 'like', `%|${c}|%`).then(1).else(0).end()).as(`c${i}`),
        ),
      )
      .executeTakeFirstOrThrow(),
    open
      .select([
        'procurement_type as value',
        (eb) => eb.fn.max('procurement_type_fr').as('label_fr'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('procurement_type', 'is not', null)
      .groupBy('procurement_type')
      .orderBy('count', 'desc')
      .limit(30)
      .execute(),
    open
      .select([
        'contracting_entity_name as value',
        (eb) => eb.fn.max('contracting_entity_name_fr').as('label_fr'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('contracting_entity_name', 'is not', null)
      .groupBy('contracting_entity_name')
      .orderBy('count', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('tender')
      .select((eb) =>
        TENDER_STATUSES.map((s) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(hasEffectiveStatus(eb, s, nowIso))
                .then(1)
                .else(0)
                .end(),
            )
            .as(s),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const num = (v: unknown) => Number(v ?? 0);
  const regionCounts = regionRow as Record<string, unknown>;
  const categoryCounts = categoryRow as Record<string, unknown>;
  const statusCounts = statusRow as Record<string, unknown>;
  return {
    regions: FILTER_REGIONS.map((r, i) => ({ value: r, label: r, count: num(regionCounts[`r${i}`]) })),
    categories: CATEGORY_CODES.map((c, i) => ({
      value: c,
      label: CATEGORY_LABELS[c],
      count: num(categoryCounts[`c${i}`]),
    })),
    notice_types: noticeTypes.map((n) => ({
      value: n.value ?? '',
      label: n.value ?? '',
      label_fr: n.label_fr ?? null,
      count: num(n.count),
    })),
    statuses: TENDER_STATUSES.map((s) => ({ value: s, label: s, count: num(statusCounts[s]) })),
    organizations: organizations.map((o) => ({
      value: o.value ?? '',
      label: o.value ?? '',
      label_fr: o.label_fr ?? null,
      count: num(o.count),
    })),
  };
}

/** Live figures for the landing and about pages: nothing here is typed in by hand. */
export async function tenderStats(db: Db, now = new Date()): Promise<TenderStats> {
  const nowIso = now.toISOString();
  const weekAgo = dayBefore(now, 7);
  const [open, added, orgs, sources, runs, meta] = await Promise.all([
    db
      .selectFrom('tender')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => isOpen(eb, nowIso))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tender')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('published_date', '>=', weekAgo)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tender')
      .select((eb) => eb.fn.count<number>('contracting_entity_name').distinct().as('n'))
      .where((eb) => isOpen(eb, nowIso))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tender')
      .select((eb) => [
        'source',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(eb.case().when(isOpen(eb, nowIso)).then(1).else(0).end()).as('open'),
      ])
      .groupBy('source')
      .execute(),
    db
      .selectFrom('ingest_run')
      .select(['source', (eb) => eb.fn.max('finished_at').as('last')])
      .where('status', '=', 'succeeded')
      .groupBy('source')
      .execute(),
    db.selectFrom('app_meta').select('value').where('key', '=', 'tender_data').executeTakeFirst(),
  ]);
  const lastBySource = new Map(runs.map((r) => [r.source, r.last ?? null]));
  const labels: Record<string, string> = TENDER_SOURCE_LABELS;
  return {
    open_tenders: Number(open.n),
    added_this_week: Number(added.n),
    organizations: Number(orgs.n),
    total_tenders: sources.reduce((sum, s) => sum + Number(s.n), 0),
    sources: sources
      .map((s) => ({
        source: s.source,
        name: labels[s.source] ?? s.source,
        tenders: Number(s.n),
        open_tenders: Number(s.open ?? 0),
        last_ingested_at: lastBySource.get(s.source) ?? null,
      }))
      .sort((a, b) => b.tenders - a.tenders || a.source.localeCompare(b.source)),
    demo_data: meta?.value === 'demo' || sources.some((s) => s.source === 'demo'),
    generated_at: nowIso,
  };
}

export async function listTenderVersions(db: Db, id: string) {
  return db
    .selectFrom('tender_version')
    .select(['amendment_number', 'replaced_at', 'snapshot'])
    .where('tender_id', '=', id.trim().toLowerCase())
    .orderBy('replaced_at', 'desc')
    .execute();
}
