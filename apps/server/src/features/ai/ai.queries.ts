import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AiLocale, ChatMessage, ChatTenderRef } from '@app/shared/ai';
import {
  CONTRACT_SIZES,
  GOVERNMENT_EXPERIENCE,
  INDUSTRIES,
  PRIMARY_SERVICES,
  SERVICE_REGIONS,
  type Profile,
} from '@app/shared/profile';
import type { Db } from '../../db/database.ts';
import type { SummaryCore } from './tender-analysis.ts';

// All SQL of the BreezeAI slice. Rows are mapped before they leave this file.

// ---------------------------------------------------------------------------------------------
// Stored summaries

export async function findStoredSummary(
  db: Db,
  key: { tenderId: string; locale: AiLocale; provider: string },
): Promise<{ core: SummaryCore; contentHash: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom('tender_summary')
    .select(['summary', 'content_hash', 'created_at'])
    .where('tender_id', '=', key.tenderId)
    .where('locale', '=', key.locale)
    .where('provider', '=', key.provider)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return { core: JSON.parse(row.summary) as SummaryCore, contentHash: row.content_hash, createdAt: row.created_at };
  } catch {
    return undefined; // unreadable: regenerate
  }
}

/** Insert or replace the summary of a tender (the pair tender+locale+provider is the key). */
export async function saveSummary(
  db: Db,
  s: {
    tenderId: string;
    locale: AiLocale;
    provider: string;
    contentHash: string;
    core: SummaryCore;
    createdAt: string;
  },
): Promise<void> {
  const values = {
    tender_id: s.tenderId,
    locale: s.locale,
    provider: s.provider,
    content_hash: s.contentHash,
    summary: JSON.stringify(s.core),
    created_at: s.createdAt,
  };
  await db
    .insertInto('tender_summary')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['tender_id', 'locale', 'provider'])
        .doUpdateSet({ content_hash: values.content_hash, summary: values.summary, created_at: values.created_at }),
    )
    .execute();
}

/** The tender's content hash, which changes with every amendment. */
export async function tenderContentHash(db: Db, tenderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('tender').select('content_hash').where('id', '=', tenderId).executeTakeFirst();
  return row?.content_hash;
}

// ---------------------------------------------------------------------------------------------
// Profile (read only; the accounts slice owns writes)

function listOf<T extends string>(allowed: readonly T[], json: string): T[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is T => (allowed as readonly unknown[]).includes(x)) : [];
  } catch {
    return [];
  }
}
const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | null =>
  v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : null;

export type ProfileForFit = Pick<
  Profile,
  | 'primary_services'
  | 'service_regions'
  | 'typical_contract_size'
  | 'industry'
  | 'government_experience'
  | 'company_name'
>;

export async function findProfileForFit(db: Db, userId: string): Promise<ProfileForFit | undefined> {
  const row = await db
    .selectFrom('profile')
    .select([
      'company_name',
      'industry',
      'primary_services',
      'service_regions',
      'government_experience',
      'typical_contract_size',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    company_name: row.company_name,
    industry: oneOf(INDUSTRIES, row.industry),
    primary_services: listOf(PRIMARY_SERVICES, row.primary_services),
    service_regions: listOf(SERVICE_REGIONS, row.service_regions),
    government_experience: oneOf(GOVERNMENT_EXPERIENCE, row.government_experience),
    typical_contract_size: oneOf(CONTRACT_SIZES, row.typical_contract_size),
  };
}

// ---------------------------------------------------------------------------------------------
// Chat sessions and messages

export interface ChatMetadata {
  tenders: ChatTenderRef[];
  /** The tender the conversation is about after this message. */
  focus?: string;
  /** Why the reply came from the offline engine although a model is configured. */
  fallback?: string;
}

export interface StoredChatMessage extends ChatMessage {
  metadata: ChatMetadata;
}

function parseMetadata(json: string): ChatMetadata {
  try {
    const v = JSON.parse(json) as Partial<ChatMetadata>;
    return {
      tenders: Array.isArray(v.tenders) ? v.tenders : [],
      ...(typeof v.focus === 'string' ? { focus: v.focus } : {}),
    };
  } catch {
    return { tenders: [] };
  }
}

export async function createChatSession(db: Db, userId: string, at: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('chat_session')
    .values({ id, user_id: userId, title: null, created_at: at, updated_at: at })
    .execute();
  return id;
}

/** The session when it belongs to the user; another user's session reads as missing. */
export async function findChatSession(db: Db, sessionId: string, userId: string) {
  const row = await db
    .selectFrom('chat_session')
    .select(['id', 'title', 'created_at', 'updated_at'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { sessionId: row.id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** The user's sessions, most recently active first, with their message counts. */
export async function listChatSessions(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom('chat_session as s')
    .leftJoin('chat_message as m', 'm.session_id', 's.id')
    .select([
      's.id',
      's.title',
      's.created_at',
      's.updated_at',
      (eb) => eb.fn.count<number | string | bigint>('m.id').as('messages'),
    ])
    .where('s.user_id', '=', userId)
    .groupBy(['s.id', 's.title', 's.created_at', 's.updated_at'])
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    sessionId: r.id,
    title: r.title,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    messageCount: Number(r.messages),
  }));
}

export async function listChatMessages(db: Db, sessionId: string, limit = 500): Promise<StoredChatMessage[]> {
  const rows = await db
    .selectFrom('chat_message')
    .select(['role', 'message', 'created_at', 'metadata'])
    .where('session_id', '=', sessionId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => {
    const metadata = parseMetadata(r.metadata);
    return {
      role: r.role === 'user' ? 'user' : 'model',
      message: r.message,
      timestamp: r.created_at,
      tenders: metadata.tenders,
      metadata,
    };
  });
}

/**
 * Appends messages in order. The sequence number comes from the table, so two processes
 * answering in the same session cannot interleave silently: the unique index refuses a clash.
 */
export async function appendChatMessages(
  db: Db,
  sessionId: string,
  messages: Array<{ role: 'user' | 'model'; message: string; at: string; metadata: ChatMetadata }>,
  title: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('chat_message')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    let seq = Number(last?.seq ?? 0);
    await trx
      .insertInto('chat_message')
      .values(
        messages.map((m) => ({
          id: randomUUID(),
          session_id: sessionId,
          seq: ++seq,
          role: m.role,
          message: m.message,
          created_at: m.at,
          metadata: JSON.stringify(m.metadata),
        })),
      )
      .execute();
    const at = messages[messages.length - 1]?.at ?? new Date().toISOString();
    await trx
      .updateTable('chat_session')
      .set({ updated_at: at, ...(title ? { title: sql<string>`coalesce(title, ${title})` } : {}) })
      .where('id', '=', sessionId)
      .execute();
  });
}
