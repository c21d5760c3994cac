import { beforeAll, describe, expect, test } from 'vitest';
import { recommendationPageSchema } from '@app/shared/ai';
import { createConfirmedUser, createTestClock, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildTenderRow, insertTenders } from '../../../test/factories.ts';

/** GET /api/recommendations: open tenders scored against the profile, with the reasons in words. */
const clock = createTestClock(new Date().toISOString());
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;
let userId = '';

beforeAll(async () => {
  ctx = await buildTestApp({ now: clock.now });
  const now = clock.now();
  const soon = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();
  await insertTenders(ctx.dbh.db, [
    buildTenderRow(
      {
        id: 'cb-r1-cyber-on',
        title: 'TBIPS Cyber Protection',
        unspsc: '81111801',
        unspsc_description: 'Computer or network or internet security',
        region_keys: '|Ontario|',
        regions_of_delivery: JSON.stringify(['Ontario (except NCR)']),
        contracting_entity_province: 'Ontario',
        estimated_value: 120_000,
        closing_date: soon(20),
      },
      now,
    ),
    buildTenderRow(
      {
        id: 'cb-r2-cyber-canada',
        title: 'Cybersecurity awareness training',
        regions_of_delivery: JSON.stringify(['Canada']),
        region_keys: '|Quebec|',
        closing_date: soon(15),
      },
      now,
    ),
    buildTenderRow(
      {
        id: 'cb-r3-bridge-ab',
        title: 'Bridge rehabilitation',
        category_primary: 'CNST',
        category_codes: '|CNST|',
        unspsc: '72141000',
        region_keys: '|Alberta|',
        regions_of_delivery: JSON.stringify(['Alberta']),
        contracting_entity_province: 'Alberta',
        estimated_value: 2_500_000,
        closing_date: soon(25),
      },
      now,
    ),
    buildTenderRow(
      { id: 'cb-r4-closed-cyber', title: 'Cybersecurity closed', unspsc: '81111801', closing_date: soon(-1) },
      now,
    ),
  ]);
  await createConfirmedUser(ctx.dbh, 'reco@example.ca', 'reco passphrase 1', now);
  client = new TestClient(ctx.app);
  userId = (await client.signIn('reco@example.ca', 'reco passphrase 1')).user.id;
});

async function setProfile(fields: Record<string, unknown>) {
  const res = await client.post('/api/profile', { id: userId, ...fields });
  expect(res.statusCode, res.body).toBe(200);
}

async function recommendations(qs = '') {
  const res = await client.get(`/api/recommendations${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return recommendationPageSchema.parse(res.json());
}

describe('GET /api/recommendations', () => {
  test('scores open tenders against the profile and explains the score', async () => {
    await setProfile({
      primary_services: ['Cybersecurity'],
      service_regions: ['Ontario'],
      typical_contract_size: '50k-250k',
      industry: 'it-services',
      government_experience: 'some',
    });
    const page = await recommendations();
    expect(page.profileComplete).toBe(true);
    const ids = page.results.map((r) => r.id);
    expect(ids[0]).toBe('cb-r1-cyber-on');
    expect(ids).toContain('cb-r2-cyber-canada');
    expect(ids).not.toContain('cb-r3-bridge-ab');
    expect(ids).not.toContain('cb-r4-closed-cyber');
    const top = page.results[0];
    expect(top?.relevanceScore).toBeGreaterThanOrEqual(80);
    expect(top?.reasons).toEqual(
      expect.arrayContaining([
        'Cybersecurity matches UNSPSC 81111801 (Computer or network or internet security)',
        'delivery in Ontario, one of your regions',
        expect.stringContaining('within your typical contract size ($50K - $250K)'),
      ]),
    );
    const second = page.results.find((r) => r.id === 'cb-r2-cyber-canada');
    expect(second?.reasons).toEqual(expect.arrayContaining(['open to suppliers across Canada']));
    expect(second!.relevanceScore).toBeLessThan(top!.relevanceScore);
  });

  test('changes when the profile changes', async () => {
    await setProfile({
      primary_services: ['Infrastructure'],
      service_regions: ['Alberta'],
      typical_contract_size: '1m-5m',
      industry: 'construction',
    });
    const page = await recommendations();
    expect(page.results.map((r) => r.id)).toEqual(['cb-r3-bridge-ab']);
    expect(page.results[0]?.reasons).toEqual(expect.arrayContaining(['delivery in Alberta, one of your regions']));
    const fr = await recommendations('?locale=fr');
    expect(fr.results[0]?.reasons).toEqual(expect.arrayContaining(['livraison en Alberta, l’une de vos régions']));
  });

  test('paginates, refuses bad paging with a 400, and needs a signed-in user', async () => {
    await setProfile({
      primary_services: ['Cybersecurity', 'Infrastructure'],
      service_regions: ['Ontario', 'Alberta'],
    });
    const first = await recommendations('?page=1&limit=1');
    const second = await recommendations('?page=2&limit=1');
    expect(first.total).toBe(3);
    expect(first.results).toHaveLength(1);
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id);
    for (const qs of ['?page=0', '?limit=500', '?page=x', '?locale=de']) {
      expect((await client.get(`/api/recommendations${qs}`)).statusCode).toBe(400);
    }
    expect((await new TestClient(ctx.app).get('/api/recommendations')).statusCode).toBe(401);
  });

  test('an empty profile says so instead of inventing a fit', async () => {
    await setProfile({ primary_services: [], service_regions: [] });
    const page = await recommendations();
    expect(page.profileComplete).toBe(false);
  });
});
