import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/errors';
import {
  teamIdParamsSchema,
  teamInviteBodySchema,
  teamInvitePreviewSchema,
  teamSchema,
  teamTokenBodySchema,
  teamUserParamsSchema,
} from '@app/shared/team';
import type { Sessions } from '../auth/auth.sessions.ts';
import { messageLocaleOf } from '../billing/billing.limits.ts';
import type { TeamService } from './team.service.ts';

const tags = ['team'];
const security = [{ sessionCookie: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** Users per account (issue 7, ADR 0013): the account's people, invitations, acceptance, removal. */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService; sessions: Sessions }> = async (
  app,
  { team, sessions },
) => {
  const caller = async (req: FastifyRequest, reply: FastifyReply) => ({
    ...(await sessions.require(req, reply)).account.user,
    messageLocale: messageLocaleOf(req),
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
  });

  app.get(
    '/team',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's account: its owner and members, the owner's pending invitations, users against the plan's limit",
        response: { 200: teamSchema, ...errors(401) },
      },
    },
    async (req, reply) => team.view((await caller(req, reply)).id),
  );

  app.post(
    '/team/invites',
    {
      schema: {
        tags,
        security,
        summary: 'Invite a teammate by email (owner only): a single-use link valid 7 days is mailed',
        description:
          "The owner, the members and pending invitations count against the plan's `users` limit: beyond it, 402 plan_limit_reached. " +
          'Inviting an address again replaces its pending invitation (a resend). 403 team_owner_only for a member, ' +
          '400 team_invite_self, 409 team_already_member, 429 beyond 20 invitations an hour.',
        body: teamInviteBodySchema,
        response: { 200: teamSchema, ...errors(400, 401, 402, 403, 409, 415, 429) },
      },
    },
    async (req, reply) => team.invite(await caller(req, reply), req.body.email),
  );

  app.delete(
    '/team/invites/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a pending invitation (owner only)',
        params: teamIdParamsSchema,
        response: { 200: teamSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => team.revokeInvite(await caller(req, reply), req.params.id),
  );

  app.delete(
    '/team/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member (owner only): they go back to their own plan',
        params: teamUserParamsSchema,
        response: { 200: teamSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => team.removeMember(await caller(req, reply), req.params.userId),
  );

  app.post(
    '/team/leave',
    {
      schema: {
        tags,
        security,
        summary: 'Leave the account you are a member of: you go back to your own plan',
        response: { 200: teamSchema, ...errors(401, 409) },
      },
    },
    async (req, reply) => team.leave(await caller(req, reply)),
  );

  app.post(
    '/team/invites/lookup',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (the invitation page, signed in or not)',
        description: '400 invalid_token when the link is unknown, used, revoked or expired. Rate-limited per IP.',
        body: teamTokenBodySchema,
        response: { 200: teamInvitePreviewSchema, ...errors(400, 415, 429) },
      },
    },
    async (req) => team.preview(req.ip, req.body.token),
  );

  app.post(
    '/team/invites/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Accept an invitation: the signed-in account must have the invited email',
        description:
          '403 team_invite_wrong_account for another address; 409 team_conflict when the caller is in another account, ' +
          'has teammates of their own or pays for their own subscription; 402 plan_limit_reached when the account is full.',
        body: teamTokenBodySchema,
        response: { 200: teamSchema, ...errors(400, 401, 402, 403, 409, 415, 429) },
      },
    },
    async (req, reply) => team.accept(await caller(req, reply), req.ip, req.body.token),
  );
};
