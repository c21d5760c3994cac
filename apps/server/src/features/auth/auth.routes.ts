import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authStateSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  confirmEmailResultSchema,
  deleteAccountBodySchema,
  emailOnlyBodySchema,
  okSchema,
  sessionListSchema,
  signinBodySchema,
  signinResultSchema,
  signupBodySchema,
  updatePasswordBodySchema,
} from '@app/shared/auth';
import { errorBodySchema } from '@app/shared/errors';
import type { AuthService } from './auth.service.ts';

const tags = ['auth'];
const security = [{ sessionCookie: [] }];
/** Every documented error answer has the one error body. */
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account (unconfirmed) and mail a confirmation link',
        description:
          'Answers the same for a new, an unconfirmed and a taken address. The mail links to `PUBLIC_URL/confirm-email#token=…`; ' +
          'that page calls POST /api/auth/confirm-email. The web then shows /sign-in?confirm-email=true.',
        body: signupBodySchema,
        response: { 200: okSchema, ...errors(400, 403, 415, 429) },
      },
    },
    async (req) => auth.signup(req, req.body),
  );

  app.post(
    '/auth/confirm-email',
    {
      schema: {
        tags,
        summary: 'Confirm an address with the token of a mailed link (sign-up or email change)',
        description: 'Single use; sign-up links last 24 h. Does not sign in.',
        body: confirmEmailBodySchema,
        response: { 200: confirmEmailResultSchema, ...errors(400, 403, 409, 415, 429) },
      },
    },
    async (req) => auth.confirmEmail(req, req.body.token),
  );

  app.post(
    '/auth/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'Mail a new confirmation link to an unconfirmed account',
        description: 'Always the same answer; at most a few mails per address per hour.',
        body: emailOnlyBodySchema,
        response: { 200: okSchema, ...errors(400, 403, 415, 429) },
      },
    },
    async (req) => auth.resendConfirmation(req, req.body.email),
  );

  app.post(
    '/auth/signin',
    {
      schema: {
        tags,
        summary: 'Sign in: sets the session cookie and answers the user and their profile',
        description:
          "401 invalid_credentials 'Invalid email or password' for a wrong password or an unknown address alike; " +
          '403 email_not_confirmed for a right password on an unconfirmed account; 429 rate_limited with Retry-After. ' +
          "The profile is created (empty, onboarding_completed false) when missing; if that fails, 500 profile_create_failed 'Failed to create user profile' and no session.",
        body: signinBodySchema,
        response: { 200: signinResultSchema, ...errors(400, 401, 403, 429, 500) },
      },
    },
    async (req, reply) => auth.signin(req, reply, req.body),
  );

  app.post(
    '/auth/signout',
    {
      schema: {
        tags,
        summary: 'End the current session on the server and clear the cookie',
        response: { 200: okSchema, ...errors(403) },
      },
    },
    async (req, reply) => auth.signout(req, reply),
  );

  app.get(
    '/auth/user',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in user and their profile (null when none is stored), or 401 'No authenticated user'",
        description: 'Read only: it never creates the profile (sign-in and POST /api/profile do).',
        response: { 200: authStateSchema, ...errors(401) },
      },
    },
    async (req, reply) => auth.currentUser(req, reply),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description:
          'Always the same answer. The link is `PUBLIC_URL/update-password#access_token=…`, valid 1 h, single use; ' +
          'a newer link voids older ones.',
        body: emailOnlyBodySchema,
        response: { 200: okSchema, ...errors(400, 403, 415, 429) },
      },
    },
    async (req) => auth.requestReset(req, req.body.email),
  );

  app.post(
    '/auth/update-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link',
        description: 'Ends every session of the account and does not sign in.',
        body: updatePasswordBodySchema,
        response: { 200: okSchema, ...errors(400, 403, 415, 429) },
      },
    },
    async (req) => auth.completeReset(req, req.body),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        security,
        summary: 'Change the password (current one required); rotates the session cookie',
        description:
          'Ends the other sessions unless endOtherSessions is false. 403 wrong_password for a wrong current password.',
        body: changePasswordBodySchema,
        response: { 200: okSchema, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (req, reply) => auth.changePassword(req, reply, req.body),
  );

  app.post(
    '/auth/change-email',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to change the email address (password required)',
        description: 'Mails a confirmation link to the new address; the address changes when that link is confirmed.',
        body: changeEmailBodySchema,
        response: { 200: okSchema, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (req, reply) => auth.changeEmail(req, reply, req.body),
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in user's sessions",
        response: { 200: sessionListSchema, ...errors(401) },
      },
    },
    async (req, reply) => auth.listSessions(req, reply),
  );

  app.delete(
    '/auth/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'End every session but the current one',
        response: { 200: okSchema, ...errors(401, 403) },
      },
    },
    async (req, reply) => auth.endOtherSessions(req, reply),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'End one of your sessions (the current one too: that signs you out)',
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(100)
            .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id'),
        }),
        response: { 200: okSchema, ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => auth.endSession(req, reply, req.params.id),
  );

  app.delete(
    '/auth/account',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the account and all its data (password required)',
        body: deleteAccountBodySchema,
        response: { 200: okSchema, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (req, reply) => auth.deleteAccount(req, reply, req.body.password),
  );
};
