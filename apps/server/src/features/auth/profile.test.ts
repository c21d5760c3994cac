import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { CONTRACT_SIZES, PRIMARY_SERVICES, SERVICE_REGIONS } from '@app/shared/profile';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp, testDialect } from '../../../test/build-test-app.ts';
import { findAccountByEmail, insertAccount, markEmailConfirmed } from './auth.queries.ts';

/** Profile rules (spec §3, §5, §9): own profile only, spec values only, onboarding completeness. */
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let alice: TestClient;
let aliceId = '';
let bobId = '';

beforeAll(async () => {
  ctx = await buildTestApp();
  await createConfirmedUser(ctx.dbh, 'alice@example.ca', 'alice passphrase 1');
  await createConfirmedUser(ctx.dbh, 'bob@example.ca', 'bob passphrase 22');
  alice = new TestClient(ctx.app);
  aliceId = (await alice.signIn('alice@example.ca', 'alice passphrase 1')).user.id;
  bobId = (await new TestClient(ctx.app).signIn('bob@example.ca', 'bob passphrase 22')).user.id;
});

describe('profile', () => {
  test('the first sign-in created an empty profile, not onboarded', async () => {
    const res = await alice.get(`/api/profile/${aliceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: aliceId,
      company_name: null,
      company_size: null,
      industry: null,
      primary_services: [],
      service_regions: [],
      government_experience: null,
      typical_contract_size: null,
      onboarding_completed: false,
    });
  });

  test("another user's profile can be neither read (404) nor written (403)", async () => {
    const read = await alice.get(`/api/profile/${bobId}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'profile_not_found' });
    const write = await alice.post('/api/profile', { id: bobId, company_name: 'Hijacked Inc.' });
    expect(write.statusCode).toBe(403);
    const bob = await ctx.dbh.db
      .selectFrom('profile')
      .select('company_name')
      .where('id', '=', bobId)
      .executeTakeFirst();
    expect(bob?.company_name).toBeNull();
  });

  test("without a session: 401 'No authenticated user'", async () => {
    const res = await new TestClient(ctx.app).post('/api/profile', { id: aliceId, company_name: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'No authenticated user' });
    expect((await new TestClient(ctx.app).get(`/api/profile/${aliceId}`)).statusCode).toBe(401);
  });

  test.each([
    ['company_size', '2-5'],
    ['industry', 'IT Services'],
    ['primary_services', ['Software Development', 'Basket Weaving']],
    ['primary_services', ['Cybersecurity', 'Cybersecurity']],
    ['service_regions', ['Ontario', 'Texas']],
    ['service_regions', 'Ontario'],
    ['government_experience', 'guru'],
    ['typical_contract_size', '10m+'],
    ['onboarding_completed', 'yes'],
    ['company_name', 'x'.repeat(201)],
    ['unknown_field', 'value'],
  ])('%s = %j is refused with 400', async (field, value) => {
    const res = await alice.post('/api/profile', { id: aliceId, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  test('every spec §9 value is accepted; partial updates keep other fields', async () => {
    const all = await alice.post('/api/profile', {
      id: aliceId,
      primary_services: [...PRIMARY_SERVICES],
      service_regions: [...SERVICE_REGIONS],
      typical_contract_size: CONTRACT_SIZES[4],
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().service_regions).toHaveLength(13);
    expect(all.json().primary_services).toHaveLength(21);
    const partial = await alice.post('/api/profile', { id: aliceId, company_name: '  Alice & Co  ' });
    expect(partial.json()).toMatchObject({ company_name: 'Alice & Co', typical_contract_size: '5m+' });
    expect(partial.json().primary_services).toHaveLength(21);
  });

  test('onboarding can be marked complete only with every required field', async () => {
    const res = await alice.post('/api/profile', { id: aliceId, onboarding_completed: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'profile_incomplete' });
    expect(res.json().message).toContain('company_size');
    const done = await alice.post('/api/profile', {
      id: aliceId,
      company_size: '1-10',
      industry: 'consulting',
      government_experience: 'none',
      onboarding_completed: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().onboarding_completed).toBe(true);
  });
});

describe('the profile is created at sign-in, never by a GET (spec §4, SECURITY.md A.6)', () => {
  const profileRows = async (id: string) =>
    (await ctx.dbh.db.selectFrom('profile').select('id').where('id', '=', id).execute()).length;

  test('without a stored profile, GET /auth/user answers profile null and GET /profile/:id 404; neither creates it', async () => {
    const user = await createConfirmedUser(ctx.dbh, 'carol@example.ca', 'carol passphrase 3');
    const carol = new TestClient(ctx.app);
    const signedIn = await carol.signIn('carol@example.ca', 'carol passphrase 3');
    expect(signedIn).toMatchObject({ profile: { id: user.id, onboarding_completed: false } });
    expect(await profileRows(user.id)).toBe(1);
    await ctx.dbh.db.deleteFrom('profile').where('id', '=', user.id).execute();

    const me = await carol.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: user.id }, profile: null });
    const read = await carol.get(`/api/profile/${user.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'profile_not_found' });
    expect(await profileRows(user.id)).toBe(0);

    // An explicit POST creates it.
    const created = await carol.post('/api/profile', { id: user.id });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ id: user.id, onboarding_completed: false, company_name: null });
    expect(await profileRows(user.id)).toBe(1);
  });

  test("a profile that cannot be created at sign-in: 500 profile_create_failed 'Failed to create user profile', no session", async () => {
    const user = await createConfirmedUser(ctx.dbh, 'dave@example.ca', 'dave passphrase 44');
    // A real failure of the database, for this user only.
    if (testDialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER refuse_dave BEFORE INSERT ON profile WHEN NEW.id = '${user.id}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        )
        .execute(ctx.dbh.db);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION refuse_dave() RETURNS trigger AS $$ BEGIN IF NEW.id = '${user.id}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
           CREATE TRIGGER refuse_dave BEFORE INSERT ON profile FOR EACH ROW EXECUTE FUNCTION refuse_dave();`,
        )
        .execute(ctx.dbh.db);
    }
    try {
      const dave = new TestClient(ctx.app);
      const res = await dave.post('/api/auth/signin', { email: 'dave@example.ca', password: 'dave passphrase 44' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: 'profile_create_failed',
        error: 'Internal Server Error',
        message: 'Failed to create user profile',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(dave.cookie).toBeUndefined();
      expect(await ctx.dbh.db.selectFrom('session').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    } finally {
      await sql
        .raw(
          testDialect === 'sqlite'
            ? 'DROP TRIGGER refuse_dave'
            : 'DROP TRIGGER refuse_dave ON profile; DROP FUNCTION refuse_dave();',
        )
        .execute(ctx.dbh.db);
    }
    // Once the database accepts it, the same sign-in works and creates the profile.
    await new TestClient(ctx.app).signIn('dave@example.ca', 'dave passphrase 44');
    expect(await profileRows(user.id)).toBe(1);
  });
});

describe('hash upgrade', () => {
  test('a sign-in rehashes a password stored with weaker parameters', async () => {
    const weak = await hash('legacy passphrase', { memoryCost: 12288, timeCost: 3, parallelism: 1 });
    const now = new Date().toISOString();
    const account = await insertAccount(
      ctx.dbh.db,
      { email: 'legacy@example.ca', passwordHash: weak, locale: 'fr' },
      now,
    );
    await markEmailConfirmed(ctx.dbh.db, account!.user.id, now);
    await new TestClient(ctx.app).signIn('legacy@example.ca', 'legacy passphrase');
    const after = await findAccountByEmail(ctx.dbh.db, 'legacy@example.ca');
    expect(after!.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    await new TestClient(ctx.app).signIn('legacy@example.ca', 'legacy passphrase');
  });
});

describe('API documentation', () => {
  test('OpenAPI lists every auth and profile route with its answer shapes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected = {
      '/api/auth/signup': 'post',
      '/api/auth/confirm-email': 'post',
      '/api/auth/resend-confirmation': 'post',
      '/api/auth/signin': 'post',
      '/api/auth/signout': 'post',
      '/api/auth/user': 'get',
      '/api/auth/reset-password': 'post',
      '/api/auth/update-password': 'post',
      '/api/auth/change-password': 'post',
      '/api/auth/change-email': 'post',
      '/api/auth/sessions': 'get',
      '/api/auth/sessions/{id}': 'delete',
      '/api/auth/account': 'delete',
      '/api/profile': 'post',
      '/api/profile/{userId}': 'get',
    };
    for (const [path, method] of Object.entries(expected)) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema, `${method} ${path}`).toBeDefined();
    }
    const signin = doc.paths['/api/auth/signin'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(signin)).toContain('onboarding_completed');
  });
});
