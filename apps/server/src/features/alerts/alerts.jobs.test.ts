import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alertListSchema, type AlertInput } from '@app/shared/alerts';
import { notificationListSchema } from '@app/shared/notifications';
import { searchCriteriaSchema } from '@app/shared/tender';
import { createConfirmedUser, createTestClock, PUBLIC_ORIGIN, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp, createSharedTestDbs, testDialect } from '../../../test/build-test-app.ts';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../test/mail-catcher.ts';
import type { DbHandle } from '../../db/connect.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { createBillingService } from '../billing/billing.service.ts';
import { generateDemoCsv } from '../ingest/demo-data.ts';
import { ingestSource } from '../ingest/ingest.ts';
import { searchTenders } from '../tenders/search/search.ts';
import { claimDigest } from './alerts.queries.ts';
import { loadEnv } from '../../env.ts';
import { ALERT_JOB_NAME, runAlertDigests, scheduleAlerts, type AlertJobDeps, type AlertRunner } from './alerts.jobs.ts';

/**
 * The alert job against a real SMTP server on loopback: after an ingestion of new rows it mails
 * each due alert's new matches (found by the real search engine), never the same tender twice,
 * nothing for paused alerts, one digest when two runs start at once, and it picks up after a
 * refused mail or a run that died between claiming a digest and sending it.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const PASSWORD = 'correct horse battery staple 42';
const clock = createTestClock(new Date().toISOString());

let catcher: MailCatcher;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let mailer: Mailer;
let deps: AlertJobDeps;
let seed = 100;

const run = (over: Partial<AlertJobDeps> = {}) => runAlertDigests({ ...deps, ...over });

/** Ingests a fresh generated CanadaBuys file through the real ingest; returns the ids it inserted. */
async function ingestBatch(count = 120): Promise<Set<string>> {
  seed += 1;
  const now = clock.now();
  const before = new Set((await ctx.dbh.db.selectFrom('tender').select('id').execute()).map((r) => r.id));
  const { run: result, failure } = await ingestSource(ctx.dbh, {
    source: 'demo',
    input: generateDemoCsv({ count, seed, now }),
    now,
  });
  expect(failure).toBeNull();
  expect(result.rows_inserted).toBe(count);
  const after = (await ctx.dbh.db.selectFrom('tender').select('id').execute()).map((r) => r.id);
  return new Set(after.filter((id) => !before.has(id)));
}

async function user(email: string, locale: 'en' | 'fr' = 'en') {
  const u = await createConfirmedUser(ctx.dbh, email, PASSWORD, clock.now());
  if (locale === 'fr')
    await ctx.dbh.db.updateTable('user_account').set({ locale: 'fr' }).where('id', '=', u.id).execute();
  const client = new TestClient(ctx.app);
  await client.signIn(email, PASSWORD);
  return { client, id: u.id, email };
}

async function createAlert(client: TestClient, input: AlertInput): Promise<string> {
  const res = await client.post('/api/alerts', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/**
 * What the search engine says the criteria match at the test clock's now, among the given tenders
 * (the search route would use the wall clock, and open/closed depends on it).
 */
async function expectedMatches(criteria: AlertInput['criteria'], among: Set<string>) {
  const found = await searchTenders(ctx.dbh, searchCriteriaSchema.parse({ ...criteria, limit: 100 }), clock.now());
  expect(found.total_results).toBeLessThan(100); // so the expectation is the whole match set
  return found.results.map((r) => r.id).filter((id) => among.has(id));
}

const linkedTenders = (mail: CaughtMail) =>
  [...mail.text.matchAll(/\/tender-notice\/([a-z0-9-]+)/g)].map((m) => m[1]).sort();

const mailsTo = (email: string) => catcher.mails.filter((m) => m.to.includes(email));

async function deliveries(alertId: string) {
  return ctx.dbh.db.selectFrom('alert_delivery').select('tender_id').where('alert_id', '=', alertId).execute();
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  ctx = await buildTestApp({ env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC_ORIGIN }, now: clock.now });
  mailer = createMailer({ env: ctx.env, db: ctx.dbh.db, log: ctx.app.log, now: clock.now });
  const billing = createBillingService({ db: ctx.dbh.db, env: ctx.env, now: clock.now, log: ctx.app.log });
  deps = { dbh: ctx.dbh, env: ctx.env, mailer, now: clock.now, log: ctx.app.log, billing };
  await ingestBatch();
});
afterAll(async () => {
  await mailer.close();
  await catcher.close();
});

const construction = { q: 'construction', regions: ['Ontario'] };
const ontarioCnst = { regions: ['Ontario'], procurement_category: ['CNST'] };

describe('alerts.send-digests', () => {
  test('mails each due alert the tenders new since it last ran, once; paused and not-yet-due alerts send nothing', async () => {
    clock.advance(MINUTE);
    const alice = await user('alice@example.ca');
    const bob = await user('bob@example.ca');
    const instant = await createAlert(alice.client, {
      name: 'Ontario construction',
      criteria: construction,
      frequency: 'instant',
    });
    const paused = await createAlert(alice.client, {
      name: 'Paused',
      criteria: construction,
      frequency: 'instant',
      active: false,
    });
    const daily = await createAlert(bob.client, {
      name: 'Ontario CNST daily',
      criteria: ontarioCnst,
      frequency: 'daily',
    });

    // Everything in the database arrived before the alerts: nothing is new.
    clock.advance(MINUTE);
    expect(await run()).toMatchObject({ checked: 1, digestsSent: 0, tendersSent: 0 });
    expect(catcher.mails).toHaveLength(0);

    clock.advance(MINUTE);
    const second = await ingestBatch();
    const expectedAlice = await expectedMatches(construction, second);
    expect(expectedAlice.length).toBeGreaterThan(0);
    clock.advance(MINUTE);
    const result = await run();
    expect(result).toMatchObject({ checked: 1, digestsSent: 1, tendersSent: expectedAlice.length, failed: 0 });

    const mail = await catcher.next(alice.email);
    const n = expectedAlice.length;
    expect(mail.subject).toBe(
      `${n} new ${n === 1 ? 'tender matches' : 'tenders match'} your alert “Ontario construction”`,
    );
    expect(linkedTenders(mail)).toEqual([...expectedAlice].sort());
    for (const id of expectedAlice) {
      expect(mail.text).toContain(`${PUBLIC_ORIGIN}/tender-notice/${id}`);
      expect(mail.html).toContain(`href="${PUBLIC_ORIGIN}/tender-notice/${id}"`);
    }
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/alerts`);
    expect(mail.html).toContain(`href="${PUBLIC_ORIGIN}/alerts"`);
    // The paused alert sent nothing and recorded nothing; Bob's daily alert is not due for a day.
    expect(mailsTo(alice.email)).toHaveLength(1);
    expect(mailsTo(bob.email)).toHaveLength(0);
    expect(await deliveries(paused)).toEqual([]);
    expect((await deliveries(instant)).map((d) => d.tender_id).sort()).toEqual([...expectedAlice].sort());

    // A second run finds nothing new: the same tender is never mailed twice.
    clock.advance(MINUTE);
    expect(await run()).toMatchObject({ digestsSent: 0, tendersSent: 0 });
    expect(mailsTo(alice.email)).toHaveLength(1);

    const listed = alertListSchema.parse((await alice.client.get('/api/alerts')).json());
    const shown = listed.alerts.find((a) => a.id === instant)!;
    expect(shown).toMatchObject({ sent_count: n, last_run_at: clock.now().toISOString() });
    expect(shown.last_notified_at).not.toBeNull();
    expect(listed.alerts.find((a) => a.id === paused)).toMatchObject({ sent_count: 0, last_run_at: null });

    // The bell shows each new match, with the alert that found it.
    const bell = notificationListSchema.parse((await alice.client.get('/api/notifications')).json());
    const fromAlerts = bell.notifications.filter((x) => x.kind === 'alert_match');
    expect(fromAlerts.map((x) => x.tender?.id).sort()).toEqual([...expectedAlice].sort());
    expect(fromAlerts.every((x) => x.alert?.id === instant && x.alert.name === 'Ontario construction' && !x.read)).toBe(
      true,
    );

    // A day later: the daily alert is due and mails, in one digest, what both ingestions since it was created brought.
    clock.advance(DAY);
    await alice.client.signIn(alice.email, PASSWORD); // the sessions ran out with the clock
    await bob.client.signIn(bob.email, PASSWORD);
    const third = await ingestBatch();
    const since = new Set([...second, ...third]);
    const expectedBob = await expectedMatches(ontarioCnst, since);
    const expectedAliceAgain = await expectedMatches(construction, third);
    clock.advance(MINUTE);
    const later = await run();
    expect(later).toMatchObject({ checked: 2, failed: 0 });
    const bobMail = await catcher.next(bob.email);
    expect(linkedTenders(bobMail)).toEqual([...expectedBob].sort());
    expect(bobMail.text).toContain('Your daily digest.');
    if (expectedAliceAgain.length > 0)
      expect(linkedTenders(await catcher.next(alice.email))).toEqual([...expectedAliceAgain].sort());
    // Each mailed tender is one the criteria match (independently of the search: Ontario, construction category).
    const rows = await ctx.dbh.db
      .selectFrom('tender')
      .select(['id', 'region_keys', 'category_codes'])
      .where('id', 'in', expectedBob)
      .execute();
    expect(rows.every((r) => r.region_keys.includes('|Ontario|') && r.category_codes.includes('|CNST|'))).toBe(true);

    // Not due again before tomorrow.
    clock.advance(MINUTE);
    await ingestBatch();
    clock.advance(MINUTE);
    await run();
    expect(mailsTo(bob.email)).toHaveLength(1);
    const dailyRow = await ctx.dbh.db
      .selectFrom('alert')
      .select('next_run_at')
      .where('id', '=', daily)
      .executeTakeFirstOrThrow();
    expect(Date.parse(dailyRow.next_run_at)).toBeGreaterThan(clock.now().getTime());
  });

  test('French owners get the digest in French', async () => {
    const chloe = await user('chloe@example.ca', 'fr');
    await createAlert(chloe.client, { name: 'Construction Ontario', criteria: construction, frequency: 'instant' });
    clock.advance(MINUTE);
    const fresh = await ingestBatch();
    const expected = await expectedMatches(construction, fresh);
    expect(expected.length).toBeGreaterThan(0);
    clock.advance(MINUTE);
    await run();
    const mail = await catcher.next(chloe.email);
    expect(mail.subject).toMatch(
      /^\d+ (nouvel appel d’offres correspond|nouveaux appels d’offres correspondent) à votre alerte « Construction Ontario »$/,
    );
    expect(mail.text).toContain('Gérer vos alertes');
    expect(mail.html).toContain('<html lang="fr">');
    expect(linkedTenders(mail)).toEqual([...expected].sort());
  });

  test('two runs started at once send one digest', async () => {
    const dan = await user('dan@example.ca');
    await createAlert(dan.client, { name: 'Race', criteria: construction, frequency: 'instant' });
    clock.advance(MINUTE);
    const fresh = await ingestBatch();
    const expected = await expectedMatches(construction, fresh);
    expect(expected.length).toBeGreaterThan(0);
    clock.advance(MINUTE);

    // In one process (the test 'two processes on one database' runs them in two).
    const before = catcher.mails.length;
    const results = await Promise.all([run(), run()]);
    // One ran; the other found the lock taken and did nothing.
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const ran = results.find((r) => r !== null)!;
    // One mail per digest (the other owners' instant alerts had new tenders too), one to Dan.
    await expect.poll(() => catcher.mails.length - before).toBe(ran.digestsSent);
    const recipients = catcher.mails.slice(before).map((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(mailsTo(dan.email)).toHaveLength(1);
    expect(linkedTenders(mailsTo(dan.email)[0]!)).toEqual([...expected].sort());
  });

  test('even without the lock, two claims of the same tenders share them out: none is in both', async () => {
    const erin = await user('erin@example.ca');
    const alertId = await createAlert(erin.client, { name: 'Claims', criteria: construction, frequency: 'daily' });
    const ids = (await ctx.dbh.db.selectFrom('tender').select('id').limit(40).execute()).map((r) => r.id);
    const at = clock.now().toISOString();
    const [a, b] = await Promise.all([
      claimDigest(ctx.dbh.db, { digestId: 'claim-a', alertId, tenderIds: ids }, at),
      claimDigest(ctx.dbh.db, { digestId: 'claim-b', alertId, tenderIds: ids }, at),
    ]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    await ctx.dbh.db.deleteFrom('alert').where('id', '=', alertId).execute();
  });

  test('a refused mail releases its tenders and the next run sends them; a run that died after claiming is finished by the next', async () => {
    const fay = await user('fay@example.ca');
    const alertId = await createAlert(fay.client, { name: 'Retry', criteria: construction, frequency: 'instant' });
    clock.advance(MINUTE);
    const fresh = await ingestBatch();
    const expected = await expectedMatches(construction, fresh);
    expect(expected.length).toBeGreaterThan(0);
    clock.advance(MINUTE);

    // The server refuses Fay's digest (the other owners' instant alerts get theirs).
    const refusing: Mailer = {
      ...mailer,
      send: (m) => (m.to.includes(fay.email) ? Promise.reject(new Error('451 try again later')) : mailer.send(m)),
    };
    expect(await run({ mailer: refusing })).toMatchObject({ failed: 1 });
    expect(mailsTo(fay.email)).toHaveLength(0);
    expect(await deliveries(alertId)).toEqual([]);
    const row = await ctx.dbh.db
      .selectFrom('alert')
      .select(['last_run_at', 'last_notified_at'])
      .where('id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_run_at: null, last_notified_at: null });

    clock.advance(MINUTE);
    expect(await run()).toMatchObject({ failed: 0 });
    expect(linkedTenders(await catcher.next(fay.email))).toEqual([...expected].sort());

    // A run that died between the claim and the mail: its digest is pending; the next run sends it, once.
    clock.advance(MINUTE);
    const more = await ingestBatch();
    const expectedMore = await expectedMatches(construction, more);
    expect(expectedMore.length).toBeGreaterThan(0);
    const claimed = await claimDigest(
      ctx.dbh.db,
      { digestId: 'died-midway', alertId, tenderIds: expectedMore },
      clock.now().toISOString(),
    );
    expect(claimed.sort()).toEqual([...expectedMore].sort());
    clock.advance(MINUTE);
    expect(await run()).toMatchObject({ resumed: 1 });
    expect(linkedTenders(await catcher.next(fay.email))).toEqual([...expectedMore].sort());
    clock.advance(MINUTE);
    await run();
    expect(mailsTo(fay.email)).toHaveLength(2);
    const digest = await ctx.dbh.db
      .selectFrom('alert_digest')
      .selectAll()
      .where('id', '=', 'died-midway')
      .executeTakeFirstOrThrow();
    expect(digest).toMatchObject({ status: 'sent', tender_count: expectedMore.length });
  });

  test('alerts beyond the plan limit after a trial ends are not run; the ones within it are', async () => {
    const gil = await user('gil@example.ca');
    const ids: string[] = [];
    for (const name of ['G1', 'G2', 'G3', 'G4']) {
      ids.push(await createAlert(gil.client, { name, criteria: construction, frequency: 'instant' }));
      clock.advance(1000);
    }
    clock.advance(15 * DAY); // the 14-day trial ended: Starter limits, 3 active alerts
    await gil.client.signIn(gil.email, PASSWORD); // the session ran out with the clock
    const fresh = await ingestBatch();
    const expected = await expectedMatches(construction, fresh);
    expect(expected.length).toBeGreaterThan(0);
    clock.advance(MINUTE);
    const result = await run();
    expect(result?.overLimit).toBeGreaterThanOrEqual(1);
    expect(mailsTo(gil.email)).toHaveLength(3);
    expect((await deliveries(ids[3]!)).length).toBe(0);
    for (const id of ids.slice(0, 3)) {
      expect((await deliveries(id)).map((d) => d.tender_id).sort()).toEqual([...expected].sort());
    }
  });
});

describe('two processes on one database', () => {
  test('runs started at once in two processes send one digest; a dead process holds the job only until its lease ends', async () => {
    const [one, two] = await createSharedTestDbs();
    const mails = await startMailCatcher();
    const own = createTestClock(new Date().toISOString());
    const app = await buildTestApp({ dbh: one, env: { SMTP_URL: mails.url, PUBLIC_URL: PUBLIC_ORIGIN }, now: own.now });
    const log = app.app.log;
    const instance = (dbh: DbHandle): AlertJobDeps => ({
      dbh,
      env: app.env,
      mailer: createMailer({ env: app.env, db: dbh.db, log, now: own.now }),
      now: own.now,
      log,
      billing: createBillingService({ db: dbh.db, env: app.env, now: own.now, log }),
    });
    const first = instance(one);
    const second = instance(two);
    try {
      await createConfirmedUser(one, 'ivy@example.ca', PASSWORD, own.now());
      const ivy = new TestClient(app.app);
      await ivy.signIn('ivy@example.ca', PASSWORD);
      const res = await ivy.post('/api/alerts', {
        name: 'Two processes',
        criteria: construction,
        frequency: 'instant',
      });
      expect(res.statusCode, res.body).toBe(201);
      own.advance(MINUTE);
      const { run: ingested } = await ingestSource(one, {
        source: 'demo',
        input: generateDemoCsv({ count: 120, seed: 777, now: own.now() }),
        now: own.now(),
      });
      expect(ingested.rows_inserted).toBe(120);
      own.advance(MINUTE);

      const results = await Promise.all([runAlertDigests(first), runAlertDigests(second)]);
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.find((r) => r !== null)).toMatchObject({ digestsSent: 1 });
      await expect.poll(() => mails.mails.length).toBe(1);

      if (testDialect === 'sqlite') {
        // A lease left by a process that died: the job waits until it expires, then takes over.
        const later = new Date(Date.now() + 60_000).toISOString();
        await one.db
          .insertInto('job_lock')
          .values({ name: ALERT_JOB_NAME, holder: 'dead', expires_at: later })
          .execute();
        expect(await runAlertDigests(second)).toBeNull();
        await one.db
          .updateTable('job_lock')
          .set({ expires_at: new Date(Date.now() - 1).toISOString() })
          .execute();
        expect(await runAlertDigests(second)).not.toBeNull();
        expect(await one.db.selectFrom('job_lock').selectAll().execute()).toEqual([]);
      }
      // Nothing was mailed twice.
      expect(mails.mails).toHaveLength(1);
    } finally {
      await first.mailer.close();
      await second.mailer.close();
      await app.app.close();
      await mails.close();
    }
  });
});

describe('after a refresh', () => {
  test('POST /api/tenders/refreshTenders that adds tenders starts the digests at once', async () => {
    const mails = await startMailCatcher();
    // The system clock: the ingest stamps its rows with it.
    const app = await buildTestApp({ env: { SMTP_URL: mails.url, PUBLIC_URL: PUBLIC_ORIGIN } });
    await createConfirmedUser(app.dbh, 'hana@example.ca', PASSWORD);
    const hana = new TestClient(app.app);
    await hana.signIn('hana@example.ca', PASSWORD);
    const create = await hana.post('/api/alerts', {
      name: 'After refresh',
      criteria: construction,
      frequency: 'instant',
    });
    expect(create.statusCode, create.body).toBe(201);
    await new Promise((r) => setTimeout(r, 5));

    const chunks: Buffer[] = [];
    for await (const c of generateDemoCsv({ count: 120, seed: 4242, now: new Date() })) chunks.push(c as Buffer);
    const csv = Buffer.concat(chunks);
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csv));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/tenders/refreshTenders',
        headers: { authorization: `Bearer ${app.env.ADMIN_TOKEN}` },
        payload: { url: `http://127.0.0.1:${port}/new.csv` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await mails.next('hana@example.ca', 'your alert “After refresh”', 15_000);
      expect(linkedTenders(mail).length).toBeGreaterThan(0);
    } finally {
      server.close();
      await app.app.close();
      await mails.close();
    }
  });
});

describe('ALERTS_SCHEDULE', () => {
  test('every 15 minutes by default, off, or a cron pattern; anything else stops the start with its name', () => {
    expect(loadEnv({}).ALERTS_SCHEDULE).toBe('*/15 * * * *');
    expect(loadEnv({ ALERTS_SCHEDULE: 'off' }).ALERTS_SCHEDULE).toBe('off');
    expect(loadEnv({ ALERTS_SCHEDULE: '0 7 * * 1-5' }).ALERTS_SCHEDULE).toBe('0 7 * * 1-5');
    expect(() => loadEnv({ ALERTS_SCHEDULE: 'hourly' })).toThrow(/ALERTS_SCHEDULE/);
  });

  test('the schedule triggers the runner; off never does', async () => {
    let calls = 0;
    const runner = {
      trigger: () => ((calls += 1), Promise.resolve()),
      close: () => Promise.resolve(),
    } satisfies AlertRunner;
    const log = ctx.app.log;
    const off = scheduleAlerts(runner, { env: loadEnv({ ALERTS_SCHEDULE: 'off' }), log });
    const everySecond = scheduleAlerts(runner, { env: loadEnv({ ALERTS_SCHEDULE: '* * * * * *' }), log });
    try {
      await expect.poll(() => calls, { timeout: 3_000 }).toBeGreaterThan(0);
    } finally {
      everySecond.stop();
      off.stop();
    }
  });
});
