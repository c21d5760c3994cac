import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { ALERT_RUN_MAX_MATCHES, isBlankCriteria, toSearchCriteria } from '@app/shared/alerts';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { withJobLock } from '../../lib/job-lock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { BillingService } from '../billing/billing.service.ts';
import { searchTenders } from '../tenders/search/search.ts';
import { alertDigestMail } from './alerts.mails.ts';
import {
  activeAlertIdsWithinLimit,
  claimDigest,
  deliveredAmong,
  findAlertWithOwner,
  listDigestTenders,
  listDueAlerts,
  listPendingDigests,
  markDigestSent,
  recordRun,
  releaseDigest,
  type DueAlert,
} from './alerts.queries.ts';
import { nextRunAfter } from './alerts.service.ts';

export const ALERT_JOB_NAME = 'alerts.send-digests';

/**
 * A run looks back this far before the previous run: an ingestion batch stamps its rows when it
 * starts writing and commits a moment later, so a row can become visible with a created_at just
 * before a run that did not see it. The delivery records keep the overlap from mailing twice.
 */
export const LOOKBACK_MS = 15 * 60_000;

export interface AlertJobDeps {
  dbh: DbHandle;
  env: Env;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
  billing: BillingService;
}

export interface AlertJobResult {
  /** Due alerts searched for new tenders. */
  checked: number;
  digestsSent: number;
  tendersSent: number;
  /** Due alerts not run because they are beyond their owner's plan limit. */
  overLimit: number;
  /** Digests whose mail failed; released, so the next run finds their tenders again. */
  failed: number;
  /** Digests left pending by a run that died, sent by this one. */
  resumed: number;
}

type Outcome = 'sent' | 'nothing' | 'failed';

/**
 * alerts.send-digests (ADR 0012): for each due, active alert within its owner's plan limit, the
 * tenders its search matches that were first ingested since it last ran (the real search engine,
 * `searchTenders`, narrowed to those), minus the ones it already recorded, mailed as one digest.
 *
 * Once across processes: a run that finds another holding the job lock does nothing (returns
 * null). Never twice per tender and alert: the tenders are claimed (alert_delivery, primary key
 * alert + tender) in one transaction before the mail goes out. A refused mail releases its claim
 * and the alert stays due; a run that dies between claim and the mail server's answer leaves a
 * pending digest, which the next run sends.
 */
export async function runAlertDigests(deps: AlertJobDeps): Promise<AlertJobResult | null> {
  const locked = await withJobLock(deps.dbh, ALERT_JOB_NAME, () => runLocked(deps));
  return locked.ran ? locked.value : null;
}

async function runLocked(deps: AlertJobDeps): Promise<AlertJobResult> {
  const { dbh, log } = deps;
  const { db } = dbh;
  const result: AlertJobResult = { checked: 0, digestsSent: 0, tendersSent: 0, overLimit: 0, failed: 0, resumed: 0 };
  const count = (outcome: Outcome, tenders: number) => {
    if (outcome === 'sent') {
      result.digestsSent += 1;
      result.tendersSent += tenders;
    } else if (outcome === 'failed') result.failed += 1;
  };

  // Digests a dead run claimed: nobody else holds the lock, so nobody is sending them.
  for (const pending of await listPendingDigests(db)) {
    const alert = await findAlertWithOwner(db, pending.alertId);
    if (!alert) continue;
    if (!alert.active) {
      await releaseDigest(db, pending.id); // paused since: it sends nothing
      continue;
    }
    const claimedAt = new Date(pending.createdAt);
    const run = { lastRunAt: pending.createdAt, nextRunAt: nextRunAfter(alert.frequency, alert.nextRunAt, claimedAt) };
    const { outcome, tenders } = await sendDigest(deps, alert, pending.id, run);
    count(outcome, tenders);
    if (outcome === 'sent') result.resumed += 1;
  }

  const at = deps.now();
  const due = await listDueAlerts(db, at.toISOString());
  const byUser = new Map<string, DueAlert[]>();
  for (const alert of due) byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);

  for (const [userId, alerts] of byUser) {
    let within: Set<string>;
    try {
      const ent = await deps.billing.entitlement(userId);
      within = await activeAlertIdsWithinLimit(db, userId, ent.effectivePlan.limits.alerts);
    } catch (err) {
      log.error({ err, userId }, 'alerts: the plan of the alert owner could not be read; their alerts wait');
      continue;
    }
    for (const alert of alerts) {
      if (!within.has(alert.id)) {
        // Beyond the plan's number of active alerts (after a downgrade): kept, not run, not advanced.
        result.overLimit += 1;
        continue;
      }
      result.checked += 1;
      try {
        const { outcome, tenders } = await checkAlert(deps, alert, at);
        count(outcome, tenders);
      } catch (err) {
        result.failed += 1;
        log.error({ err, alertId: alert.id }, 'alerts: the alert could not be run; it stays due');
      }
    }
  }

  if (result.digestsSent + result.failed + result.resumed > 0) log.info({ ...result }, ALERT_JOB_NAME);
  return result;
}

/** Tenders the alert has not seen yet, claimed and mailed. */
async function checkAlert(
  deps: AlertJobDeps,
  alert: DueAlert,
  at: Date,
): Promise<{ outcome: Outcome; tenders: number }> {
  const { dbh } = deps;
  const run = { lastRunAt: at.toISOString(), nextRunAt: nextRunAfter(alert.frequency, alert.nextRunAt, at) };
  if (isBlankCriteria(alert.criteria)) {
    await recordRun(dbh.db, alert.id, run);
    return { outcome: 'nothing', tenders: 0 };
  }
  const previous = Date.parse(alert.lastRunAt ?? alert.baselineAt) - LOOKBACK_MS;
  const since = new Date(Math.max(Date.parse(alert.baselineAt), previous)).toISOString();
  const found = await searchTenders(dbh, toSearchCriteria(alert.criteria, ALERT_RUN_MAX_MATCHES), at, {
    firstSeenAfter: since,
  });
  const ids = found.results.map((r) => r.id);
  const recorded = await deliveredAmong(dbh.db, alert.id, ids);
  const fresh = ids.filter((id) => !recorded.has(id));
  const digestId = randomUUID();
  const claimed = await claimDigest(dbh.db, { digestId, alertId: alert.id, tenderIds: fresh }, at.toISOString());
  if (claimed.length === 0) {
    await recordRun(dbh.db, alert.id, run);
    return { outcome: 'nothing', tenders: 0 };
  }
  return sendDigest(deps, alert, digestId, run);
}

/** Mails a claimed digest; marks it sent and records the run, or releases it when the mail fails. */
async function sendDigest(
  deps: AlertJobDeps,
  alert: DueAlert,
  digestId: string,
  run: { lastRunAt: string; nextRunAt: string },
): Promise<{ outcome: Outcome; tenders: number }> {
  const { db } = deps.dbh;
  const tenders = await listDigestTenders(db, digestId);
  if (tenders.length === 0) {
    // Withdrawn since they were claimed: nothing to tell.
    await releaseDigest(db, digestId);
    await recordRun(db, alert.id, run);
    return { outcome: 'nothing', tenders: 0 };
  }
  try {
    const mail = alertDigestMail({
      to: alert.email,
      locale: alert.locale === 'fr' ? 'fr' : 'en',
      alertId: alert.id,
      alertName: alert.name,
      frequency: alert.frequency,
      tenders,
      publicUrl: deps.env.PUBLIC_URL,
    });
    await deps.mailer.send(mail);
  } catch (err) {
    await releaseDigest(db, digestId);
    deps.log.error({ err, alertId: alert.id }, 'alerts: the digest could not be mailed; it is retried on the next run');
    return { outcome: 'failed', tenders: 0 };
  }
  await markDigestSent(db, { id: digestId, alertId: alert.id }, run, deps.now().toISOString());
  return { outcome: 'sent', tenders: tenders.length };
}

/** The alert jobs by name (STYLE.md: a job is a plain async function registered by name). */
export const alertJobs = { [ALERT_JOB_NAME]: runAlertDigests };

/**
 * Starts runs on demand: after an ingestion, from the schedule. A trigger during a run asks for
 * one more run after it (the new tenders may have arrived after its search), never for a pile.
 */
export function createAlertRunner(deps: AlertJobDeps) {
  let current: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        const result = await runAlertDigests(deps);
        if (result === null) deps.log.info(`${ALERT_JOB_NAME} skipped: another run holds the lock`);
      } catch (err) {
        deps.log.error({ err }, `${ALERT_JOB_NAME} failed`);
      }
    } while (again && !closed);
  }

  return {
    /** Runs now unless a run is in progress in this process (then once more after it); resolves when done. */
    trigger(): Promise<void> {
      if (closed) return Promise.resolve();
      if (current) {
        again = true;
        return current;
      }
      current = loop().finally(() => {
        current = null;
      });
      return current;
    },
    /** Stops accepting triggers and waits for the run in progress. */
    async close(): Promise<void> {
      closed = true;
      await current;
    },
  };
}
export type AlertRunner = ReturnType<typeof createAlertRunner>;

/** Triggers the runner on ALERTS_SCHEDULE ('off': never; ingestions still trigger it). */
export function scheduleAlerts(runner: AlertRunner, deps: { env: Env; log: FastifyBaseLogger }): { stop(): void } {
  const pattern = deps.env.ALERTS_SCHEDULE;
  if (pattern === 'off') return { stop() {} };
  try {
    // protect: a tick that starts while the previous one still runs is skipped, not stacked.
    const job = new Cron(pattern, { protect: true, name: ALERT_JOB_NAME }, () => runner.trigger());
    return { stop: () => job.stop() };
  } catch (err) {
    deps.log.error({ err, pattern }, 'ALERTS_SCHEDULE is not a valid cron pattern: scheduled alert runs disabled');
    return { stop() {} };
  }
}
