import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { FREE_LEVEL_PLAN_ID } from '@app/shared/billing';
import type { DbHandle } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { createMailer, type Mail, type Mailer } from '../../lib/mailer.ts';
import { trialEndedMail, trialEndsSoonMail } from './billing.mails.ts';
import {
  claimReminder,
  expireTrial,
  listPlans,
  listUnpaidTrialsEnding,
  releaseReminder,
  type ReminderKind,
  type TrialToRemind,
} from './billing.queries.ts';
import { DAY_MS } from './billing.service.ts';

export interface TrialJobDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
}

/** The first reminder goes out when this little of the trial is left. */
export const REMIND_BEFORE_MS = 3 * DAY_MS;
/** A trial-ended mail is not sent for a trial that ended longer ago than this (the job was off). */
const ENDED_MAIL_WINDOW_MS = 7 * DAY_MS;

export interface TrialJobResult {
  remindersSent: number;
  endedMailsSent: number;
  expired: number;
}

/**
 * billing.trial-reminders: for trials that nothing will charge (no provider subscription),
 * mails "your trial ends in 3 days" once the end is 3 days or less away, and on the day it ends
 * moves the account to the free level (status expired, starter limits) and mails so. Safe to run
 * twice and in several processes: each mail is claimed in billing_reminder before it is sent,
 * and a mail that fails is released for the next run.
 */
export async function runTrialReminders(deps: TrialJobDeps): Promise<TrialJobResult> {
  const { db, env, log } = deps;
  const at = deps.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const plans = await listPlans(db);
  const planName = (id: string) => plans.find((p) => p.id === id)?.name ?? id;
  const free = plans.find((p) => p.id === FREE_LEVEL_PLAN_ID);
  const freeLimits = free?.limits ?? { searches: 0, alerts: 0, exports: 0, users: 1 };
  const result: TrialJobResult = { remindersSent: 0, endedMailsSent: 0, expired: 0 };

  async function sendOnce(trial: TrialToRemind, kind: ReminderKind, mail: Mail): Promise<boolean> {
    const claim = { userId: trial.userId, kind, trialEndsAt: trial.trialEndsAt };
    if (!(await claimReminder(db, claim, deps.now().toISOString()))) return false;
    try {
      await deps.mailer.send(mail);
      return true;
    } catch (err) {
      await releaseReminder(db, claim);
      log.error({ err, userId: trial.userId, kind }, 'trial reminder could not be sent; will retry on the next run');
      return false;
    }
  }

  const input = (trial: TrialToRemind) => ({
    to: trial.email,
    locale: trial.locale,
    planName: planName(trial.planId),
    trialEndsAt: trial.trialEndsAt,
    daysLeft: Math.max(1, Math.ceil((Date.parse(trial.trialEndsAt) - at.getTime()) / DAY_MS)),
    freeLimits,
    plansUrl: `${env.PUBLIC_URL}/plans`,
  });

  // Trials still running that end within 3 days.
  for (const trial of await listUnpaidTrialsEnding(
    db,
    iso(at.getTime() + 1),
    iso(at.getTime() + REMIND_BEFORE_MS + 1),
  )) {
    if (await sendOnce(trial, 'trial_ends_soon', trialEndsSoonMail(input(trial)))) result.remindersSent += 1;
  }

  // Trials that ended: the account falls to the free level, and is told on the day.
  for (const trial of await listUnpaidTrialsEnding(db, iso(0), iso(at.getTime() + 1))) {
    if (await expireTrial(db, trial.userId, trial.trialEndsAt, at.toISOString())) result.expired += 1;
    if (at.getTime() - Date.parse(trial.trialEndsAt) > ENDED_MAIL_WINDOW_MS) continue;
    if (await sendOnce(trial, 'trial_ended', trialEndedMail(input(trial)))) result.endedMailsSent += 1;
  }

  if (result.remindersSent + result.endedMailsSent + result.expired > 0)
    log.info({ ...result }, 'billing.trial-reminders');
  return result;
}

/** The billing jobs by name (STYLE.md: a job is a plain async function registered by name). */
export const billingJobs = { 'billing.trial-reminders': runTrialReminders };

/** Runs billing.trial-reminders on BILLING_SCHEDULE ('off': never) with its own mailer. */
export function scheduleBillingJobs(deps: { env: Env; dbh: DbHandle; log: FastifyBaseLogger; now?: Clock }): {
  stop(): void;
} {
  const pattern = deps.env.BILLING_SCHEDULE;
  if (pattern === 'off') return { stop() {} };
  const now = deps.now ?? systemClock;
  const mailer = createMailer({ env: deps.env, db: deps.dbh.db, log: deps.log, now });
  const tick = async () => {
    try {
      await runTrialReminders({ db: deps.dbh.db, env: deps.env, mailer, now, log: deps.log });
    } catch (err) {
      deps.log.error({ err }, 'billing.trial-reminders failed');
    }
  };
  try {
    // protect: a tick that starts while the previous one still runs is skipped, not stacked.
    const job = new Cron(pattern, { protect: true, name: 'billing.trial-reminders' }, tick);
    return {
      stop: () => {
        job.stop();
        void mailer.close();
      },
    };
  } catch (err) {
    deps.log.error({ err, pattern }, 'BILLING_SCHEDULE is not a valid cron pattern: trial reminders disabled');
    void mailer.close();
    return { stop() {} };
  }
}
