import { randomUUID } from 'node:crypto';
import type { Locale, SessionInfo, User } from '@app/shared/auth';
import type { Db, UserAccountTable } from '../../db/database.ts';

/** A user as the server sees it: the public user plus the password hash, which never leaves the server. */
export interface Account {
  user: User;
  passwordHash: string;
}

export type TokenPurpose = 'confirm' | 'reset' | 'email_change';

export interface EmailToken {
  userId: string;
  purpose: TokenPurpose;
  newEmail: string | null;
  expiresAt: string;
  usedAt: string | null;
}

export interface StoredSession {
  id: string; // sha256 of the token
  publicId: string;
  userId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

const toLocale = (v: string): Locale => (v === 'fr' ? 'fr' : 'en');

function toAccount(
  row: Pick<UserAccountTable, 'id' | 'email' | 'email_confirmed_at' | 'locale' | 'created_at' | 'password_hash'>,
): Account {
  return {
    user: {
      id: row.id,
      email: row.email,
      email_confirmed_at: row.email_confirmed_at,
      locale: toLocale(row.locale),
      created_at: row.created_at,
    },
    passwordHash: row.password_hash,
  };
}

// ── accounts ────────────────────────────────────────────────────────────────────────────────

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const row = await db.selectFrom('user_account').selectAll().where('email', '=', email).executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  const row = await db.selectFrom('user_account').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** Inserts an unconfirmed account; undefined when the email is taken (a concurrent sign-up). */
export async function insertAccount(
  db: Db,
  input: { email: string; passwordHash: string; locale: Locale },
  nowIso: string,
): Promise<Account | undefined> {
  const row = {
    id: randomUUID(),
    email: input.email,
    email_confirmed_at: null,
    password_hash: input.passwordHash,
    locale: input.locale,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const result = await db
    .insertInto('user_account')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? toAccount(row) : undefined;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, nowIso: string): Promise<void> {
  await db
    .updateTable('user_account')
    .set({ password_hash: passwordHash, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailConfirmed(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('user_account')
    .set({ email_confirmed_at: nowIso, updated_at: nowIso })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

/** Switches the address; false when another account took it in the meantime. */
export async function changeAccountEmail(db: Db, userId: string, email: string, nowIso: string): Promise<boolean> {
  const taken = await db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) return taken.id === userId;
  await db
    .updateTable('user_account')
    .set({ email, email_confirmed_at: nowIso, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
  return true;
}

/** Deletes the account; sessions, tokens and the profile go with it (foreign keys cascade). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('session').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_token').where('user_id', '=', userId).execute();
    await trx.deleteFrom('profile').where('id', '=', userId).execute();
    await trx.deleteFrom('user_account').where('id', '=', userId).execute();
  });
}

// ── mailed tokens ─────────────────────────────────────────────────────────────────────────────

export async function insertEmailToken(
  db: Db,
  input: { hash: string; userId: string; purpose: TokenPurpose; newEmail?: string | null; expiresAt: string },
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('email_token')
    .values({
      hash: input.hash,
      user_id: input.userId,
      purpose: input.purpose,
      new_email: input.newEmail ?? null,
      created_at: nowIso,
      expires_at: input.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findEmailToken(db: Db, hash: string): Promise<EmailToken | undefined> {
  const row = await db.selectFrom('email_token').selectAll().where('hash', '=', hash).executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      purpose: row.purpose as TokenPurpose,
      newEmail: row.new_email,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    }
  );
}

/** Marks a token used; false if it was already used (two requests racing with one link). */
export async function useEmailToken(db: Db, hash: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('email_token')
    .set({ used_at: nowIso })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every unused token of a purpose for a user: a newer link or a password change voids older links. */
export async function voidEmailTokens(db: Db, userId: string, purposes: TokenPurpose[], nowIso: string): Promise<void> {
  await db
    .updateTable('email_token')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

// ── sessions ────────────────────────────────────────────────────────────────────────────────

export async function insertSession(db: Db, session: StoredSession): Promise<void> {
  await db
    .insertInto('session')
    .values({
      id: session.id,
      public_id: session.publicId,
      user_id: session.userId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findSession(db: Db, id: string): Promise<StoredSession | undefined> {
  const row = await db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    row && {
      id: row.id,
      publicId: row.public_id,
      userId: row.user_id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      ip: row.ip,
      userAgent: row.user_agent,
    }
  );
}

export async function touchSession(db: Db, id: string, nowIso: string): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: nowIso }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', id).execute();
}

/** Ends a user's sessions, all of them or all but one. */
export async function deleteUserSessions(db: Db, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('session').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserSessionByPublicId(
  db: Db,
  userId: string,
  publicId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('session')
    .select('id')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  if (!row) return undefined;
  await deleteSession(db, row.id);
  return row.id;
}

export async function listUserSessions(
  db: Db,
  userId: string,
  currentId: string,
  idleMs: number,
): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom('session')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.public_id,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    expires_at: r.expires_at,
    idle_expires_at: new Date(Math.min(Date.parse(r.last_seen_at) + idleMs, Date.parse(r.expires_at))).toISOString(),
    ip: r.ip,
    user_agent: r.user_agent,
    current: r.id === currentId,
  }));
}

// ── audit ───────────────────────────────────────────────────────────────────────────────────

export interface AuthEventInput {
  type: string;
  userId?: string | null;
  emailHash?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, string | number | boolean> | null;
}

export async function insertAuthEvent(db: Db, event: AuthEventInput, nowIso: string): Promise<void> {
  await db
    .insertInto('auth_event')
    .values({
      id: randomUUID(),
      user_id: event.userId ?? null,
      email_hash: event.emailHash ?? null,
      type: event.type,
      ip: event.ip ?? null,
      user_agent: event.userAgent?.slice(0, 300) ?? null,
      at: nowIso,
      detail: event.detail ? JSON.stringify(event.detail) : null,
    })
    .execute();
}

export async function listAuthEvents(
  db: Db,
  userId?: string,
): Promise<
  Array<{
    type: string;
    userId: string | null;
    ip: string | null;
    at: string;
    detail: string | null;
    emailHash: string | null;
  }>
> {
  let query = db.selectFrom('auth_event').selectAll().orderBy('at').orderBy('id');
  if (userId) query = query.where('user_id', '=', userId);
  const rows = await query.execute();
  return rows.map((r) => ({
    type: r.type,
    userId: r.user_id,
    ip: r.ip,
    at: r.at,
    detail: r.detail,
    emailHash: r.email_hash,
  }));
}
