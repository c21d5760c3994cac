import { z } from 'zod';
import { emailSchema } from './auth.ts';

// Users per account (issue 7, docs/decisions/0013-exports-and-teams.md). The account that
// subscribes is owned by one user; teammates join it by a mailed, single-use invitation and share
// its plan and its limits.

/** Days an invitation link stays valid. */
export const TEAM_INVITE_TTL_DAYS = 7;

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  /** When the member accepted; null for the owner. */
  joinedAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** GET /api/team: the caller's account, its people and, for the owner, the pending invitations. */
export const teamSchema = z.object({
  /** The caller's role: every user owns their own account until they join another one. */
  role: z.enum(TEAM_ROLES),
  /** The owner first, then the members by join date. */
  members: z.array(teamMemberSchema),
  /** Pending (unaccepted, unrevoked, unexpired) invitations; the owner only sees them, members get []. */
  invites: z.array(teamInviteSchema),
  /** Users of the account (owner included) against the plan's `users` limit (-1: unlimited). */
  users: z.object({ used: z.number().int(), pending: z.number().int(), limit: z.number().int() }),
});
export type Team = z.infer<typeof teamSchema>;

export const teamInviteBodySchema = z.object({ email: emailSchema }).strict();
export type TeamInviteBody = z.infer<typeof teamInviteBodySchema>;

/** The mailed token, sent in a body (never in a URL the server logs). */
export const teamTokenBodySchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();
export type TeamTokenBody = z.infer<typeof teamTokenBodySchema>;

/** POST /api/team/invites/lookup: what the invitation page shows before it is accepted. */
export const teamInvitePreviewSchema = z.object({
  email: z.string(),
  /** The owner's company name, or their email when they have none. */
  teamName: z.string(),
  ownerEmail: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitePreview = z.infer<typeof teamInvitePreviewSchema>;

const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id');
export const teamIdParamsSchema = z.object({ id: idSchema });
export const teamUserParamsSchema = z.object({ userId: idSchema });

/** Messages of the team calls (the web shows its own translation by code). */
export const TEAM_MESSAGES = {
  ownerOnly: "Only the account's owner can do this.",
  inviteSelf: 'You are already on this account.',
  alreadyMember: 'This person is already on your account.',
  inviteNotFound: 'This invitation does not exist or was already used or revoked.',
  memberNotFound: 'This person is not a member of your account.',
  notMember: 'You are not a member of another account.',
  wrongAccount: 'This invitation is for another email address. Sign in with the address it was sent to.',
  inAnotherTeam: 'You are already a member of another account. Leave it before joining this one.',
  ownsTeam: 'Your own account has teammates or pending invitations. Remove them before joining another account.',
  ownSubscription: 'You have your own paid subscription. Cancel it before joining another account.',
  invalidInvite: 'This invitation link is invalid or has expired. Ask for a new one.',
  planManagedByOwner:
    "Your plan is managed by your account's owner ({owner}). Leave the account to choose your own plan.",
} as const;
