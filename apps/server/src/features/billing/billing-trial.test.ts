import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionStateSchema } from '@app/shared/billing';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { runTrialReminders } from './billing.jobs.ts';
import { findSubscriptionByUser, listReminders, updateSubscription } from './billing.queries.ts';

/**
 * billing.trial-reminders with an injected clock, mailing through a real SMTP server on loopback:
 * 3 days before the end, then on the day the trial ends unpaid, when the account falls to the
 * free level (starter limits). Each mail once, however often and however concurrently it runs.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const password = 'correct horse battery staple';
const clock = createTestClock('2026-11-22T12:00:00.000Z');
const start = clock.now().getTime();
let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let mailer: Mailer;

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({ env: { PUBLIC_URL: PUBLIC_ORIGIN, SMTP_URL: catcher.url }, now: clock.now });
  mailer = createMailer({ env: ctx.env, db: ctx.dbh.db, log: ctx.app.log, now: clock.now });
});
afterAll(async () => {
  await mailer.close();
  await ctx.app.close();
  await catcher.close();
});

const run = (m: Mailer = mailer) =>
  runTrialReminders({ db: ctx.dbh.db, env: ctx.env, mailer: m, now: clock.now, log: ctx.app.log });
const at = (ms: number) => {
  clock.advance(start + ms - clock.now().getTime());
};

async function trialUser(email: string, locale: 'en' | 'fr' = 'en') {
  const user = await createConfirmedUser(ctx.dbh, email, password, clock.now());
  if (locale === 'fr')
    await ctx.dbh.db.updateTable('user_account').set({ locale: 'fr' }).where('id', '=', user.id).execute();
  const client = new TestClient(ctx.app);
  await client.signIn(email, password);
  const res = await client.post('/api/subscriptions/checkout', { planId: 'professional', billingCycle: 'monthly' });
  expect(res.statusCode).toBe(200);
  return user;
}

describe('billing.trial-reminders', () => {
  test('mails 3 days before, then on the day moves the account to the free level and mails again, each once', async () => {
    at(0);
    const ada = await trialUser('ada.trial@example.ca');
    const zoe = await trialUser('zoe.essai@example.ca', 'fr');
    const linked = await trialUser('linked@example.ca');
    // A trial Stripe will end or charge is Stripe's to remind.
    await updateSubscription(
      ctx.dbh.db,
      linked.id,
      { provider: 'stripe', providerSubscriptionId: 'sub_linked' },
      clock.now().toISOString(),
    );

    at(10 * DAY);
    expect(await run()).toEqual({ remindersSent: 0, endedMailsSent: 0, expired: 0 });

    at(11 * DAY + HOUR); // 2 days 23 hours left
    expect(await run()).toEqual({ remindersSent: 2, endedMailsSent: 0, expired: 0 });
    const soon = await catcher.next('ada.trial@example.ca', 'trial ends');
    expect(soon.subject).toBe('Your Breeze trial ends in 3 days');
    expect(soon.text).toContain('Your free trial of Breeze Professional ends on December 6, 2026.');
    expect(soon.text).toContain(`${PUBLIC_ORIGIN}/plans`);
    const soonFr = await catcher.next('zoe.essai@example.ca', 'Votre essai');
    expect(soonFr.subject).toBe('Votre essai Breeze se termine dans 3 jours');

    // Again, and twice at once: nothing more.
    at(12 * DAY);
    expect(await Promise.all([run(), run()])).toEqual([
      { remindersSent: 0, endedMailsSent: 0, expired: 0 },
      { remindersSent: 0, endedMailsSent: 0, expired: 0 },
    ]);

    // The end passed: /me says so before the job even runs.
    at(14 * DAY + HOUR);
    const client = new TestClient(ctx.app);
    await client.signIn('ada.trial@example.ca', password);
    const before = subscriptionStateSchema.parse((await client.get('/api/subscriptions/me')).json());
    expect(before).toMatchObject({ level: 'free', effectivePlanId: 'starter', subscription: { status: 'expired' } });

    expect(await run()).toEqual({ remindersSent: 0, endedMailsSent: 2, expired: 2 });
    const ended = await catcher.next('ada.trial@example.ca', 'has ended');
    expect(ended.subject).toBe('Your Breeze trial has ended');
    expect(ended.text).toContain(
      'Your free trial of Breeze Professional ended on December 6, 2026. Nothing was charged.',
    );
    expect(ended.text).toContain(
      'free level, with the Starter plan’s limits: 100 searches/month, 3 active alerts, 10 exports/month',
    );
    await catcher.next('zoe.essai@example.ca', 'Votre essai Breeze est terminé');

    expect(await findSubscriptionByUser(ctx.dbh.db, ada.id)).toMatchObject({
      status: 'expired',
      planId: 'professional',
    });
    expect((await findSubscriptionByUser(ctx.dbh.db, linked.id))?.status).toBe('trialing');
    expect((await listReminders(ctx.dbh.db, ada.id)).map((r) => r.kind)).toEqual(['trial_ends_soon', 'trial_ended']);
    expect(await listReminders(ctx.dbh.db, linked.id)).toEqual([]);
    expect(await listReminders(ctx.dbh.db, zoe.id)).toHaveLength(2);

    at(15 * DAY);
    expect(await run()).toEqual({ remindersSent: 0, endedMailsSent: 0, expired: 0 });
    expect(catcher.mails.filter((m) => m.to.includes('ada.trial@example.ca'))).toHaveLength(2);
    expect(catcher.mails.filter((m) => m.to.includes('linked@example.ca'))).toHaveLength(0);
  });

  test('a mail that cannot be sent is not recorded, so the next run sends it', async () => {
    at(30 * DAY);
    const user = await trialUser('retry@example.ca');
    at(30 * DAY + 12 * DAY);
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP down')),
      queue: () => undefined,
      drain: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    expect(await run(failing)).toMatchObject({ remindersSent: 0 });
    expect(await listReminders(ctx.dbh.db, user.id)).toEqual([]);
    expect(await run()).toMatchObject({ remindersSent: 1 });
    await catcher.next('retry@example.ca', 'trial ends in 2 days');
  });
});
