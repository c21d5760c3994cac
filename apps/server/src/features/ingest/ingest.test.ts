import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PROVINCES } from '@app/shared/constants';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { buildTestApp, createSqliteFileTestDb, createTestDb, testDialect } from '../../../test/build-test-app.ts';
import type { DbHandle } from '../../db/connect.ts';
import { toTender } from '../tenders/tender-row.ts';
import { mapCanadaBuysRecord, type TenderDraft } from './canadabuys.ts';
import { readCanadaBuysCsv } from './csv-reader.ts';
import { generateDemoCsv } from './demo-data.ts';
import { runIngest } from './ingest.ts';
import { NEW_FILE, OPEN_FILE, TENDER_DATA_KEY, runRefresh, seedIfEmpty } from './ingest.jobs.ts';
import { BULK_LOAD_META_KEY, beginBulkLoad, getMeta, restoreBulkLoadIndexes, upsertAction } from './ingest.queries.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const QUIRKS = fixture('quirks.csv');
const BAD_ROWS = fixture('bad-rows.csv');
const PARTIAL = fixture('missing-columns.csv');
const TOKEN = 'test-admin-token-0123456789';
const NOW = new Date('2026-11-22T15:00:00Z');

async function tender(dbh: DbHandle, id: string) {
  return dbh.db.selectFrom('tender').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A local CSV server: /quirks.csv (also under the two official names), /partial.csv (a header without the required columns), anything else 404. Records user agents. */
async function csvServer(): Promise<{ url: (path: string) => string; agents: string[]; server: Server }> {
  const agents: string[] = [];
  const server = createServer((req, res) => {
    agents.push(req.headers['user-agent'] ?? '');
    const official = req.url === `/${OPEN_FILE}` || req.url === `/${NEW_FILE}`;
    const file = req.url === '/quirks.csv' || official ? QUIRKS : req.url === '/partial.csv' ? PARTIAL : undefined;
    if (!file) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    createReadStream(file).pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: (path) => `http://127.0.0.1:${port}${path}`, agents, server };
}
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** A URL nobody listens on: a port that was just free. */
async function deadUrl(): Promise<string> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  s.close();
  await once(s, 'close');
  return `http://127.0.0.1:${port}/newTenderNotice.csv`;
}

describe('CanadaBuys CSV quirks', () => {
  test('BOM, CRLF, multi-line fields, the unquoted empty field and HTML entities all read', async () => {
    const dbh = await createTestDb();
    const run = await runIngest(dbh, { source: 'canadabuys', input: QUIRKS, now: NOW });
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 5, rows_inserted: 5, rows_rejected: 0 });

    const merx = await tender(dbh, 'mx-443728062417');
    expect(merx.reference_number).toBe('MX-443728062417');
    expect(merx.title).toBe('VIA Rail’s fleet cleaning');
    expect(merx.description).toBe(
      'VIA Rail’s "fleet" requires cleaning.\n\nThe estimated value is $1,250,000.00 and the budget for phase 1 is $50K. VIA Rail',
    );
    expect(merx.description_fr).toBe('Nettoyage du parc de VIA Rail.\nValeur : 1 500 000 $');
    expect(merx.estimated_value).toBe(1_500_000);
    expect(JSON.parse(merx.trade_agreements)).toEqual([
      'World Trade Organization Agreement on Government Procurement (WTO GPA)',
      'Canadian Free Trade Agreement (CFTA)',
    ]);
    expect(merx).toMatchObject({
      contracting_entity_name: 'VIA Rail Canada Inc.',
      contracting_entity_province: 'Quebec',
      category_primary: 'CNST*SRV',
      category_codes: '|CNST|SRV|',
      unspsc: '72121400, 76111500',
      delivery_location: 'Quebec (except NCR), Montreal',
      region_keys: '|Quebec|',
      status: 'Closed', // Expired
      closing_date: '2025-07-15T18:00:00.000Z', // "YYYY-MM-DD HH:MM:SS", summer time (UTC-4)
      source_url: 'https://www.merx.com/public/solicitations/3651536406/abstract?language=EN',
    });
  });

  test('provinces, statuses, lists and fallbacks are normalised', async () => {
    const dbh = await createTestDb();
    await runIngest(dbh, { source: 'canadabuys', input: QUIRKS, now: NOW });
    const on = await tender(dbh, 'cb-100-00000001');
    expect(on).toMatchObject({
      contracting_entity_province: 'Ontario', // ON
      region_keys: '|Ontario|Quebec|', // NCR spans both
      status: 'Cancelled', // empty English status, French "Annulé"
      contact_fax: null, // N/A
      amendment_number: 2,
      amendment_date: '2024-12-10',
      closing_date: '2024-12-27T19:00:00.000Z', // winter time (UTC-5)
    });
    expect(JSON.parse(on.attachment_urls)).toEqual([
      'https://canadabuys.canada.ca/a/one.pdf',
      'https://canadabuys.canada.ca/a/two.pdf',
    ]);

    const trailing = await tender(dbh, 'cb-100-00000002');
    expect(trailing).toMatchObject({
      contracting_entity_province: 'Ontario', // "Ontario "
      region_keys: '|Alberta|Ontario|',
      title: 'Titre seulement en français', // no English title
      description: 'Description de cb-100-00000002.', // no English description
    });
    expect(JSON.parse(trailing.attachment_urls)).toEqual([
      'https://canadabuys.canada.ca/a/x.pdf',
      'https://canadabuys.canada.ca/a/y.xlsx',
    ]);

    expect(await tender(dbh, 'cb-100-00000003')).toMatchObject({
      contracting_entity_province: 'Quebec', // Québec
      gsin: 'N7030, N7010',
      gsin_description: 'ADP Software; ADP Equipment',
    });
    // A city in the province column is kept as written.
    expect(await tender(dbh, 'cb-100-00000004')).toMatchObject({
      contracting_entity_province: 'Ottawa',
      region_keys: '',
      status: 'Awarded',
    });
  });

  test('an Open notice whose closing time has passed reads Closed', async () => {
    const dbh = await createTestDb();
    await runIngest(dbh, { source: 'canadabuys', input: QUIRKS, now: NOW });
    const past = await tender(dbh, 'cb-100-00000002'); // closed 2024-12-27
    const future = await tender(dbh, 'cb-100-00000003'); // closes 2030-01-15
    expect(past.status).toBe('Open');
    expect(toTender(past, NOW).status).toBe('Closed');
    expect(toTender(future, NOW).status).toBe('Open');
  });
});

describe('bulk load into an empty table', () => {
  /** The secondary indexes of tender and tender_search, by name, with their definitions. */
  async function indexes(dbh: DbHandle) {
    if (dbh.sqlite) {
      return dbh.sqlite
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('tender', 'tender_search') ORDER BY name`,
        )
        .all();
    }
    const { rows } = await sql<{ name: string; sql: string }>`
      SELECT indexname AS name, indexdef AS sql FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN ('tender', 'tender_search') ORDER BY indexname`.execute(
      dbh.db,
    );
    return rows;
  }

  test('a first load ends with the indexes the migrations made and nothing left to restore', async () => {
    const dbh = await createTestDb();
    const migrated = await indexes(dbh);
    expect(migrated.length).toBeGreaterThan(5);
    const run = await runIngest(dbh, { source: 'canadabuys', input: QUIRKS, now: NOW });
    expect(run.rows_inserted).toBe(5);
    expect(await indexes(dbh)).toEqual(migrated);
    expect(await getMeta(dbh.db, BULK_LOAD_META_KEY)).toBeUndefined();
    // SQLite's search rows are complete (PostgreSQL indexes the tender row itself).
    if (dbh.sqlite) expect(Number(dbh.sqlite.prepare('SELECT count(*) FROM tender_search').pluck().get())).toBe(5);
  });

  // beginBulkLoad works on the SQLite connection (PostgreSQL loads keep their indexes).
  if (testDialect === 'sqlite') {
    test('SQLite: the rebuilt indexes are used; a table with rows keeps its indexes', async () => {
      const dbh = await createTestDb();
      const sqlite = dbh.sqlite as NonNullable<typeof dbh.sqlite>;
      await runIngest(dbh, { source: 'canadabuys', input: QUIRKS, now: NOW });
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM tender WHERE contracting_entity_name = ?`)
        .all('x');
      expect(JSON.stringify(plan)).toMatch(/tender_entity_idx/);
      expect(beginBulkLoad(sqlite, NOW.toISOString())).toBe(false);
      expect((await indexes(dbh)).length).toBeGreaterThan(5);
    });

    test('SQLite: indexes left dropped by a run that died are built by the next run', async () => {
      const dbh = await createTestDb();
      const sqlite = dbh.sqlite as NonNullable<typeof dbh.sqlite>;
      const migrated = await indexes(dbh);
      // As if the process had been killed after beginBulkLoad: no indexes, their SQL saved.
      expect(beginBulkLoad(sqlite, NOW.toISOString())).toBe(true);
      expect(await indexes(dbh)).toEqual([{ name: 'sqlite_autoindex_tender_1', sql: null }]);
      expect(await getMeta(dbh.db, BULK_LOAD_META_KEY)).toBeDefined();
      // A second begin while the first is unfinished does nothing (the saved SQL is kept).
      expect(beginBulkLoad(sqlite, NOW.toISOString())).toBe(false);

      const run = await runIngest(dbh, { source: 'canadabuys', input: BAD_ROWS, now: NOW });
      expect(run.status).toBe('succeeded');
      expect(await indexes(dbh)).toEqual(migrated);
      expect(await getMeta(dbh.db, BULK_LOAD_META_KEY)).toBeUndefined();
      expect(restoreBulkLoadIndexes(sqlite)).toBe(0);
    });

    test('SQLite file: the indexes are built through a memory map, and the setting is put back', async () => {
      const { dbh } = await createSqliteFileTestDb();
      const sqlite = dbh.sqlite as NonNullable<typeof dbh.sqlite>;
      const migrated = await indexes(dbh);
      sqlite.pragma('mmap_size = 65536');
      expect(beginBulkLoad(sqlite, NOW.toISOString())).toBe(true);
      expect(restoreBulkLoadIndexes(sqlite)).toBe(migrated.length - 1); // all but the primary key's
      expect(await indexes(dbh)).toEqual(migrated);
      expect(sqlite.pragma('mmap_size', { simple: true })).toBe(65536);
    });
  }
});

describe('rejected rows', () => {
  test('bad rows are counted with their row number and reason; good rows go in', async () => {
    const dbh = await createTestDb();
    const run = await runIngest(dbh, { source: 'canadabuys', input: BAD_ROWS });
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 8, rows_inserted: 2, rows_rejected: 6 });
    expect(run.rejected.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    const reasons = run.rejected.map((r) => r.reason);
    expect(reasons[0]).toBe('expected 67 columns, found 66');
    expect(reasons[1]).toMatch(/publicationDate-datePublication: "2024-02-30" is not a valid date/);
    expect(reasons[2]).toMatch(/missing reference number/);
    expect(reasons[3]).toMatch(/field longer than 100000 characters/);
    expect(reasons[4]).toMatch(
      /tenderClosingDate-appelOffresDateCloture: "2024-13-01T14:00:00" is not a valid date and time/,
    );
    expect(reasons[5]).toMatch(/missing title/);
    const ids = (await dbh.db.selectFrom('tender').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual(['cb-200-00000001', 'cb-200-00000008']);
    const stored = await dbh.db
      .selectFrom('ingest_run')
      .select(['rows_rejected', 'rejected'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(stored.rows_rejected).toBe(6);
    expect(JSON.parse(stored.rejected)).toEqual(run.rejected);
  });

  test('a stream that breaks mid-file leaves whole batches only and marks the run failed', async () => {
    const dbh = await createTestDb();
    const lines = readFileSync(QUIRKS, 'utf8').split(/(?<=\r\n)(?=")/); // header + 5 records
    const stored = async () =>
      Number(
        (
          await dbh.db
            .selectFrom('tender')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    async function* broken() {
      yield lines.slice(0, 4).join(''); // header + 3 records
      // The link drops once the first batch (records 1-2) is written; record 3 is still pending.
      for (let i = 0; i < 500 && (await stored()) < 2; i++) await new Promise((r) => setTimeout(r, 10));
      throw new Error('connection reset');
    }
    const run = await runIngest(dbh, { source: 'canadabuys', input: Readable.from(broken()), batchSize: 2 });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/connection reset/);
    expect(run.rows_inserted).toBe(2);
    expect(await stored()).toBe(2);
  });

  test('a lower amendment never replaces a higher one', () => {
    const [a, b, c] = ['v2:a', 'v2:b', 'v2:c'];
    expect(upsertAction(undefined, { amendment_number: 0, content_hash: a })).toBe('insert');
    expect(upsertAction({ amendment_number: 2, content_hash: a }, { amendment_number: 1, content_hash: b })).toBe(
      'unchanged',
    );
    expect(upsertAction({ amendment_number: 1, content_hash: a }, { amendment_number: 1, content_hash: a })).toBe(
      'unchanged',
    );
    expect(upsertAction({ amendment_number: 1, content_hash: a }, { amendment_number: 1, content_hash: b })).toBe(
      'update',
    );
    expect(upsertAction({ amendment_number: 1, content_hash: a }, { amendment_number: 2, content_hash: c })).toBe(
      'update',
    );
  });

  test('a row stored under the older hash formula is rewritten once, without a version, unless amended', () => {
    const old = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(
      upsertAction({ amendment_number: 1, content_hash: old }, { amendment_number: 1, content_hash: 'v2:a' }),
    ).toBe('refresh');
    expect(
      upsertAction({ amendment_number: 1, content_hash: old }, { amendment_number: 2, content_hash: 'v2:a' }),
    ).toBe('update');
    expect(
      upsertAction({ amendment_number: 2, content_hash: old }, { amendment_number: 1, content_hash: 'v2:a' }),
    ).toBe('unchanged');
  });

  test('a second ingest while one runs is refused with 409 ingest_in_progress', async () => {
    const dbh = await createTestDb();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield readFileSync(QUIRKS, 'utf8');
      await gate;
    }
    const first = runIngest(dbh, { source: 'canadabuys', input: Readable.from(slow()) });
    await new Promise((r) => setTimeout(r, 50));
    await expect(runIngest(dbh, { source: 'canadabuys', input: QUIRKS })).rejects.toMatchObject({
      statusCode: 409,
      code: 'ingest_in_progress',
    });
    release();
    expect((await first).rows_inserted).toBe(5);
  });
});

async function demoDrafts(count: number, seed: number): Promise<{ drafts: TenderDraft[]; rawStatuses: Set<string> }> {
  const drafts: TenderDraft[] = [];
  const rawStatuses = new Set<string>();
  const csv = generateDemoCsv({ count, seed, now: NOW, historicalRatio: 0.2 });
  for await (const item of readCanadaBuysCsv(csv)) {
    if ('error' in item) throw new Error(item.error);
    rawStatuses.add(item.record['tenderStatus-appelOffresStatut-eng'] ?? '');
    const mapped = mapCanadaBuysRecord(item.record, { source: 'demo' });
    if (!mapped.ok) throw new Error(mapped.reason);
    drafts.push(mapped.tender);
  }
  return { drafts, rawStatuses };
}

async function sha(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('demo data generator', () => {
  test('is deterministic: same seed and clock, same bytes', async () => {
    const opts = { count: 300, seed: 42, now: NOW, historicalRatio: 0.3 };
    const a = await sha(generateDemoCsv(opts));
    expect(await sha(generateDemoCsv(opts))).toBe(a);
    expect(await sha(generateDemoCsv({ ...opts, seed: 43 }))).not.toBe(a);
  });

  test('writes the real file format: BOM, the 67-column header, quoted fields, CRLF', async () => {
    const chunks: Buffer[] = [];
    for await (const c of generateDemoCsv({ count: 3, seed: 1, now: NOW })) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const realHeader = readFileSync(fileURLToPath(new URL('./fixtures/quirks.csv', import.meta.url)), 'utf8').split(
      '\r\n',
    )[0];
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(realHeader);
    expect(text.endsWith('"\r\n')).toBe(true);
  });

  test('covers every province and territory, category, notice type, method and status', async () => {
    const { drafts, rawStatuses } = await demoDrafts(400, 7);
    const set = (f: (d: TenderDraft) => string | null) => new Set(drafts.map(f));
    expect(new Set(drafts.map((d) => d.id)).size).toBe(400);
    expect([...set((d) => d.contracting_entity_province)].sort()).toEqual([...PROVINCES].sort());
    expect(set((d) => d.category_primary)).toEqual(new Set(['CNST', 'GD', 'SRV', 'SRVTGD', 'CNST*SRV', 'GD*SRVTGD']));
    for (const t of [
      'Request for Proposal',
      'Advance Contract Award Notice',
      'Request for Standing Offer',
      'Request for Information',
      'Not Applicable',
      'RFP against Supply Arrangement',
      null,
    ]) {
      expect(set((d) => d.procurement_type)).toContain(t);
    }
    expect(set((d) => d.procurement_method)).toEqual(
      new Set(['Competitive - Open bidding', 'Competitive - Selective tendering', 'Advance contract award notice']),
    );
    expect(rawStatuses).toEqual(new Set(['Open', 'Closed', 'Cancelled', 'Awarded', 'Expired']));
    expect(drafts.filter((d) => d.status === 'Open').length).toBeGreaterThan(200);
    expect(drafts.some((d) => d.closing_date && d.closing_date > NOW.toISOString())).toBe(true);
    expect(drafts.some((d) => d.closing_date && d.closing_date < NOW.toISOString())).toBe(true);
    expect(drafts.filter((d) => d.estimated_value !== null).length).toBeGreaterThan(50);
    expect(drafts.some((d) => /must|shall/.test(d.description ?? ''))).toBe(true);
    for (const d of drafts) {
      expect(d.title_fr).toBeTruthy();
      expect(d.description?.length).toBeGreaterThanOrEqual(250);
      expect(d.description?.length).toBeLessThanOrEqual(3200);
    }
  });
});

describe('POST /api/tenders/refreshTenders', () => {
  test('401 without a token, 403 with a wrong one, 403 when no admin token is configured', async () => {
    const { app } = await buildTestApp();
    const none = await app.inject({ method: 'POST', url: '/api/tenders/refreshTenders' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthorized' });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/tenders/refreshTenders',
      headers: { authorization: 'Bearer nope-nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'forbidden' });

    const { app: closed } = await buildTestApp({ env: { ADMIN_TOKEN: '' } });
    const res = await closed.inject({
      method: 'POST',
      url: '/api/tenders/refreshTenders',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(403);
  });

  test('an administrator ingests a URL; the run is listed; the browser user agent is sent', async () => {
    const { app } = await buildTestApp();
    const srv = await csvServer();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenders/refreshTenders',
      headers: auth,
      payload: { url: srv.url('/quirks.csv') },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ runs: Array<{ status: string; rows_inserted: number; origin: string }> }>();
    expect(body.runs).toHaveLength(1);
    expect(body.runs[0]).toMatchObject({ status: 'succeeded', rows_inserted: 5, origin: srv.url('/quirks.csv') });
    expect(srv.agents[0]).toMatch(/^Mozilla\/5\.0 .*Chrome/);

    const runs = await app.inject({ method: 'GET', url: '/api/ingest/runs?limit=5', headers: auth });
    expect(runs.statusCode).toBe(200);
    expect(runs.json<{ runs: unknown[] }>().runs).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/ingest/runs' })).statusCode).toBe(401);
  });

  test('an unreachable source is 503 ingest_source_unreachable; a wrong file 422; a bad URL 400', async () => {
    const { app } = await buildTestApp();
    const srv = await csvServer();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/tenders/refreshTenders', headers: auth, payload });

    const dead = await post({ url: await deadUrl() });
    expect(dead.statusCode).toBe(503);
    expect(dead.json()).toMatchObject({ code: 'ingest_source_unreachable' });
    expect(dead.json<{ message: string }>().message).toMatch(/could not be reached/);

    const missing = await post({ url: srv.url('/nope.csv') });
    expect(missing.statusCode).toBe(503);
    expect(missing.json<{ message: string }>().message).toMatch(/HTTP 404/);

    const partial = await post({ url: srv.url('/partial.csv') });
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toMatchObject({ code: 'ingest_file_invalid' });

    const ftp = await post({ url: 'ftp://example.org/x.csv' });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('first start and scheduled refresh', () => {
  test('loads the official files when reachable, else the demo set, and says which', async () => {
    const srv = await csvServer();
    const official = await buildTestApp({ env: { CANADABUYS_BASE_URL: srv.url('/') } });
    const deps = { env: official.env, dbh: official.dbh, log: official.app.log };

    const fresh = await buildTestApp({ env: { CANADABUYS_BASE_URL: srv.url('/') } });
    expect(await seedIfEmpty({ env: fresh.env, dbh: fresh.dbh, log: fresh.app.log })).toBe('official');
    expect(await getMeta(fresh.dbh.db, TENDER_DATA_KEY)).toBe('official');
    expect(srv.agents).toHaveLength(2); // open file, then new-notice file

    // Unreachable official files → demo set.
    const demoDeps = { ...deps, env: { ...deps.env, CANADABUYS_BASE_URL: (await deadUrl()).replace(/[^/]+$/, '') } };
    expect(await seedIfEmpty(demoDeps)).toBe('demo');
    expect(await getMeta(official.dbh.db, TENDER_DATA_KEY)).toBe('demo');
    const demoCount = await official.dbh.db
      .selectFrom('tender')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(Number(demoCount.n)).toBe(2400);
    expect(await seedIfEmpty(demoDeps)).toBe('skipped');

    // Official data arrives later (the scheduled refresh): demo rows are removed.
    const results = await runRefresh(deps, { url: srv.url('/quirks.csv') });
    expect(results[0]?.run.rows_inserted).toBe(5);
    expect(await getMeta(official.dbh.db, TENDER_DATA_KEY)).toBe('official');
    const sources = await official.dbh.db.selectFrom('tender').select('source').distinct().execute();
    expect(sources).toEqual([{ source: 'canadabuys' }]);
  }, 120_000); // 2,400 demo notices through the search-index triggers: slow on a busy machine
});
