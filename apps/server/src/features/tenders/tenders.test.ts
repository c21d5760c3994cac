import { beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { filterOptionsSchema, tenderPageSchema, tenderSchema, tenderStatsSchema } from '@app/shared/tender';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';
import type { DbHandle } from '../../db/connect.ts';

const DAY = 86_400_000;
const now = new Date();
const inDays = (d: number) => new Date(now.getTime() + d * DAY).toISOString();

let app: FastifyInstance;
let dbh: DbHandle;

beforeAll(async () => {
  ({ app, dbh } = await buildTestApp());
  await insertTenders(dbh.db, [
    buildTenderRow({
      id: 'cb-1-soon',
      title: 'Snow removal services',
      closing_date: inDays(2),
      region_keys: '|Ontario|',
    }),
    buildTenderRow({
      id: 'cb-2-later',
      title: 'Bridge rehabilitation',
      category_primary: 'CNST',
      category_codes: '|CNST|',
      closing_date: inDays(20),
      region_keys: '|Alberta|',
      contracting_entity_name: 'Parks Canada',
      procurement_type: 'Request for Standing Offer',
    }),
    buildTenderRow({ id: 'cb-3-nodate', title: 'Translation services 100%_off', closing_date: null }),
    buildTenderRow({ id: 'cb-4-lapsed', title: 'Lapsed open notice', closing_date: inDays(-1) }),
    buildTenderRow({ id: 'cb-5-cancelled', title: 'Cancelled notice', status: 'Cancelled', closing_date: inDays(5) }),
    buildTenderRow({ id: 'cb-6-awarded', title: 'Awarded notice', status: 'Awarded', closing_date: inDays(-30) }),
  ]);
});

describe('GET /api/tenders/getOpenTenderNoticesFromDB', () => {
  test('lists open tenders soonest closing first, undated last, with the total in a header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/getOpenTenderNoticesFromDB' });
    expect(res.statusCode).toBe(200);
    const body = tenderSchema.array().parse(res.json());
    expect(body.map((t) => t.id)).toEqual(['cb-1-soon', 'cb-2-later', 'cb-3-nodate']);
    expect(res.headers['x-total-count']).toBe('3');
  });

  test('paginates with page and limit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/getOpenTenderNoticesFromDB?page=2&limit=2' });
    expect(res.json().map((t: { id: string }) => t.id)).toEqual(['cb-3-nodate']);
  });

  test.each(['page=0', 'limit=1000', 'page=abc', 'limit=-1'])('refuses %s with a 400', async (qs) => {
    const res = await app.inject({ method: 'GET', url: `/api/tenders/getOpenTenderNoticesFromDB?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed', error: 'Bad Request' });
  });
});

describe('tender lookups', () => {
  test('getTenderById returns the tender with its effective status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/getTenderById/CB-4-LAPSED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'cb-4-lapsed', status: 'Closed' });
  });

  test("the source's French texts come with the English ones", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tender-notice/cb-1-soon' });
    expect(tenderSchema.parse(res.json())).toMatchObject({
      procurement_type: 'Request for Proposal',
      procurement_type_fr: 'Demande de propositions',
      procurement_method_fr: 'Concurrentiel – Appel d’offres ouvert',
      contracting_entity_name_fr: 'Services publics et Approvisionnement Canada',
      delivery_location: 'Ontario',
      delivery_location_fr: 'Ontario',
    });
  });

  test('getTenderById answers 404 tender_not_found for an unknown id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/getTenderById/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'tender_not_found',
      error: 'Not Found',
      message: 'Tender not found',
    });
  });

  test('tender-notice returns the tender, or null', async () => {
    const found = await app.inject({ method: 'GET', url: '/api/tender-notice/cb-1-soon' });
    expect(found.json()).toMatchObject({ id: 'cb-1-soon', title: 'Snow removal services', status: 'Open' });
    const missing = await app.inject({ method: 'GET', url: '/api/tender-notice/unknown' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe('null');
  });

  test('getTendersFromBookmarkIds keeps the order given and skips unknown ids', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenders/getTendersFromBookmarkIds',
      payload: { bookmarkIds: ['cb-2-later', 'missing', 'cb-1-soon', 'cb-2-later'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { id: string }) => t.id)).toEqual(['cb-2-later', 'cb-1-soon']);
  });

  test.each([
    ['malformed JSON', '{"bookmarkIds": [', 'invalid_json'],
    ['wrong types', JSON.stringify({ bookmarkIds: 'cb-1' }), 'validation_failed'],
    ['unknown fields', JSON.stringify({ bookmarkIds: [], extra: 1 }), 'validation_failed'],
  ])('getTendersFromBookmarkIds refuses %s with a 400', async (_name, payload, code) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenders/getTendersFromBookmarkIds',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('POST /api/tenders/table', () => {
  const table = (payload: object) => app.inject({ method: 'POST', url: '/api/tenders/table', payload });

  test('defaults to open tenders, 50 a page', async () => {
    const page = tenderPageSchema.parse((await table({})).json());
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 50, page_count: 1 });
  });

  test('filters by region, category, notice type, organization and status', async () => {
    expect((await table({ regions: ['Alberta'] })).json().tenders.map((t: { id: string }) => t.id)).toEqual([
      'cb-2-later',
    ]);
    expect((await table({ categories: ['CNST'] })).json().total).toBe(1);
    expect((await table({ notice_types: ['Request for Standing Offer'] })).json().total).toBe(1);
    expect((await table({ organizations: ['Parks Canada'] })).json().total).toBe(1);
    const closed = (await table({ statuses: ['Closed'] })).json();
    expect(closed.tenders.map((t: { id: string }) => t.id)).toEqual(['cb-4-lapsed']);
    expect((await table({ statuses: ['Cancelled', 'Awarded'] })).json().total).toBe(2);
  });

  test('matches text in title, description and organization, treating LIKE wildcards literally', async () => {
    expect((await table({ q: 'SNOW' })).json().total).toBe(1);
    expect((await table({ q: 'parks canada' })).json().total).toBe(1);
    expect((await table({ q: '100%_off' })).json().total).toBe(1);
    expect((await table({ q: '%' })).json().total).toBe(1);
    expect((await table({ q: "'; DROP TABLE tender; --" })).json().total).toBe(0);
  });

  test('refuses a page size over 200', async () => {
    expect((await table({ page_size: 1000 })).statusCode).toBe(400);
  });
});

describe('filter options and stats', () => {
  test('filter options count open tenders per value', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/filter-options' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.regions).toContainEqual({ value: 'Ontario', label: 'Ontario', count: 2 });
    expect(body.categories).toContainEqual({ value: 'CNST', label: 'Construction', count: 1 });
    expect(body.statuses).toContainEqual({ value: 'Closed', label: 'Closed', count: 1 });
    expect(body.organizations[0]).toEqual({
      value: 'Public Services and Procurement Canada',
      label: 'Public Services and Procurement Canada',
      label_fr: 'Services publics et Approvisionnement Canada',
      count: 2,
    });
    expect(body.notice_types).toContainEqual(
      expect.objectContaining({ value: 'Request for Proposal', label_fr: 'Demande de propositions' }),
    );
  });

  test('with no tender at all, the 10 regions of spec §9 and the 5 statuses are still offered (ADR 0014)', async () => {
    const empty = await buildTestApp();
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/api/tenders/filter-options' });
      expect(res.statusCode).toBe(200);
      const body = filterOptionsSchema.parse(res.json());
      expect(body.regions.map((r) => [r.value, r.count])).toEqual(
        [
          'Ontario',
          'British Columbia',
          'Alberta',
          'Quebec',
          'Manitoba',
          'Saskatchewan',
          'Nova Scotia',
          'New Brunswick',
          'Newfoundland and Labrador',
          'Prince Edward Island',
        ].map((r) => [r, 0]),
      );
      expect(body.statuses.map((r) => [r.value, r.count])).toEqual(
        ['Active', 'Open', 'Closed', 'Cancelled', 'Awarded'].map((r) => [r, 0]),
      );
      expect(body.categories.map((c) => c.value)).toEqual(['CNST', 'GD', 'SRV', 'SRVTGD']);
      expect(body.notice_types).toEqual([]);
      expect(body.organizations).toEqual([]);
    } finally {
      await empty.app.close();
    }
  });

  test('stats are computed from the data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenders/stats' });
    expect(res.json()).toMatchObject({ open_tenders: 3, added_this_week: 6, organizations: 2, demo_data: true });
  });

  test('every stats figure equals what the tender table holds', async () => {
    const extra = [
      buildTenderRow({
        id: 'cb-s-1',
        source: 'canadabuys',
        published_date: inDays(-2).slice(0, 10),
        contracting_entity_name: 'Transport Canada',
      }),
      buildTenderRow({
        id: 'cb-s-2',
        source: 'canadabuys',
        published_date: inDays(-40).slice(0, 10),
        contracting_entity_name: null,
      }),
      buildTenderRow({
        id: 'cb-s-3',
        source: 'canadabuys',
        status: 'Closed',
        published_date: inDays(-1).slice(0, 10),
        contracting_entity_name: 'Closed Org',
      }),
    ];
    const fresh = await buildTestApp();
    await insertTenders(fresh.dbh.db, [
      ...extra,
      buildTenderRow({
        id: 'cb-s-4',
        published_date: inDays(-8).slice(0, 10),
        contracting_entity_name: 'Parks Canada',
      }),
      buildTenderRow({ id: 'cb-s-5', closing_date: inDays(-1), contracting_entity_name: 'Lapsed Org' }),
    ]);
    const res = await fresh.app.inject({ method: 'GET', url: '/api/tenders/stats' });
    expect(res.statusCode).toBe(200);
    const stats = tenderStatsSchema.parse(res.json());

    // The same figures recomputed in JS from every row.
    const at = Date.parse(stats.generated_at);
    const rows = await fresh.dbh.db.selectFrom('tender').selectAll().execute();
    const isOpen = (r: (typeof rows)[number]) =>
      ['Open', 'Active'].includes(r.status) && (r.closing_date === null || Date.parse(r.closing_date) > at);
    const weekAgo = new Date(at - 7 * DAY).toISOString().slice(0, 10);
    const open = rows.filter(isOpen);
    expect(stats.open_tenders).toBe(open.length);
    expect(stats.added_this_week).toBe(rows.filter((r) => (r.published_date ?? '') >= weekAgo).length);
    expect(stats.organizations).toBe(new Set(open.flatMap((r) => r.contracting_entity_name ?? [])).size);
    expect(stats.total_tenders).toBe(rows.length);
    const bySource = [...new Set(rows.map((r) => r.source))].map((source) => ({
      source,
      name: source === 'canadabuys' ? 'CanadaBuys' : 'Demo data',
      tenders: rows.filter((r) => r.source === source).length,
      open_tenders: open.filter((r) => r.source === source).length,
      last_ingested_at: null,
    }));
    expect(stats.sources).toEqual(bySource.sort((a, b) => b.tenders - a.tenders));
    // And the values the fixture was built to give.
    expect(stats).toMatchObject({
      open_tenders: 3,
      added_this_week: 3,
      organizations: 2,
      total_tenders: 5,
      demo_data: true,
    });
    expect(stats.sources.map((s) => [s.source, s.tenders, s.open_tenders])).toEqual([
      ['canadabuys', 3, 2],
      ['demo', 2, 1],
    ]);
  });
});
