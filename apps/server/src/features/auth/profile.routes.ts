import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@app/shared/errors';
import { missingOnboardingFields, profileSchema, profileUpdateSchema, userIdSchema } from '@app/shared/profile';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Sessions } from './auth.sessions.ts';
import { ensureProfile, findProfile, updateProfile } from './profile.queries.ts';

const tags = ['profile'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** Profile (spec §3, §7): each user reads and writes only their own. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock; sessions: Sessions }> = async (app, deps) => {
  const { db, now, sessions } = deps;

  app.get(
    '/profile/:userId',
    {
      schema: {
        tags,
        security,
        summary: "Your profile (another user's id answers 404)",
        description:
          'Read only: 404 profile_not_found when you have none yet (sign-in creates it; so does POST /api/profile).',
        params: z.object({ userId: userIdSchema }),
        response: { 200: profileSchema, ...errors(401, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const profile = req.params.userId === account.user.id ? await findProfile(db, account.user.id) : undefined;
      if (!profile) throw notFound('profile_not_found', 'Profile not found');
      return profile;
    },
  );

  app.post(
    '/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Create or update your profile: the id plus any profile fields',
        description:
          'Values must be those of spec §9. Setting onboarding_completed to true requires every onboarding field ' +
          "(400 profile_incomplete otherwise). Another user's id answers 403.",
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors(400, 401, 403, 415) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const { id, ...fields } = req.body;
      if (id !== account.user.id) throw forbidden('You can only update your own profile');
      if (fields.onboarding_completed === true) {
        const current = await ensureProfile(db, id, now().toISOString());
        const merged = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
        const missing = missingOnboardingFields(merged);
        if (missing.length > 0)
          throw badRequest('profile_incomplete', `Complete these fields first: ${missing.join(', ')}`);
      }
      return updateProfile(db, id, fields, now().toISOString());
    },
  );
};
