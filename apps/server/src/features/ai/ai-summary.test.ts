import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { citedFieldText, tenderSummarySchema, type TenderSummary } from '@app/shared/ai';
import { tenderSchema, type Tender } from '@app/shared/tender';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { runIngest } from '../ingest/ingest.ts';
import { displayText } from './sentences.ts';

/** Summaries of the real CanadaBuys rows (2024-12-09): correct codes, no invented value, cited requirements. */
const CSV = fileURLToPath(
  new URL('../../../../../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv', import.meta.url),
);
const rows = parse<Record<string, string>>(readFileSync(CSV), { columns: true, bom: true });
const star = (v: string | undefined) =>
  (v ?? '')
    .split('\n')
    .map((s) => s.replace(/^\*/, '').trim())
    .filter(Boolean);

const clock = createTestClock('2024-12-10T12:00:00.000Z');
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const run = await runIngest(ctx.dbh, { source: 'canadabuys', input: CSV, now: clock.now() });
  expect(run.rows_inserted).toBe(20);
});

async function summarise(body: Record<string, unknown>, client?: TestClient) {
  const res = client
    ? await client.post('/api/ai/generateTenderSummary', body)
    : await ctx.app.inject({ method: 'POST', url: '/api/ai/generateTenderSummary', payload: body });
  return res;
}

async function tender(id: string): Promise<Tender> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/getTenderById/${id}` });
  return tenderSchema.parse(res.json());
}

function expectCitationsHold(s: TenderSummary, source: Partial<Tender> & { tenderData?: string }) {
  expect(s.citations.length).toBeGreaterThan(0);
  for (const c of s.citations) {
    expect(citedFieldText(source, c.field).slice(c.start, c.end)).toBe(c.quote);
  }
}

describe('POST /api/ai/generateTenderSummary on the real sample rows', () => {
  test.each(rows.map((r) => [r['referenceNumber-numeroReference'] ?? '', r] as const))('%s', async (reference, row) => {
    const id = reference.toLowerCase();
    const res = await summarise({ tenderId: id });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    const t = await tender(id);

    // Category: every code decoded, every UNSPSC code of the row named (first three).
    const labels: Record<string, string> = {
      CNST: 'Construction',
      GD: 'Goods',
      SRV: 'Services',
      SRVTGD: 'Service related to Goods',
    };
    for (const code of star(row['procurementCategory-categorieApprovisionnement']))
      expect(s.keyDetails.category).toContain(labels[code]);
    for (const code of star(row.unspsc).slice(0, 3)) expect(s.keyDetails.category).toContain(`UNSPSC ${code}`);

    // Value: none of these notices states an amount, so none may be given.
    const description = row['tenderDescription-descriptionAppelOffres-eng'] ?? '';
    if (!/\$|dollars/i.test(description)) {
      expect(s.keyDetails.value).toBe('Not stated in the notice');
      expect(s.keyDetails.valueAmount).toBeNull();
      expect(s.citations.some((c) => c.item === 'value')).toBe(false);
    }

    // Every citation quotes the cited field at its offsets; every requirement is cited and in the text.
    expectCitationsHold(s, t);
    s.requirements.forEach((req, index) => {
      const cite = s.citations.find((c) => c.item === 'requirement' && c.index === index);
      expect(cite, `requirement ${index} is cited`).toBeDefined();
      if (s.requirementKinds[index] === 'mandatory')
        expect(displayText(cite?.quote ?? '')).toContain(req.replace(/…$/, ''));
    });
    expect(s.citations.some((c) => c.item === 'objective')).toBe(true);
    expect(['High', 'Medium', 'Low']).toContain(s.recommendation.priority);
    expect(s.recommendation.reason.length).toBeGreaterThan(10);
  });

  test('finds the requirements a careful reader would', async () => {
    const kinds = async (id: string) => {
      const s = tenderSummarySchema.parse((await summarise({ tenderId: id })).json());
      return { s, kinds: s.requirementKinds };
    };
    const optometrist = await kinds('cb-513-65099601');
    expect(optometrist.s.requirements.find((r) => r.startsWith('Security'))).toContain('Reliability Status');
    expect((await kinds('cb-449-47582539')).kinds).toContain('set_aside');
    expect((await kinds('cb-665-91768487')).kinds).toEqual(
      expect.arrayContaining(['certification', 'trade_agreement']),
    );
    expect((await kinds('cb-222-7027272')).kinds).toEqual(
      expect.arrayContaining(['security', 'canadian_content', 'mandatory']),
    );
    const parks = await kinds('cb-445-53916235');
    const security = parks.s.requirements.filter((r) => r.startsWith('Security')).join(' ');
    expect(security).toContain('Protected A');
    expect(security).not.toMatch(/Secret|Protected B|Confidential/); // unticked boxes of the pasted table
    // Boilerplate is not a requirement: "either official language" is no bilingual requirement.
    expect((await kinds('cb-365-13402618')).kinds).not.toContain('bilingual');
  });

  test('an ACAN and an RFI are never High priority, and say why', async () => {
    const acan = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-665-91768487' })).json());
    expect(acan.recommendation.priority).not.toBe('High');
    expect(acan.recommendation.reason).toContain('Advance Contract Award Notice');
    const rfi = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-731-15865284' })).json());
    expect(rfi.recommendation.priority).not.toBe('High');
    expect(rfi.recommendation.reason).toContain('Request for Information');
  });

  test('answers in French with French fixed phrases', async () => {
    const s = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-449-47582539', locale: 'fr' })).json());
    expect(s.locale).toBe('fr');
    expect(s.keyDetails.value).toBe('Non précisée dans l’avis');
    expect(s.keyDetails.category).toContain('Biens (GD)');
    expectCitationsHold(s, await tender('cb-449-47582539'));
    expect(s.citations.some((c) => c.field === 'description_fr')).toBe(true);
  });

  test('is stored per tender and regenerated when the tender changes', async () => {
    const first = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-303-96479125' })).json());
    clock.advance(60_000);
    const again = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-303-96479125' })).json());
    expect(again.generatedAt).toBe(first.generatedAt);

    // An amendment: new text and a new content hash.
    await ctx.dbh.db
      .updateTable('tender')
      .set({
        description:
          'The estimated contract value is $480,000.00 (taxes included). Bidders must hold ISO 27001 certification.',
        content_hash: 'amended-hash',
      })
      .where('id', '=', 'cb-303-96479125')
      .execute();
    const amended = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-303-96479125' })).json());
    expect(amended.generatedAt).not.toBe(first.generatedAt);
    expect(amended.keyDetails.valueAmount).toBe(480_000);
    expect(amended.keyDetails.value).toBe('$480,000 (estimated value)');
    expect(amended.requirementKinds).toContain('certification');
    expectCitationsHold(amended, await tender('cb-303-96479125'));
  });

  test('summarises tenderData when the id is unknown, citing the text block', async () => {
    const tenderData = [
      'Title: Network penetration testing',
      'The Department of Fisheries and Oceans has a requirement for penetration testing of its network.',
      'The maximum funding available for the contract is $150,000.00 (applicable taxes extra).',
      'The Contractor must carry commercial general liability insurance of $2,000,000 per occurrence.',
      'Personnel must hold a valid Secret clearance. A mandatory site visit will be held on January 8.',
      'Category: SRV',
      'UNSPSC: 81111801',
    ].join('\n');
    const res = await summarise({ tenderId: 'not-in-db', tenderData });
    expect(res.statusCode).toBe(200);
    const s = tenderSummarySchema.parse(res.json());
    expect(s.keyDetails.category).toContain('Services (SRV)');
    expect(s.keyDetails.category).toContain('UNSPSC 81111801');
    expect(s.keyDetails.valueAmount).toBe(150_000); // not the $2,000,000 of insurance
    expect(s.keyDetails.valueKind).toBe('maximum');
    expect(s.requirementKinds).toEqual(expect.arrayContaining(['insurance', 'security', 'site_visit']));
    expect(s.keyDetails.objective).toContain('has a requirement for penetration testing');
    expectCitationsHold(s, { tenderData });
  });

  test('unknown tender without text is a 404; bad input is a 400', async () => {
    const missing = await summarise({ tenderId: 'cb-nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'tender_not_found' });
    for (const body of [
      {},
      { tenderId: '' },
      { tenderId: 'x', locale: 'de' },
      { tenderId: 'x', extra: 1 },
      { tenderId: 'x', tenderData: 5 },
    ]) {
      const res = await summarise(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  test('priority follows the signed-in user’s profile, in plain words', async () => {
    await createConfirmedUser(ctx.dbh, 'cyber@example.ca', 'cyber passphrase 1', clock.now());
    const client = new TestClient(ctx.app);
    const { user } = await client.signIn('cyber@example.ca', 'cyber passphrase 1');
    const saved = await client.post('/api/profile', {
      id: user.id,
      primary_services: ['Cybersecurity'],
      service_regions: ['Ontario'],
      typical_contract_size: '250k-1m',
      government_experience: 'experienced',
      industry: 'it-services',
    });
    expect(saved.statusCode).toBe(200);
    const cyber = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-399-99724605' }, client)).json());
    expect(cyber.recommendation.reason).toContain('Strong fit with your profile');
    expect(cyber.recommendation.reason).toContain('Cybersecurity matches UNSPSC 81111801');
    const oxygen = tenderSummarySchema.parse((await summarise({ tenderId: 'cb-742-63879795' }, client)).json());
    expect(oxygen.recommendation.priority).toBe('Low');
    expect(oxygen.recommendation.reason).toContain('Weak fit');
  });
});
