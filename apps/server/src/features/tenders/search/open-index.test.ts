import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  searchCriteriaSchema,
  searchResponseSchema,
  type SearchCriteriaInput,
  type SearchResponse,
} from '@app/shared/tender';
import { buildTestApp, createSharedTestDbs, createTestDb } from '../../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders, type TenderRowInput } from '../../../../test/factories.ts';
import type { DbHandle } from '../../../db/connect.ts';
import { searchTenders, searchTendersJson } from './search.ts';

// The in-memory index of open notices (open-index.ts, ADR 0004) answers open searches; the
// database engine answers the rest and stands in while the index is not current. Both must
// give the same answers, and every write, from this process or another, must reach the index.

const DAY_MS = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString();

/** Searches "now" (the in-memory index when it is current). */
const present = (dbh: DbHandle, c: SearchCriteriaInput) => searchTenders(dbh, searchCriteriaSchema.parse(c));
/** The same search on the database engine: a `now` off the clock never reads the index. */
const onDatabase = (dbh: DbHandle, c: SearchCriteriaInput) =>
  searchTenders(dbh, searchCriteriaSchema.parse(c), new Date(Date.now() + 5_000));

const ids = (r: SearchResponse) => r.results.map((t) => t.id);
const scoreById = (r: SearchResponse) => new Map(r.results.map((t) => [t.id, t.search_score]));

const WORDS = [
  'bridge',
  'snow',
  'software',
  'cleaning',
  'security',
  'consulting',
  'road',
  'translation',
  'ontario',
  'services',
];
const REGIONS = ['Ontario', 'Quebec', 'Alberta', 'British Columbia', 'Nova Scotia'];
const CATEGORIES = ['SRV', 'GD', 'CNST', 'SRVTGD'];

/** A varied, all-open set (so the two engines weigh words over the same notices). */
function corpus(n: number): TenderRowInput[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
  return Array.from({ length: n }, (_, i) => {
    const region = pick(REGIONS, i * 7);
    const category = pick(CATEGORIES, i * 3);
    return buildTenderRow({
      id: `c-${String(i).padStart(3, '0')}`,
      title: `${pick(WORDS, i)} ${pick(WORDS, i * 5 + 1)} ${i % 4 === 0 ? 'rehabilitation' : 'work'}`,
      title_fr: i % 6 === 0 ? `Travaux de ${pick(['déneigement', 'génie', 'sécurité'], i)}` : null,
      description: `Includes ${pick(WORDS, i * 3 + 2)} and ${pick(WORDS, i * 11 + 4)} at several sites in ${region}.`,
      contracting_entity_name: pick(['Transport Canada', 'Parks Canada', 'City of Ottawa', 'Health Canada'], i),
      procurement_type: pick(['Request for Proposal', 'Request for Quotation', 'Invitation to Qualify'], i * 13),
      category_primary: category,
      category_codes: `|${category}|`,
      region_keys: `|${region}|`,
      estimated_value: i % 3 === 0 ? null : 10_000 * ((i * 37) % 90),
      published_date: inDays(-(i % 20)).slice(0, 10),
      closing_date: i % 9 === 0 ? null : inDays(2 + (i % 40)),
    });
  });
}

describe('which engine answers', () => {
  test('open searches come from memory; other statuses and a past `now` from the database', async () => {
    const dbh = await createTestDb();
    await insertTenders(dbh.db, corpus(30));
    expect((await present(dbh, { q: 'bridge' })).search_metadata.engine).toBe('memory');
    expect((await present(dbh, { q: '' })).search_metadata.engine).toBe('memory');
    expect((await present(dbh, { q: 'bridge', tender_status: ['Closed'] })).search_metadata.engine).toBe('database');
    expect((await onDatabase(dbh, { q: 'bridge' })).search_metadata.engine).toBe('database');
  });
});

describe('the HTTP form', () => {
  test('the JSON the route sends is the response searchTenders gives, result for result', async () => {
    const dbh = await createTestDb();
    // Text outside Latin-1 (a dash, a curly apostrophe, an emoji): the JSON is sent as UTF-8 bytes.
    const multibyte = buildTenderRow({
      id: 'c-utf8',
      title: 'Bridge deck – l’entretien du pont 🚧',
      description: 'Réfection du tablier – travaux d’été, 🚧 signalisation.',
      region_keys: '|Quebec|',
      closing_date: inDays(10),
    });
    await insertTenders(dbh.db, [...corpus(60), multibyte]);
    for (const body of [
      { q: 'bridge' },
      { q: 'entretien' },
      { q: 'snow road', limit: 5, offset: 5 },
      { q: '', regions: ['Quebec'] },
      { q: 'x', tender_status: ['Closed'] },
    ]) {
      const criteria = searchCriteriaSchema.parse(body);
      const sent = JSON.parse((await searchTendersJson(dbh, criteria)).json.toString('utf8')) as SearchResponse;
      const object = await searchTenders(dbh, criteria);
      expect(searchResponseSchema.parse(sent)).toEqual(sent);
      const withoutTime = (r: SearchResponse) => ({ ...r, search_metadata: { ...r.search_metadata, took_ms: 0 } });
      expect(withoutTime(sent)).toEqual(withoutTime(object));
      if (body.q === 'entretien')
        expect(sent.results.map((r) => r.title)).toEqual(['Bridge deck – l’entretien du pont 🚧']);
    }
  });
});

describe('the two engines agree', () => {
  test('same matches, totals and match percentages for keywords, natural language and filters', async () => {
    const dbh = await createTestDb();
    await insertTenders(dbh.db, corpus(80));
    const criteria = fc.record(
      {
        q: fc.oneof(
          fc
            .array(fc.constantFrom(...WORDS, 'rehabilitation', 'déneigement', 'zzz'), { minLength: 0, maxLength: 3 })
            .map((w) => w.join(' ')),
          fc.constantFrom(
            'snow removal in Quebec under $400K',
            'road work over $100K',
            'consulting closing this month',
            'RFQ software',
          ),
        ),
        regions: fc.subarray([...REGIONS, 'Atlantis'], { maxLength: 2 }),
        procurement_category: fc.subarray([...CATEGORIES, 'XYZ'], { maxLength: 2 }),
        procurement_method: fc.constantFrom(undefined, 'Request for Proposal', 'Request for Quotation', 'competitive'),
        notice_type: fc.subarray(['Request for Quotation', 'Invitation to Qualify'], { maxLength: 1 }),
        contracting_entity_name: fc.subarray(['Transport Canada', 'Parks Canada'], { maxLength: 1 }),
        closing_date_after: fc.constantFrom(undefined, inDays(10).slice(0, 10)),
        closing_date_before: fc.constantFrom(undefined, inDays(25).slice(0, 10)),
        publication_date_after: fc.constantFrom(undefined, inDays(-8).slice(0, 10)),
        tender_status: fc.constantFrom(undefined, ['Open'], ['Active', 'Open']),
        value_min: fc.constantFrom(undefined, 150_000),
        value_max: fc.constantFrom(undefined, 300_000),
      },
      { requiredKeys: ['q'] },
    );
    await fc.assert(
      fc.asyncProperty(criteria, async (raw) => {
        const c = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as SearchCriteriaInput;
        const body = { ...c, limit: 100 };
        const [memory, database] = [await present(dbh, body), await onDatabase(dbh, body)];
        expect(memory.search_metadata.engine).toBe('memory');
        expect(memory.total_results).toBe(database.total_results);
        expect(new Set(ids(memory))).toEqual(new Set(ids(database)));
        const dbScores = scoreById(database);
        for (const [id, score] of scoreById(memory))
          expect(score, `${JSON.stringify(body)} ${id}`).toBeCloseTo(dbScores.get(id) as number, 6);
        expect(memory.search_metadata.max_score).toBe(database.search_metadata.max_score);
        expect(memory.search_metadata.optional_keywords).toEqual(database.search_metadata.optional_keywords);
        // Best first, and within equal scores the order is the engine's own.
        const scores = memory.results.map((t) => t.search_score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }),
      { numRuns: 150 },
    );
  });

  test('pages of a browse are the database order: soonest closing first, undated last', async () => {
    const dbh = await createTestDb();
    await insertTenders(dbh.db, corpus(45));
    for (const offset of [0, 20, 40]) {
      const body = { q: '', offset, limit: 20 };
      const [memory, database] = [await present(dbh, body), await onDatabase(dbh, body)];
      expect(memory.search_metadata.engine).toBe('memory');
      expect(memory.results.map((t) => t.closing_date)).toEqual(database.results.map((t) => t.closing_date));
      expect(memory.total_results).toBe(45);
    }
  });
});

describe('the index follows the database', () => {
  test('inserts, updates, deletes, status changes and a closing time passing', async () => {
    const dbh = await createTestDb();
    await insertTenders(dbh.db, corpus(10));
    expect(ids(await present(dbh, { q: 'ferry' }))).toEqual([]);

    await insertTenders(dbh.db, [
      buildTenderRow({ id: 'ferry', title: 'Ferry charter' }),
      buildTenderRow({
        id: 'soon',
        title: 'Ferry dock repair',
        closing_date: new Date(Date.now() + 1_500).toISOString(),
      }),
    ]);
    const found = await present(dbh, { q: 'ferry' });
    expect(found.search_metadata.engine).toBe('memory');
    expect(ids(found).sort()).toEqual(['ferry', 'soon']);

    await dbh.db.updateTable('tender').set({ title: 'Barge charter' }).where('id', '=', 'ferry').execute();
    expect(ids(await present(dbh, { q: 'barge' }))).toEqual(['ferry']);
    expect(ids(await present(dbh, { q: 'ferry' }))).toEqual(['soon']);

    await dbh.db.updateTable('tender').set({ status: 'Cancelled' }).where('id', '=', 'ferry').execute();
    expect(ids(await present(dbh, { q: 'barge' }))).toEqual([]);
    expect(ids(await present(dbh, { q: 'barge', tender_status: ['Cancelled'] }))).toEqual(['ferry']);

    await new Promise((r) => setTimeout(r, 1_600));
    const after = await present(dbh, { q: 'ferry' });
    expect(after.search_metadata.engine).toBe('memory');
    expect(ids(after)).toEqual([]);
    expect(ids(await present(dbh, { q: 'ferry', tender_status: ['Closed'] }))).toEqual(['soon']);

    await dbh.db.deleteFrom('tender').where('id', '=', 'soon').execute();
    expect(ids(await present(dbh, { q: 'dock', tender_status: ['Closed'] }))).toEqual([]);
    expect((await present(dbh, { q: '' })).total_results).toBe(10);
  });

  test('another process writing to the same database is seen by the next search', async () => {
    const [writer, reader] = await createSharedTestDbs();
    await insertTenders(writer.db, corpus(5));
    const { app } = await buildTestApp({ dbh: reader });
    const searchApi = async (q: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/tenders/searchTenders', payload: { q } });
      expect(res.statusCode).toBe(200);
      return res.json<SearchResponse>();
    };
    expect((await searchApi('helicopter')).total_results).toBe(0);
    await insertTenders(writer.db, [buildTenderRow({ id: 'heli', title: 'Helicopter services' })]);
    const r = await searchApi('helicopter');
    expect(r.search_metadata.engine).toBe('memory');
    expect(ids(r)).toEqual(['heli']);
    await writer.db.deleteFrom('tender').where('id', '=', 'heli').execute();
    expect((await searchApi('helicopter')).total_results).toBe(0);
  });

  test('a large batch is applied in the background while the database engine answers', async () => {
    const dbh = await createTestDb();
    await insertTenders(dbh.db, corpus(5));
    await present(dbh, { q: 'bridge' }); // built
    const many = Array.from({ length: 2_100 }, (_, i) =>
      buildTenderRow({ id: `bulk-${i}`, title: `Culvert replacement ${i}`, description: 'Culvert work.' }),
    );
    await insertTenders(dbh.db, many);
    const during = await present(dbh, { q: 'culvert', limit: 5 });
    expect(during.search_metadata.engine).toBe('database');
    expect(during.total_results).toBe(1_000); // the database engine counts up to its cap
    let after = during;
    for (let i = 0; i < 100 && after.search_metadata.engine !== 'memory'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await present(dbh, { q: 'culvert', limit: 5 });
    }
    expect(after.search_metadata.engine).toBe('memory');
    expect(after.total_results).toBe(2_100); // exact in memory
  });
});
