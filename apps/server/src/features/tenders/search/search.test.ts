import { beforeAll, describe, expect, test } from 'vitest';
import {
  SEARCH_DESCRIPTION_LENGTH,
  searchResponseSchema,
  type SearchCriteriaInput,
  type SearchResponse,
} from '@app/shared/tender';
import { buildTestApp } from '../../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders, type TenderRowInput } from '../../../../test/factories.ts';
import { FULL_RANK_LIMIT } from './search.ts';

const DAY_MS = 86_400_000;
const now = new Date();
const inDays = (n: number) => new Date(now.getTime() + n * DAY_MS).toISOString();
const day = (n: number) => inDays(n).slice(0, 10);

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function search(app: App, body: SearchCriteriaInput | Record<string, unknown>): Promise<SearchResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/tenders/searchTenders', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

const ids = (r: SearchResponse) => r.results.map((t) => t.id);

async function appWith(rows: TenderRowInput[]): Promise<App> {
  const { app, dbh } = await buildTestApp();
  await insertTenders(dbh.db, rows);
  return app;
}

describe('relevance and scores', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({
        id: 'desc-only',
        title: 'Maintenance services',
        description: 'Includes repair of a pedestrian bridge.',
      }),
      buildTenderRow({ id: 'title', title: 'Pedestrian bridge rehabilitation', description: 'Work on a structure.' }),
      buildTenderRow({
        id: 'entity',
        title: 'Annual inspection',
        contracting_entity_name: 'Bridge Authority of Canada',
      }),
      buildTenderRow({ id: 'other', title: 'Office furniture', description: 'Desks and chairs.' }),
    ]);
  });

  test('a title match ranks above an organisation match, which ranks above a description-only match', async () => {
    const r = await search(app, { q: 'bridge' });
    expect(ids(r)).toEqual(['title', 'entity', 'desc-only']);
    expect(r.total_results).toBe(3);
    const [title, entity, desc] = r.results.map((t) => t.search_score);
    expect(title).toBe(10);
    expect(entity).toBeCloseTo(7, 5);
    expect(desc).toBeCloseTo(4, 5);
    expect(r.search_metadata.max_score).toBe(10);
  });

  test('match percentages stay within 0..100 and max_score is the top score', async () => {
    const r = await search(app, { q: 'pedestrian bridge repair maintenance' });
    expect(r.results.length).toBeGreaterThan(0);
    for (const t of r.results) {
      expect(t.search_score * 10).toBeGreaterThanOrEqual(0);
      expect(t.search_score * 10).toBeLessThanOrEqual(100);
    }
    expect(r.search_metadata.max_score).toBe(Math.max(...r.results.map((t) => t.search_score)));
  });

  test('when no notice has every word, the commonest words become optional', async () => {
    const r = await search(app, { q: 'bridge zeppelin' });
    expect(r.search_metadata.optional_keywords).toEqual(['bridge']);
    expect(r.total_results).toBe(0);
    const partial = await search(app, { q: 'pedestrian furniture' });
    expect(partial.results.length).toBeGreaterThan(0);
    expect(partial.search_metadata.optional_keywords?.length).toBe(1);
    expect(partial.results[0]?.search_score).toBeLessThan(10);
  });

  test('singular and plural find each other', async () => {
    expect(ids(await search(app, { q: 'bridges' }))).toContain('title');
    expect(ids(await search(app, { q: 'desk' }))).toEqual(['other']);
  });
});

describe('English and French, accents folded', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({
        id: 'fr',
        title: 'Services d’ingénierie au Québec',
        title_fr: 'Services d’ingénierie au Québec',
        description_fr: 'Étude géotechnique',
      }),
      buildTenderRow({ id: 'en', title: 'Quebec City engineering services', description: 'Geotechnical study' }),
    ]);
  });

  test.each([
    ['quebec', ['en', 'fr']],
    ['Québec', ['en', 'fr']],
    ['QUÉBEC', ['en', 'fr']],
    ['ingenierie', ['fr']],
    ['ingénierie', ['fr']],
    ['geotechnique', ['fr']],
  ])('%s', async (q, expected) => {
    const r = await search(app, { q, parse_query: false });
    expect(ids(r).sort()).toEqual(expected);
  });
});

describe('filters', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({
        id: 'on-rfp',
        title: 'Network cabling',
        region_keys: '|Ontario|',
        procurement_type: 'Request for Proposal',
        estimated_value: 80_000,
        closing_date: inDays(20),
      }),
      buildTenderRow({
        id: 'qc-rfso',
        title: 'Network support',
        region_keys: '|Quebec|',
        procurement_type: 'Request for Standing Offer',
        category_codes: '|GD|',
        category_primary: 'GD',
        estimated_value: 400_000,
        closing_date: inDays(30),
      }),
      buildTenderRow({
        id: 'ab-cnst',
        title: 'Network tower construction',
        region_keys: '|Alberta|',
        procurement_type: 'RFQ',
        procurement_method: 'Competitive – Selective Tendering',
        category_codes: '|CNST|',
        category_primary: 'CNST',
        contracting_entity_name: 'Defence Construction Canada',
        closing_date: inDays(3),
        published_date: day(-40),
      }),
      buildTenderRow({
        id: 'bc-acan',
        title: 'Network licences',
        region_keys: '|British Columbia|Ontario|',
        procurement_type: 'Advance Contract Award Notice',
        closing_date: inDays(60),
        published_date: day(-1),
        estimated_value: 2_000_000,
      }),
    ]);
  });

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['regions', { regions: ['Ontario'] }, ['bc-acan', 'on-rfp']],
    ['regions by abbreviation and accents', { regions: ['QC', 'Alberta'] }, ['ab-cnst', 'qc-rfso']],
    ['procurement method matches the notice type', { procurement_method: 'Request for Proposal' }, ['on-rfp']],
    ['"Standing Offer" matches "Request for Standing Offer"', { procurement_method: 'standing offer' }, ['qc-rfso']],
    ['procurement method matches the method text', { procurement_method: 'Selective Tendering' }, ['ab-cnst']],
    ['a method matches its abbreviation', { procurement_method: 'Request for Quotation' }, ['ab-cnst']],
    ['category codes', { procurement_category: ['CNST', 'GD'] }, ['ab-cnst', 'qc-rfso']],
    ['notice type', { notice_type: ['advance contract award notice'] }, ['bc-acan']],
    ['contracting entity', { contracting_entity_name: ['Defence Construction Canada'] }, ['ab-cnst']],
    ['closing after', { closing_date_after: day(45) }, ['bc-acan']],
    ['closing before', { closing_date_before: day(10) }, ['ab-cnst']],
    ['published after', { publication_date_after: day(-2) }, ['bc-acan']],
    ['published before', { publication_date_before: day(-30) }, ['ab-cnst']],
  ];

  test.each(cases)('%s', async (_name, criteria, expected) => {
    const withWords = await search(app, { q: 'network', ...criteria });
    expect(ids(withWords).sort()).toEqual(expected);
    const browse = await search(app, { q: '', ...criteria });
    expect(ids(browse).sort()).toEqual(expected);
    expect(browse.total_results).toBe(expected.length);
  });

  test('value bounds keep tenders with no stated amount, ranked after the ones that fit', async () => {
    const r = await search(app, { q: 'network', value_max: 500_000 });
    expect(ids(r).slice(0, 2).sort()).toEqual(['on-rfp', 'qc-rfso']);
    expect(ids(r)).toContain('ab-cnst'); // no amount: kept, lower
    expect(ids(r)).not.toContain('bc-acan'); // $2M
    expect(r.results.at(-1)?.search_score).toBe(8);
    const browse = await search(app, { q: '', value_min: 100_000 });
    expect(ids(browse)).toEqual(['qc-rfso', 'bc-acan', 'ab-cnst']);
  });

  test('browsing without words lists the soonest closing first', async () => {
    const r = await search(app, { q: '' });
    expect(ids(r)).toEqual(['ab-cnst', 'on-rfp', 'qc-rfso', 'bc-acan']);
    expect(r.search_metadata.max_score).toBe(10);
  });
});

describe('status', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({ id: 'open', title: 'Snow removal', status: 'Open' }),
      buildTenderRow({ id: 'active', title: 'Snow removal east', status: 'Active', closing_date: null }),
      buildTenderRow({ id: 'elapsed', title: 'Snow removal west', status: 'Open', closing_date: inDays(-1) }),
      buildTenderRow({ id: 'closed', title: 'Snow removal north', status: 'Closed', closing_date: inDays(-20) }),
      buildTenderRow({ id: 'awarded', title: 'Snow removal south', status: 'Awarded', closing_date: inDays(-90) }),
    ]);
  });

  test('without tender_status only open tenders are searched', async () => {
    expect(ids(await search(app, { q: 'snow' })).sort()).toEqual(['active', 'open']);
    expect(ids(await search(app, { q: '' })).sort()).toEqual(['active', 'open']);
  });

  test('Closed includes open notices whose closing date has passed, shown as Closed', async () => {
    const r = await search(app, { q: 'snow', tender_status: ['Closed'] });
    expect(ids(r).sort()).toEqual(['closed', 'elapsed']);
    expect(r.results.every((t) => t.status === 'Closed')).toBe(true);
    const browse = await search(app, { q: '', tender_status: ['closed'] });
    expect(ids(browse)).toEqual(['elapsed', 'closed']); // latest closing first
  });

  test('a notice leaves the open search the moment its closing time passes', async () => {
    const { app: fresh, dbh } = await buildTestApp();
    await insertTenders(dbh.db, [
      buildTenderRow({ id: 'soon', title: 'Ferry charter', closing_date: new Date(Date.now() + 1500).toISOString() }),
    ]);
    expect(ids(await search(fresh, { q: 'ferry' }))).toEqual(['soon']);
    await new Promise((r) => setTimeout(r, 1600));
    expect(ids(await search(fresh, { q: 'ferry' }))).toEqual([]);
    expect(
      (await search(fresh, { q: 'ferry', tender_status: ['Closed'] })).results.map((t) => [t.id, t.status]),
    ).toEqual([['soon', 'Closed']]);
    // An amendment that extends the deadline brings it back.
    await dbh.db
      .updateTable('tender')
      .set({ closing_date: inDays(5) })
      .where('id', '=', 'soon')
      .execute();
    expect(ids(await search(fresh, { q: 'ferry' }))).toEqual(['soon']);
  });

  test('several statuses combine', async () => {
    const r = await search(app, { q: 'snow', tender_status: ['Open', 'Awarded'] });
    expect(ids(r).sort()).toEqual(['active', 'awarded', 'open']);
  });
});

describe('pagination', () => {
  test('offset and has_more page through every match once', async () => {
    const app = await appWith(
      Array.from({ length: 25 }, (_, i) => buildTenderRow({ title: `Courier services lot ${i}` })),
    );
    const first = await search(app, { q: 'courier', limit: 10 });
    const second = await search(app, { q: 'courier', limit: 10, offset: 10 });
    const third = await search(app, { q: 'courier', limit: 10, offset: 20 });
    expect(first.total_results).toBe(25);
    expect([first, second, third].map((r) => r.search_metadata.has_more)).toEqual([true, true, false]);
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(25);
  });

  test('a word matching more notices than are ranked still finds the title matches and counts all', async () => {
    const many = Array.from({ length: FULL_RANK_LIMIT + 50 }, () =>
      buildTenderRow({ title: 'Routine requirement', description: 'Lighting maintenance.' }),
    );
    const titled = buildTenderRow({ id: 'titled', title: 'Lighting upgrade' });
    const app = await appWith([titled, ...many]); // inserted first: the oldest row
    const r = await search(app, { q: 'lighting' });
    expect(r.total_results).toBe(FULL_RANK_LIMIT + 51);
    expect(r.search_metadata.total_is_lower_bound).toBe(false);
    expect(r.results[0]?.id).toBe('titled');
    expect(r.search_metadata.has_more).toBe(true);
  });
});

describe('natural language', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({
        id: 'it-on-small',
        title: 'IT services for payroll',
        region_keys: '|Ontario|',
        estimated_value: 60_000,
      }),
      buildTenderRow({
        id: 'it-on-big',
        title: 'IT services modernization',
        region_keys: '|Ontario|',
        estimated_value: 900_000,
      }),
      buildTenderRow({ id: 'it-qc', title: 'IT services support', region_keys: '|Quebec|', estimated_value: 20_000 }),
      buildTenderRow({
        id: 'cnst-ab',
        title: 'Bridge rehabilitation',
        region_keys: '|Alberta|',
        category_codes: '|CNST|',
        estimated_value: 3_000_000,
      }),
    ]);
  });

  test('regions, amounts and keywords are understood and reported', async () => {
    const r = await search(app, { q: 'IT services contracts in Ontario under $100K' });
    expect(ids(r)).toEqual(['it-on-small']);
    expect(r.search_metadata.keywords).toBe('IT services');
    expect(r.search_metadata.understood).toEqual([
      { kind: 'value_max', text: 'under $100K', label: 'under $100,000', value: 100_000 },
      { kind: 'region', text: 'in Ontario', label: 'Ontario', value: 'Ontario' },
    ]);
  });

  test('a query made only of filters browses', async () => {
    const r = await search(app, { q: 'Construction projects in Alberta over $500K' });
    expect(r.search_metadata.keywords).toBe('');
    expect(r.search_metadata.understood.map((u) => u.kind).sort()).toEqual(['category', 'region', 'value_min']);
    expect(ids(r)).toEqual(['cnst-ab']);
  });

  test('parse_query false keeps the text as keywords', async () => {
    const r = await search(app, { q: 'IT services in Ontario', parse_query: false, regions: ['Quebec'] });
    expect(r.search_metadata.understood).toEqual([]);
    expect(r.search_metadata.keywords).toBe('IT services in Ontario');
    expect(ids(r)).toEqual([]); // "ontario" is a keyword now, and no Quebec title has it
  });
});

describe('hostile and odd input', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith([
      buildTenderRow({ id: 'x', title: 'Table and chair supply', description: 'Drop-off at the warehouse.' }),
    ]);
  });

  test.each([
    '"unbalanced',
    'title:table',
    'table*',
    'NEAR(table chair)',
    'table OR chair AND NOT desk',
    '-table ^chair',
    "'; DROP TABLE tender; --",
    '🪑 table 🪑',
    '\uD800 table \uDC00',
    '(((',
    '{title}: table',
    'x'.repeat(500),
    'a b c d e f g h i j k l m n o p q r s t u v w x y z table',
  ])('%s answers 200', async (q) => {
    await search(app, { q });
  });

  test('SQL in the text is only words', async () => {
    const r = await search(app, { q: "'; DROP TABLE tender; --" });
    expect(ids(r)).toEqual(['x']); // "drop" and "table" are in the notice
    expect((await search(app, { q: 'table' })).total_results).toBe(1);
  });

  test.each([
    [{ q: 'x', limit: 0 }],
    [{ q: 'x', limit: 1000 }],
    [{ q: 'x', offset: -1 }],
    [{ q: 42 }],
    [{ q: 'x', regions: 'Ontario' }],
    [{ q: 'x', closing_date_after: 'yesterday' }],
    [{ q: 'x', unknown_field: true }],
    [{ q: 'x'.repeat(501) }],
  ])('%j is a 400 validation_failed', async (body) => {
    const res = await app.inject({ method: 'POST', url: '/api/tenders/searchTenders', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed', error: 'Bad Request' });
  });

  test('the route is in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.json().paths['/api/tenders/searchTenders']?.post).toBeDefined();
  });
});

describe('result shape', () => {
  test('descriptions are cut to a snippet, flagged, and whole in getTenderById', async () => {
    const long = `${'Snow removal and sanding of the parking lots. '.repeat(30)}End.`;
    const { app, dbh } = await buildTestApp();
    await insertTenders(dbh.db, [
      buildTenderRow({ id: 'long', title: 'Snow removal', description: long, description_fr: 'Déneigement.' }),
      buildTenderRow({ id: 'short', title: 'Snow fence', description: 'Fence.', description_fr: null }),
    ]);
    const r = await search(app, { q: 'snow' });
    const byId = new Map(r.results.map((t) => [t.id, t]));
    const cut = byId.get('long');
    expect(cut?.description_truncated).toBe(true);
    expect(cut?.description?.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_LENGTH + 1);
    expect(cut?.description).toMatch(/^Snow removal and sanding.*…$/s);
    expect(long.startsWith((cut?.description ?? '').slice(0, -1))).toBe(true);
    expect(cut?.description_fr).toBe('Déneigement.');
    expect(byId.get('short')).toMatchObject({
      description: 'Fence.',
      description_fr: null,
      description_truncated: false,
    });
    const full = await app.inject({ method: 'GET', url: '/api/tenders/getTenderById/long' });
    expect(full.json()).toMatchObject({ description: long });
  });
});
