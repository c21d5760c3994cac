import { randomUUID } from 'node:crypto';
import type { TeamInvite, TeamMember } from '@app/shared/team';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

// Users per account (ADR 0013). All SQL of the team slice; billing reads `accountIdOf` to find
// whose plan and counters a user's calls use.

export interface Membership {
  teamId: string;
  ownerId: string;
  joinedAt: string;
}

/** The team the user joined as a member, or undefined (they own their own account). */
export async function findMembership(db: Db, userId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('team_member as m')
    .innerJoin('team as t', 't.id', 'm.team_id')
    .select(['m.team_id', 't.owner_id', 'm.joined_at'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row && { teamId: row.team_id, ownerId: row.owner_id, joinedAt: row.joined_at };
}

/** The account whose plan and usage counters apply to the user: the owner's id for a member, else their own. */
export async function accountIdOf(db: Db, userId: string): Promise<string> {
  return (await findMembership(db, userId))?.ownerId ?? userId;
}

export async function findTeamByOwner(db: Db, ownerId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('team').select('id').where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The owner's team, created on first use (safe under concurrency: owner_id is unique). */
export async function ensureTeam(db: Db, ownerId: string, nowIso: string): Promise<string> {
  await db
    .insertInto('team')
    .values({ id: randomUUID(), owner_id: ownerId, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
  const team = await findTeamByOwner(db, ownerId);
  if (!team) throw new Error(`team of ${ownerId} could not be created`);
  return team.id;
}

/**
 * Takes the team's row lock for the rest of the transaction (PostgreSQL: the UPDATE's row lock;
 * SQLite: the write lock), so counting members and invitations and then adding one is serialised.
 */
export async function lockTeam(tx: Db, teamId: string, nowIso: string): Promise<void> {
  await tx.updateTable('team').set({ updated_at: nowIso }).where('id', '=', teamId).execute();
}

export async function countMembers(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_member')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members of the owner's account, the owner not included (0 when they have no team). */
export async function countMembersOfOwner(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('team_member as m')
    .innerJoin('team as t', 't.id', 'm.team_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every user of an account: the owner first, then the members by join date. */
export async function accountUserIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_member as m')
    .innerJoin('team as t', 't.id', 'm.team_id')
    .select('m.user_id')
    .where('t.owner_id', '=', accountId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
  return [accountId, ...rows.map((r) => r.user_id)];
}

/** Not accepted, not revoked, not expired. */
const pending = (nowIso: string) => (eb: ExpressionBuilder<Database, 'team_invite'>) =>
  eb.and([eb('accepted_at', 'is', null), eb('revoked_at', 'is', null), eb('expires_at', '>', nowIso)]);

export async function countPendingInvites(db: Db, teamId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('team_invite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .where(pending(nowIso))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The owner and the members, with their emails and company names. */
export async function listPeople(db: Db, ownerId: string): Promise<TeamMember[]> {
  const owner = await db
    .selectFrom('user_account as u')
    .leftJoin('profile as p', 'p.id', 'u.id')
    .select(['u.id', 'u.email', 'p.company_name'])
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
  const members = await db
    .selectFrom('team_member as m')
    .innerJoin('team as t', 't.id', 'm.team_id')
    .innerJoin('user_account as u', 'u.id', 'm.user_id')
    .leftJoin('profile as p', 'p.id', 'u.id')
    .select(['u.id', 'u.email', 'p.company_name', 'm.joined_at'])
    .where('t.owner_id', '=', ownerId)
    .orderBy('m.joined_at')
    .orderBy('u.email')
    .execute();
  const companyName = (v: string | null) => (v?.trim() ? v.trim() : null);
  return [
    ...(owner
      ? [
          {
            userId: owner.id,
            email: owner.email,
            companyName: companyName(owner.company_name),
            role: 'owner' as const,
            joinedAt: null,
          },
        ]
      : []),
    ...members.map((m) => ({
      userId: m.id,
      email: m.email,
      companyName: companyName(m.company_name),
      role: 'member' as const,
      joinedAt: m.joined_at,
    })),
  ];
}

export async function listPendingInvites(db: Db, teamId: string, nowIso: string): Promise<TeamInvite[]> {
  const rows = await db
    .selectFrom('team_invite')
    .select(['id', 'email', 'created_at', 'expires_at'])
    .where('team_id', '=', teamId)
    .where(pending(nowIso))
    .orderBy('created_at')
    .orderBy('email')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.created_at, expiresAt: r.expires_at }));
}

/** Revokes the team's pending invitations to `email` (a new invitation replaces them). */
export async function revokePendingInvitesTo(db: Db, teamId: string, email: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('team_invite')
    .set({ revoked_at: nowIso })
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertInvite(
  db: Db,
  input: { teamId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: string },
  nowIso: string,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('team_invite')
    .values({
      id,
      team_id: input.teamId,
      email: input.email,
      token_hash: input.tokenHash,
      invited_by: input.invitedBy,
      created_at: nowIso,
      expires_at: input.expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .execute();
  return id;
}

/** A pending invitation of the team, by id (revoke). */
export async function revokeInvite(db: Db, teamId: string, inviteId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ revoked_at: nowIso })
    .where('id', '=', inviteId)
    .where('team_id', '=', teamId)
    .where(pending(nowIso))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface InviteRecord {
  id: string;
  teamId: string;
  ownerId: string;
  email: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

export async function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InviteRecord | undefined> {
  const row = await db
    .selectFrom('team_invite as i')
    .innerJoin('team as t', 't.id', 'i.team_id')
    .select(['i.id', 'i.team_id', 't.owner_id', 'i.email', 'i.expires_at', 'i.accepted_at', 'i.revoked_at'])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      teamId: row.team_id,
      ownerId: row.owner_id,
      email: row.email,
      expiresAt: row.expires_at,
      acceptedAt: row.accepted_at,
      revokedAt: row.revoked_at,
    }
  );
}

/** Marks a pending invitation used; false when it was used, revoked or expired meanwhile (single use). */
export async function markInviteAccepted(db: Db, inviteId: string, userId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ accepted_at: nowIso, accepted_by: userId })
    .where('id', '=', inviteId)
    .where(pending(nowIso))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertMember(db: Db, input: { teamId: string; userId: string }, nowIso: string): Promise<void> {
  await db
    .insertInto('team_member')
    .values({ team_id: input.teamId, user_id: input.userId, joined_at: nowIso })
    .execute();
}

export async function deleteMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_member')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** True when the email belongs to an account that is the owner or a member of the owner's team. */
export async function isOnTeam(db: Db, ownerId: string, email: string): Promise<boolean> {
  const people = await listPeople(db, ownerId);
  return people.some((p) => p.email === email);
}

/** The owner's display name for invitation mails and pages: company name, else email. */
export async function findOwnerLabel(db: Db, ownerId: string): Promise<{ email: string; name: string } | undefined> {
  const row = await db
    .selectFrom('user_account as u')
    .leftJoin('profile as p', 'p.id', 'u.id')
    .select(['u.email', 'p.company_name'])
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
  return row && { email: row.email, name: row.company_name?.trim() || row.email };
}
