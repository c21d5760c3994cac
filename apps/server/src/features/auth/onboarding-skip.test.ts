import { beforeAll, expect, test } from 'vitest';
import { authStateSchema } from '@app/shared/auth';
import { profileSchema } from '@app/shared/profile';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';

/**
 * Onboarding's 'Skip for now, I'll complete this later' (spec §2): the choice is stored on the
 * profile, so the onboarding guard lets the user in with an incomplete profile, on every device.
 */
const PASSWORD = 'correct horse battery staple 42';
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;
let userId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  await createConfirmedUser(ctx.dbh, 'skipper@example.com', PASSWORD);
  client = new TestClient(ctx.app);
  userId = (await client.signIn('skipper@example.com', PASSWORD)).user.id;
});

test('a new profile is neither completed nor skipped', async () => {
  const res = await client.get('/api/auth/user');
  expect(authStateSchema.parse(res.json()).profile).toMatchObject({
    onboarding_completed: false,
    onboarding_skipped: false,
  });
});

test('skipping is stored, kept across sign-ins, and leaves the profile incomplete', async () => {
  const res = await client.post('/api/profile', { id: userId, onboarding_skipped: true });
  expect(res.statusCode, res.body).toBe(200);
  expect(profileSchema.parse(res.json())).toMatchObject({ onboarding_skipped: true, onboarding_completed: false });
  const row = await ctx.dbh.db
    .selectFrom('profile')
    .select('onboarding_skipped')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(row.onboarding_skipped).toBe(1);

  const again = new TestClient(ctx.app);
  const state = authStateSchema.parse(await again.signIn('skipper@example.com', PASSWORD));
  expect(state.profile).toMatchObject({ onboarding_skipped: true, onboarding_completed: false, company_name: null });
});

test('completing later still needs every onboarding field', async () => {
  const refused = await client.post('/api/profile', { id: userId, onboarding_completed: true });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ code: 'profile_incomplete' });

  const done = await client.post('/api/profile', {
    id: userId,
    company_name: 'Skipper Ltd.',
    company_size: '1-10',
    industry: 'consulting',
    primary_services: ['Business Consulting'],
    service_regions: ['Yukon'],
    government_experience: 'none',
    typical_contract_size: 'under-50k',
    onboarding_completed: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ onboarding_completed: true, company_name: 'Skipper Ltd.' });
});

test('onboarding_skipped must be a boolean', async () => {
  const res = await client.post('/api/profile', { id: userId, onboarding_skipped: 'yes' });
  expect(res.statusCode).toBe(400);
});
