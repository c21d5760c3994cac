import { randomUUID } from 'node:crypto';
import {
  ALERT_MESSAGES,
  toSearchCriteria,
  type Alert,
  type AlertBody,
  type AlertFrequency,
  type AlertList,
  type AlertMatches,
  type AlertUpdate,
  type AlertUsage,
} from '@app/shared/alerts';
import { SEARCH_MAX_LIMIT } from '@app/shared/constants';
import type { DbHandle } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { planLimitReached } from '../billing/billing.limits.ts';
import type { BillingService, Entitlement } from '../billing/billing.service.ts';
import { searchTenders } from '../tenders/search/search.ts';
import {
  activeAlertIdsWithinLimit,
  countActiveAlerts,
  deleteAlert,
  findAlert,
  insertAlertWithinLimit,
  listAlerts,
  sentCounts,
  updateAlertWithinLimit,
  type AlertRecord,
} from './alerts.queries.ts';

export const DAY_MS = 86_400_000;
const PERIOD_MS: Record<AlertFrequency, number> = { instant: 0, daily: DAY_MS, weekly: 7 * DAY_MS };

/** When an alert of this frequency is first due, counting from `from`: now for instant, a day or a week later. */
export const firstRunAt = (frequency: AlertFrequency, from: Date) =>
  new Date(from.getTime() + PERIOD_MS[frequency]).toISOString();

/**
 * The next due time after a run at `at`: instant alerts are always due; daily and weekly ones keep
 * their time of day (the next multiple of the period after `at`), so a late run does not drift them.
 */
export function nextRunAfter(frequency: AlertFrequency, previousDue: string, at: Date): string {
  const period = PERIOD_MS[frequency];
  if (period === 0) return at.toISOString();
  const due = Date.parse(previousDue);
  const base = Number.isFinite(due) ? due : at.getTime();
  const steps = Math.max(1, Math.floor((at.getTime() - base) / period) + 1);
  return new Date(base + steps * period).toISOString();
}

export interface AlertServiceDeps {
  dbh: DbHandle;
  billing: BillingService;
  now: Clock;
}

/** Alerts of one user (ADR 0012): every call names the owner; another user's alert is not found. */
export function createAlertService({ dbh, billing, now }: AlertServiceDeps) {
  const { db } = dbh;
  const missing = () => notFound('alert_not_found', ALERT_MESSAGES.notFound);

  async function usageOf(userId: string, ent: Entitlement): Promise<AlertUsage> {
    const limit = ent.effectivePlan.limits.alerts;
    const active = await countActiveAlerts(db, userId);
    return { active, limit, plan_name: ent.effectivePlan.name, at_limit: limit !== -1 && active >= limit };
  }

  /** The open tenders the criteria match now: the search's total (a count, capped like any search). */
  async function matchCount(alert: AlertRecord, at: Date) {
    const found = await searchTenders(dbh, toSearchCriteria(alert.criteria, 1), at);
    return { count: found.total_results, lowerBound: found.search_metadata.total_is_lower_bound === true };
  }

  async function present(alerts: AlertRecord[], ent: Entitlement): Promise<Alert[]> {
    const at = now();
    const userId = alerts[0]?.userId;
    if (!userId) return [];
    const [within, sent, counts] = await Promise.all([
      activeAlertIdsWithinLimit(db, userId, ent.effectivePlan.limits.alerts),
      sentCounts(
        db,
        alerts.map((a) => a.id),
      ),
      Promise.all(alerts.map((a) => matchCount(a, at))),
    ]);
    return alerts.map((a, i) => ({
      id: a.id,
      name: a.name,
      criteria: a.criteria,
      frequency: a.frequency,
      active: a.active,
      status: !a.active ? 'paused' : within.has(a.id) ? 'active' : 'over_limit',
      created_at: a.createdAt,
      updated_at: a.updatedAt,
      last_run_at: a.lastRunAt,
      last_notified_at: a.lastNotifiedAt,
      next_run_at: a.nextRunAt,
      match_count: counts[i]?.count ?? 0,
      match_count_is_lower_bound: counts[i]?.lowerBound ?? false,
      sent_count: sent.get(a.id) ?? 0,
    }));
  }

  async function owned(userId: string, id: string): Promise<AlertRecord> {
    const alert = await findAlert(db, userId, id);
    if (!alert) throw missing();
    return alert;
  }

  async function get(userId: string, id: string): Promise<Alert> {
    const [alert, ent] = await Promise.all([owned(userId, id), billing.entitlement(userId)]);
    const [shown] = await present([alert], ent);
    if (!shown) throw missing();
    return shown;
  }

  async function list(userId: string): Promise<AlertList> {
    const [alerts, ent] = await Promise.all([listAlerts(db, userId), billing.entitlement(userId)]);
    return { alerts: await present(alerts, ent), usage: await usageOf(userId, ent) };
  }

  /** A new alert; an active one beyond the plan's number of active alerts is refused with 402. */
  async function create(userId: string, body: AlertBody): Promise<Alert> {
    // The entitlement is read before the transaction that holds the account (it may create the
    // subscription record, which must not wait on that hold).
    const ent = await billing.entitlement(userId);
    const at = now();
    const id = randomUUID();
    const inserted = await insertAlertWithinLimit(
      db,
      {
        id,
        userId,
        name: body.name,
        criteria: body.criteria,
        frequency: body.frequency,
        active: body.active,
        nextRunAt: firstRunAt(body.frequency, at),
      },
      ent.effectivePlan.limits.alerts,
      at.toISOString(),
    );
    if (!inserted) throw planLimitReached(ent, 'alerts');
    return get(userId, id);
  }

  /** Rename, new criteria, frequency, pause or resume; resuming beyond the plan's limit is refused with 402. */
  async function update(userId: string, id: string, patch: AlertUpdate): Promise<Alert> {
    const [current, ent] = await Promise.all([owned(userId, id), billing.entitlement(userId)]);
    const at = now();
    const resuming = patch.active === true && !current.active;
    const frequency = patch.frequency ?? current.frequency;
    const outcome = await updateAlertWithinLimit(
      db,
      userId,
      id,
      {
        ...patch,
        // A new frequency or a resume starts the period again from now.
        ...((resuming || (patch.frequency !== undefined && patch.frequency !== current.frequency)) && {
          nextRunAt: firstRunAt(frequency, at),
        }),
        ...(resuming && { baselineAt: at.toISOString() }),
      },
      ent.effectivePlan.limits.alerts,
      at.toISOString(),
    );
    if (outcome === 'missing') throw missing();
    if (outcome === 'limit') throw planLimitReached(ent, 'alerts');
    return get(userId, id);
  }

  async function remove(userId: string, id: string): Promise<void> {
    if (!(await deleteAlert(db, userId, id))) throw missing();
  }

  /**
   * What the alert matches now, newest published first: the best SEARCH_MAX_LIMIT matches of its
   * search (all of them when there are fewer), ordered by publication date.
   */
  async function matches(userId: string, id: string, limit: number): Promise<AlertMatches> {
    const alert = await owned(userId, id);
    const found = await searchTenders(dbh, toSearchCriteria(alert.criteria, SEARCH_MAX_LIMIT), now());
    const newest = [...found.results].sort(
      (a, b) =>
        (b.published_date ?? '').localeCompare(a.published_date ?? '') ||
        b.updated_at.localeCompare(a.updated_at) ||
        a.id.localeCompare(b.id),
    );
    return {
      alert_id: alert.id,
      results: newest.slice(0, limit),
      total_results: found.total_results,
      total_is_lower_bound: found.search_metadata.total_is_lower_bound === true,
      understood: found.search_metadata.understood,
    };
  }

  return { list, get, create, update, remove, matches };
}

export type AlertService = ReturnType<typeof createAlertService>;
