import { buildApp } from './app.ts';
import { createDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { liveOpenIndex } from './features/tenders/search/search.ts';
import { scheduleIngest, seedIfEmpty } from './features/ingest/ingest.jobs.ts';
import { restoreBulkLoadIndexes } from './features/ingest/ingest.queries.ts';
import { scheduleBillingJobs } from './features/billing/billing.jobs.ts';
import { scheduleAlerts } from './features/alerts/alerts.jobs.ts';

// loadEnv → createDb → migrate → buildApp → listen; graceful close on SIGTERM/SIGINT.
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dbh = createDb(env.DATABASE_URL);
  await migrateToLatest(dbh.db);
  // Indexes that an ingestion killed mid-way left dropped (ingest.queries.ts beginBulkLoad).
  if (dbh.sqlite) restoreBulkLoadIndexes(dbh.sqlite);
  const app = await buildApp({ env, dbh });

  // A refresh that adds tenders starts the alert digests at once (ADR 0012).
  const jobs = scheduleIngest({ env, dbh, log: app.log, onIngested: () => void app.alertRunner.trigger() });
  const billingJobs = scheduleBillingJobs({ env, dbh, log: app.log });
  const alertJobs = scheduleAlerts(app.alertRunner, { env, log: app.log });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    jobs.stop();
    billingJobs.stop();
    alertJobs.stop();
    // app.close() waits for in-flight requests. Their keep-alive connections stay open after
    // the answer until Node's keep-alive timeout (5 s); they are closed as soon as they are idle.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(reap);
    await dbh.close();
    app.log.info('closed cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // Seeding runs after listen so the health check answers while a first load is in progress.
  if (env.SEED_DEMO === 'auto') {
    seedIfEmpty({ env, dbh, log: app.log }).catch((err: unknown) =>
      app.log.error({ err }, 'first-start seeding failed'),
    );
  }
  // Build the in-memory index of open notices now rather than at the first search (ADR 0004);
  // searches answer from the database until it is ready.
  void liveOpenIndex(dbh).current();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
