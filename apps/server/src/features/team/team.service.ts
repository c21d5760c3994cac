import { TEAM_INVITE_TTL_DAYS, TEAM_MESSAGES, type Team, type TeamInvitePreview } from '@app/shared/team';
import type { Locale } from '@app/shared/auth';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { consume } from '../../lib/rate-limit.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { planLimitReached, type MessageLocale } from '../billing/billing.limits.ts';
import type { BillingService, Entitlement } from '../billing/billing.service.ts';
import {
  countMembers,
  countPendingInvites,
  deleteMember,
  ensureTeam,
  findInviteByTokenHash,
  findMembership,
  findOwnerLabel,
  findTeamByOwner,
  insertInvite,
  insertMember,
  isOnTeam,
  listPendingInvites,
  listPeople,
  lockTeam,
  markInviteAccepted,
  revokeInvite,
  revokePendingInvitesTo,
  type InviteRecord,
} from './team.queries.ts';
import { inviteMail } from './team.mails.ts';
import { insertAuthEvent } from '../auth/auth.queries.ts';

const DAY_MS = 86_400_000;
/** Invitations an owner may send per hour: each one is a mail to an address they typed. */
const INVITE_RATE = { name: 'team-invite', max: 20, windowMs: 3_600_000 };
/** Look-ups and acceptances of invitation tokens per IP per hour (token guessing, SECURITY.md A.5). */
const TOKEN_RATE = { name: 'team-token', max: 30, windowMs: 3_600_000 };

export interface TeamDeps {
  db: Db;
  env: Env;
  now: Clock;
  mailer: Mailer;
  billing: BillingService;
}

export interface Caller {
  id: string;
  email: string;
  locale: Locale;
  /** The language of a refusal's message (the request's). */
  messageLocale?: MessageLocale;
  /** Where the request came from, for the audit trail. */
  ip?: string;
  userAgent?: string | null;
}

/**
 * Team changes are access changes (who may use the owner's account), so each is an `auth_event`
 * row like the account operations (ADR 0006, SECURITY.md A.14): the actor, the team and the
 * person or invitation concerned; an invited address only as its SHA-256.
 */
type TeamEvent =
  'team_invite_sent' | 'team_invite_revoked' | 'team_invite_accepted' | 'team_member_removed' | 'team_member_left';

function audit(
  db: Db,
  caller: Caller,
  type: TeamEvent,
  at: string,
  detail: Record<string, string>,
  emailHash?: string,
) {
  const { id: userId, ip = null, userAgent = null } = caller;
  return insertAuthEvent(db, { type, userId, ip, userAgent, emailHash: emailHash ?? null, detail }, at);
}

const ownerOnly = () => new HttpError(403, 'team_owner_only', TEAM_MESSAGES.ownerOnly);
const invalidInvite = () => badRequest('invalid_token', TEAM_MESSAGES.invalidInvite);

/**
 * Users per account (ADR 0013). Every user owns their own account until they accept an invitation
 * to another one; the owner invites by email (a mailed, single-use, hashed token valid 7 days),
 * lists and removes members, revokes invitations; a member shares the owner's plan, limits and
 * usage, and may leave. The users limit counts the owner, the members and pending invitations.
 */
export function createTeamService(deps: TeamDeps) {
  const { db, env, now, mailer, billing } = deps;

  /**
   * 402 when the account cannot take one more user: the owner, the members and (`countPending`)
   * pending invitations fill the plan. Runs inside the team-locked transaction: it reads through
   * `tx` only (on SQLite the transaction holds the one connection), the entitlement is read before.
   */
  async function assertRoomFor(
    tx: Db,
    ent: Entitlement,
    teamId: string,
    countPending: boolean,
    locale: MessageLocale | undefined,
  ): Promise<void> {
    const at = now().toISOString();
    const members = await countMembers(tx, teamId);
    const pending = countPending ? await countPendingInvites(tx, teamId, at) : 0;
    const limit = ent.effectivePlan.limits.users;
    if (limit !== -1 && 1 + members + pending >= limit) throw planLimitReached(ent, 'users', locale);
  }

  async function view(userId: string): Promise<Team> {
    const membership = await findMembership(db, userId);
    const ownerId = membership?.ownerId ?? userId;
    const at = now().toISOString();
    const team = await findTeamByOwner(db, ownerId);
    const [members, invites, ent] = await Promise.all([
      listPeople(db, ownerId),
      team ? listPendingInvites(db, team.id, at) : Promise.resolve([]),
      billing.ownEntitlement(ownerId),
    ]);
    const isOwner = !membership;
    return {
      role: isOwner ? 'owner' : 'member',
      members,
      invites: isOwner ? invites : [],
      users: { used: members.length, pending: invites.length, limit: ent.effectivePlan.limits.users },
    };
  }

  /** The caller's own account, or 403 when they are a member of someone else's. */
  async function asOwner(userId: string): Promise<void> {
    if (await findMembership(db, userId)) throw ownerOnly();
  }

  async function usableInvite(token: string): Promise<InviteRecord> {
    const invite = await findInviteByTokenHash(db, sha256Hex(token));
    if (!invite || invite.acceptedAt || invite.revokedAt || Date.parse(invite.expiresAt) <= now().getTime()) {
      throw invalidInvite();
    }
    return invite;
  }

  return {
    view,

    async invite(caller: Caller, email: string): Promise<Team> {
      await asOwner(caller.id);
      if (email === caller.email) throw badRequest('team_invite_self', TEAM_MESSAGES.inviteSelf);
      if (await isOnTeam(db, caller.id, email)) throw conflict('team_already_member', TEAM_MESSAGES.alreadyMember);
      const at = now();
      await consume(db, INVITE_RATE, caller.id, at, 'Too many invitations in an hour. Please try again later.');
      const teamId = await ensureTeam(db, caller.id, at.toISOString());
      const ent = await billing.ownEntitlement(caller.id);
      const token = randomToken();
      await db.transaction().execute(async (tx) => {
        await lockTeam(tx, teamId, at.toISOString());
        // A new invitation to the same address replaces the pending one (a resend): it frees its place first.
        await revokePendingInvitesTo(tx, teamId, email, at.toISOString());
        await assertRoomFor(tx, ent, teamId, true, caller.messageLocale);
        await insertInvite(
          tx,
          {
            teamId,
            email,
            tokenHash: sha256Hex(token),
            invitedBy: caller.id,
            expiresAt: new Date(at.getTime() + TEAM_INVITE_TTL_DAYS * DAY_MS).toISOString(),
          },
          at.toISOString(),
        );
        await audit(
          tx,
          caller,
          'team_invite_sent',
          at.toISOString(),
          { teamId },
          sha256Hex(email.trim().toLowerCase()),
        );
      });
      const owner = await findOwnerLabel(db, caller.id);
      const invitee = await db
        .selectFrom('user_account')
        .select('locale')
        .where('email', '=', email)
        .executeTakeFirst();
      // Sent in the background like the account mails; a failure is logged (the owner can invite again: a resend).
      mailer.queue(
        inviteMail({
          to: email,
          locale: invitee?.locale === 'fr' ? 'fr' : invitee ? 'en' : caller.locale,
          teamName: owner?.name ?? caller.email,
          inviterEmail: caller.email,
          // The token travels in the fragment: never sent to a server, never in a log or a Referer.
          link: `${env.PUBLIC_URL}/team/join#token=${token}`,
        }),
      );
      return view(caller.id);
    },

    async revokeInvite(caller: Caller, inviteId: string): Promise<Team> {
      await asOwner(caller.id);
      const team = await findTeamByOwner(db, caller.id);
      const at = now().toISOString();
      if (!team || !(await revokeInvite(db, team.id, inviteId, at))) {
        throw notFound('team_invite_not_found', TEAM_MESSAGES.inviteNotFound);
      }
      await audit(db, caller, 'team_invite_revoked', at, { teamId: team.id, inviteId });
      return view(caller.id);
    },

    async removeMember(caller: Caller, memberId: string): Promise<Team> {
      await asOwner(caller.id);
      const team = await findTeamByOwner(db, caller.id);
      if (!team || !(await deleteMember(db, team.id, memberId))) {
        throw notFound('team_member_not_found', TEAM_MESSAGES.memberNotFound);
      }
      await audit(db, caller, 'team_member_removed', now().toISOString(), { teamId: team.id, memberId });
      return view(caller.id);
    },

    async leave(caller: Caller): Promise<Team> {
      const membership = await findMembership(db, caller.id);
      if (!membership) throw conflict('team_not_member', TEAM_MESSAGES.notMember);
      if (await deleteMember(db, membership.teamId, caller.id)) {
        const detail = { teamId: membership.teamId, ownerId: membership.ownerId };
        await audit(db, caller, 'team_member_left', now().toISOString(), detail);
      }
      return view(caller.id);
    },

    async preview(ip: string, token: string): Promise<TeamInvitePreview> {
      await consume(db, TOKEN_RATE, ip, now(), 'Too many attempts. Please try again later.');
      const invite = await usableInvite(token);
      const owner = await findOwnerLabel(db, invite.ownerId);
      if (!owner) throw invalidInvite();
      return { email: invite.email, teamName: owner.name, ownerEmail: owner.email, expiresAt: invite.expiresAt };
    },

    async accept(caller: Caller, ip: string, token: string): Promise<Team> {
      await consume(db, TOKEN_RATE, ip, now(), 'Too many attempts. Please try again later.');
      const invite = await usableInvite(token);
      if (invite.email !== caller.email)
        throw new HttpError(403, 'team_invite_wrong_account', TEAM_MESSAGES.wrongAccount);
      const membership = await findMembership(db, caller.id);
      if (membership?.ownerId === invite.ownerId) throw conflict('team_already_member', TEAM_MESSAGES.alreadyMember);
      if (membership) throw conflict('team_conflict', TEAM_MESSAGES.inAnotherTeam);
      if (caller.id === invite.ownerId) throw badRequest('team_invite_self', TEAM_MESSAGES.inviteSelf);
      const own = await findTeamByOwner(db, caller.id);
      if (
        own &&
        ((await countMembers(db, own.id)) > 0 || (await countPendingInvites(db, own.id, now().toISOString())) > 0)
      ) {
        throw conflict('team_conflict', TEAM_MESSAGES.ownsTeam);
      }
      // A paid subscription of their own would go on being charged while they use the owner's plan.
      const ownPlan = await billing.ownEntitlement(caller.id);
      if (ownPlan.level === 'subscribed' && ownPlan.subscription.provider === 'stripe') {
        throw conflict('team_conflict', TEAM_MESSAGES.ownSubscription);
      }
      const at = now().toISOString();
      const ownerPlan = await billing.ownEntitlement(invite.ownerId);
      await db.transaction().execute(async (tx) => {
        await lockTeam(tx, invite.teamId, at);
        // This invitation's place was already counted: only the members count against the limit now.
        await assertRoomFor(tx, ownerPlan, invite.teamId, false, caller.messageLocale);
        if (!(await markInviteAccepted(tx, invite.id, caller.id, at))) throw invalidInvite();
        await insertMember(tx, { teamId: invite.teamId, userId: caller.id }, at);
        await audit(tx, { ...caller, ip }, 'team_invite_accepted', at, {
          teamId: invite.teamId,
          inviteId: invite.id,
          ownerId: invite.ownerId,
        });
      });
      return view(caller.id);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
