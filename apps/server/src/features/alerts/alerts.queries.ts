import { PostgresAdapter, type Selectable } from 'kysely';
import { savedCriteriaSchema, type AlertCriteria, type AlertFrequency } from '@app/shared/alerts';
import type { AlertTable, Db } from '../../db/database.ts';

/** An alert as the slice works with it (rows never leave this file). */
export interface AlertRecord {
  id: string;
  userId: string;
  name: string;
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  active: boolean;
  baselineAt: string;
  lastRunAt: string | null;
  lastNotifiedAt: string | null;
  nextRunAt: string;
  createdAt: string;
  updatedAt: string;
}

const FREQUENCIES: readonly string[] = ['instant', 'daily', 'weekly'];

function toRecord(r: Selectable<AlertTable>): AlertRecord {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    criteria: savedCriteriaSchema.parse(JSON.parse(r.criteria)),
    frequency: (FREQUENCIES.includes(r.frequency) ? r.frequency : 'daily') as AlertFrequency,
    active: Number(r.active) === 1,
    baselineAt: r.baseline_at,
    lastRunAt: r.last_run_at,
    lastNotifiedAt: r.last_notified_at,
    nextRunAt: r.next_run_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The criteria as stored: the parsed search criteria, without the keys left unset. */
const criteriaJson = (c: AlertCriteria) => JSON.stringify(c);

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The user's alerts, newest first. */
export async function listAlerts(db: Db, userId: string): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alert')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** The alert if `userId` owns it: another user's alert reads as missing. */
export async function findAlert(db: Db, userId: string, id: string): Promise<AlertRecord | undefined> {
  const row = await db
    .selectFrom('alert')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Active (not paused) alerts of the user: the gauge the plan limit `alerts` is checked against. */
export async function countActiveAlerts(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('alert')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The ids of the user's active alerts that fit a plan allowing `limit` (-1: all): the oldest
 * first. The others are over the limit (after a downgrade) and are not run.
 */
export async function activeAlertIdsWithinLimit(db: Db, userId: string, limit: number): Promise<Set<string>> {
  if (limit === 0) return new Set();
  let query = db
    .selectFrom('alert')
    .select('id')
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc');
  if (limit > 0) query = query.limit(limit);
  return new Set((await query.execute()).map((r) => r.id));
}

/**
 * Runs `fn` in a transaction that holds the user's account row, so that two requests creating or
 * resuming alerts at once (in any number of processes) count one after the other and cannot both
 * pass the plan limit. SQLite transactions already run one at a time.
 */
async function withUserLocked<T>(db: Db, userId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (isPostgres(tx)) await tx.selectFrom('user_account').select('id').where('id', '=', userId).forUpdate().execute();
    return fn(tx);
  });
}

export interface NewAlert {
  id: string;
  userId: string;
  name: string;
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  active: boolean;
  nextRunAt: string;
}

/**
 * Inserts the alert unless it is active and the user already has `limit` active alerts (-1:
 * unlimited); returns false then. The count and the insert are one transaction with the user held.
 */
export async function insertAlertWithinLimit(db: Db, alert: NewAlert, limit: number, nowIso: string): Promise<boolean> {
  return withUserLocked(db, alert.userId, async (tx) => {
    if (alert.active && limit !== -1 && (await countActiveAlerts(tx, alert.userId)) >= limit) return false;
    await tx
      .insertInto('alert')
      .values({
        id: alert.id,
        user_id: alert.userId,
        name: alert.name,
        criteria: criteriaJson(alert.criteria),
        frequency: alert.frequency,
        active: alert.active ? 1 : 0,
        baseline_at: nowIso,
        last_run_at: null,
        last_notified_at: null,
        next_run_at: alert.nextRunAt,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    return true;
  });
}

export interface AlertPatch {
  name?: string;
  criteria?: AlertCriteria;
  frequency?: AlertFrequency;
  active?: boolean;
  nextRunAt?: string;
  /** Resuming starts a new baseline: what arrived while it was paused is not mailed. */
  baselineAt?: string;
}

/**
 * Applies the change to the user's alert. Resuming a paused alert (active: true) is refused when
 * the user already has `limit` active alerts: 'limit' is returned and nothing changes. Returns
 * 'missing' when the user has no such alert.
 */
export async function updateAlertWithinLimit(
  db: Db,
  userId: string,
  id: string,
  patch: AlertPatch,
  limit: number,
  nowIso: string,
): Promise<'updated' | 'missing' | 'limit'> {
  return withUserLocked(db, userId, async (tx) => {
    const current = await tx
      .selectFrom('alert')
      .select(['active'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!current) return 'missing';
    const resuming = patch.active === true && Number(current.active) !== 1;
    if (resuming && limit !== -1 && (await countActiveAlerts(tx, userId)) >= limit) return 'limit';
    await tx
      .updateTable('alert')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.criteria !== undefined && { criteria: criteriaJson(patch.criteria) }),
        ...(patch.frequency !== undefined && { frequency: patch.frequency }),
        ...(patch.active !== undefined && { active: patch.active ? 1 : 0 }),
        ...(patch.nextRunAt !== undefined && { next_run_at: patch.nextRunAt }),
        ...(resuming && patch.baselineAt !== undefined && { baseline_at: patch.baselineAt }),
        updated_at: nowIso,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return 'updated';
  });
}

/** Deletes the user's alert with its digests and delivery records; false when there is none. */
export async function deleteAlert(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alert').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Tenders mailed by each of the alerts (only mails the server accepted). */
export async function sentCounts(db: Db, alertIds: string[]): Promise<Map<string, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('alert_digest')
    .select((eb) => ['alert_id', eb.fn.sum<number>('tender_count').as('n')])
    .where('alert_id', 'in', alertIds)
    .where('status', '=', 'sent')
    .groupBy('alert_id')
    .execute();
  return new Map(rows.map((r) => [r.alert_id, Number(r.n)]));
}

// The alert job --------------------------------------------------------------------------------

/** A due alert with what a digest needs of its owner. */
export interface DueAlert extends AlertRecord {
  email: string;
  locale: string;
}

/**
 * Active alerts due at `nowIso` (instant ones always are), oldest first, of owners with a
 * confirmed address (no mail goes to an address nobody confirmed).
 */
export async function listDueAlerts(db: Db, nowIso: string): Promise<DueAlert[]> {
  const rows = await db
    .selectFrom('alert as a')
    .innerJoin('user_account as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.email', 'u.locale'])
    .where('a.active', '=', 1)
    .where('a.next_run_at', '<=', nowIso)
    .where('u.email_confirmed_at', 'is not', null)
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .execute();
  return rows.map(({ email, locale, ...row }) => ({ ...toRecord(row), email, locale }));
}

/** An alert with its owner, by id (for a digest left pending by a run that died). */
export async function findAlertWithOwner(db: Db, id: string): Promise<DueAlert | undefined> {
  const row = await db
    .selectFrom('alert as a')
    .innerJoin('user_account as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.email', 'u.locale'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { email, locale, ...alert } = row;
  return { ...toRecord(alert), email, locale };
}

/** Which of the tenders the alert has already recorded (mailed, or claimed by a digest). */
export async function deliveredAmong(db: Db, alertId: string, tenderIds: string[]): Promise<Set<string>> {
  if (tenderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('alert_delivery')
    .select('tender_id')
    .where('alert_id', '=', alertId)
    .where('tender_id', 'in', tenderIds)
    .execute();
  return new Set(rows.map((r) => r.tender_id));
}

/**
 * Claims the tenders for one digest, in one transaction: a pending digest row plus one delivery
 * row per tender not yet recorded for the alert (the primary key makes a tender claimed by another
 * run at the same time a no-op). Returns the tenders this digest got, in the order given; an empty
 * list (and no digest) when every one was already recorded.
 */
export async function claimDigest(
  db: Db,
  claim: { digestId: string; alertId: string; tenderIds: string[] },
  nowIso: string,
): Promise<string[]> {
  if (claim.tenderIds.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('alert_digest')
      .values({
        id: claim.digestId,
        alert_id: claim.alertId,
        status: 'pending',
        tender_count: 0,
        created_at: nowIso,
        sent_at: null,
      })
      .execute();
    for (let i = 0; i < claim.tenderIds.length; i += 200) {
      await tx
        .insertInto('alert_delivery')
        .values(
          claim.tenderIds.slice(i, i + 200).map((tenderId) => ({
            alert_id: claim.alertId,
            tender_id: tenderId,
            digest_id: claim.digestId,
            created_at: nowIso,
          })),
        )
        .onConflict((oc) => oc.columns(['alert_id', 'tender_id']).doNothing())
        .execute();
    }
    const mine = new Set(
      (await tx.selectFrom('alert_delivery').select('tender_id').where('digest_id', '=', claim.digestId).execute()).map(
        (r) => r.tender_id,
      ),
    );
    if (mine.size === 0) {
      await tx.deleteFrom('alert_digest').where('id', '=', claim.digestId).execute();
      return [];
    }
    await tx.updateTable('alert_digest').set({ tender_count: mine.size }).where('id', '=', claim.digestId).execute();
    return claim.tenderIds.filter((id) => mine.has(id));
  });
}

/** The mail was accepted: the digest is sent and the alert's run is recorded, in one transaction. */
export async function markDigestSent(
  db: Db,
  digest: { id: string; alertId: string },
  run: { lastRunAt: string; nextRunAt: string },
  nowIso: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('alert_digest').set({ status: 'sent', sent_at: nowIso }).where('id', '=', digest.id).execute();
    await tx
      .updateTable('alert')
      .set({ last_run_at: run.lastRunAt, next_run_at: run.nextRunAt, last_notified_at: nowIso })
      .where('id', '=', digest.alertId)
      .execute();
  });
}

/** The mail failed: the claim is dropped (its tenders are found again by the next run). */
export async function releaseDigest(db: Db, digestId: string): Promise<void> {
  await db.deleteFrom('alert_digest').where('id', '=', digestId).execute(); // deliveries cascade
}

/** A run found nothing new: only the run is recorded. */
export async function recordRun(db: Db, alertId: string, run: { lastRunAt: string; nextRunAt: string }): Promise<void> {
  await db
    .updateTable('alert')
    .set({ last_run_at: run.lastRunAt, next_run_at: run.nextRunAt })
    .where('id', '=', alertId)
    .execute();
}

/** Digests claimed by a run that died before the mail server answered, oldest first. */
export async function listPendingDigests(db: Db): Promise<Array<{ id: string; alertId: string; createdAt: string }>> {
  const rows = await db
    .selectFrom('alert_digest')
    .select(['id', 'alert_id', 'created_at'])
    .where('status', '=', 'pending')
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => ({ id: r.id, alertId: r.alert_id, createdAt: r.created_at }));
}

/** What a digest mail shows of a tender. */
export interface DigestTender {
  id: string;
  title: string;
  titleFr: string | null;
  organization: string | null;
  organizationFr: string | null;
  city: string | null;
  province: string | null;
  publishedDate: string | null;
  closingDate: string | null;
}

/** The digest's tenders that still exist, newest published first. */
export async function listDigestTenders(db: Db, digestId: string): Promise<DigestTender[]> {
  const rows = await db
    .selectFrom('alert_delivery as d')
    .innerJoin('tender as t', 't.id', 'd.tender_id')
    .select([
      't.id',
      't.title',
      't.title_fr',
      't.contracting_entity_name',
      't.contracting_entity_name_fr',
      't.contracting_entity_city',
      't.contracting_entity_province',
      't.published_date',
      't.closing_date',
    ])
    .where('d.digest_id', '=', digestId)
    .orderBy('t.published_date', 'desc')
    .orderBy('t.id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    titleFr: r.title_fr,
    organization: r.contracting_entity_name,
    organizationFr: r.contracting_entity_name_fr,
    city: r.contracting_entity_city,
    province: r.contracting_entity_province,
    publishedDate: r.published_date,
    closingDate: r.closing_date,
  }));
}

// The notification bell ------------------------------------------------------------------------

export interface RecentAlertMatch {
  alertId: string;
  alertName: string;
  tenderId: string;
  title: string;
  titleFr: string | null;
  closingDate: string | null;
  amendmentNumber: number;
  at: string;
}

/** Tenders the user's alerts recorded since `sinceIso` (claimed or mailed), newest first. */
export async function listRecentAlertMatches(db: Db, userId: string, sinceIso: string): Promise<RecentAlertMatch[]> {
  const rows = await db
    .selectFrom('alert_delivery as d')
    .innerJoin('alert as a', 'a.id', 'd.alert_id')
    .innerJoin('tender as t', 't.id', 'd.tender_id')
    .select([
      'a.id as alert_id',
      'a.name as alert_name',
      't.id as tender_id',
      't.title',
      't.title_fr',
      't.closing_date',
      't.amendment_number',
      'd.created_at',
    ])
    .where('a.user_id', '=', userId)
    .where('d.created_at', '>=', sinceIso)
    .orderBy('d.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    alertId: r.alert_id,
    alertName: r.alert_name,
    tenderId: r.tender_id,
    title: r.title,
    titleFr: r.title_fr,
    closingDate: r.closing_date,
    amendmentNumber: Number(r.amendment_number),
    at: r.created_at,
  }));
}
