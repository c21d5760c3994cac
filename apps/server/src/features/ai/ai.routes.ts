import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_LOCALES,
  chatMessageInputSchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatSessionCreatedSchema,
  chatSessionIdSchema,
  chatSessionListQuerySchema,
  chatSessionListSchema,
  chatSessionSchema,
  generateSummaryInputSchema,
  recommendationPageSchema,
  recommendationQuerySchema,
  tenderSummarySchema,
  type AiLocale,
  type TenderSummary,
} from '@app/shared/ai';
import { errorBodySchema } from '@app/shared/errors';
import type { Tender } from '@app/shared/tender';
import type { DbHandle } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { Sessions } from '../auth/auth.sessions.ts';
import { listPlans } from '../billing/billing.queries.ts';
import { findTender } from '../tenders/tenders.queries.ts';
import { searchTenders } from '../tenders/search/search.ts';
import {
  appendChatMessages,
  createChatSession,
  findChatSession,
  findProfileForFit,
  findStoredSummary,
  listChatMessages,
  listChatSessions,
  saveSummary,
  tenderContentHash,
  type ProfileForFit,
} from './ai.queries.ts';
import type { ChatTools, LanguageModel } from './language-model.ts';
import { computePriority } from './priority.ts';
import { scoreFit } from './profile-fit.ts';
import { recommendTenders } from './recommendations.ts';
import { analyzeTender, fitInputOf, sourceFromTender, sourceFromText, type SummaryCore } from './tender-analysis.ts';

const security = [{ sessionCookie: [] }];
const EMPTY_PROFILE: ProfileForFit = {
  company_name: null,
  industry: null,
  primary_services: [],
  service_regions: [],
  government_experience: null,
  typical_contract_size: null,
};
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

export interface AiRouteDeps {
  dbh: DbHandle;
  sessions: Sessions;
  model: LanguageModel;
  now: Clock;
  /**
   * Counts one search against the caller's plan, or throws 402 plan_limit_reached (billing). A
   * chat message that searches tenders counts one search, however many look-ups its answer
   * makes; a message that searches nothing (a question about a tender, a summary) counts none.
   */
  countSearch?: (req: FastifyRequest, userId: string) => Promise<unknown>;
}

/** BreezeAI (issue 6): tender summaries, chat sessions, recommendations. */
export const aiRoutes: FastifyPluginAsyncZod<AiRouteDeps> = async (app, { dbh, sessions, model, now, countSearch }) => {
  const { db } = dbh;

  const userOf = async (req: FastifyRequest) => (await sessions.current(req))?.account.user;

  /** Stored summary for the tender, regenerated when missing, from another provider, or the tender changed. */
  async function summaryCore(
    tender: Tender,
    locale: AiLocale,
  ): Promise<{ core: SummaryCore; provider: string; generatedAt: string }> {
    const [stored, hash] = await Promise.all([
      findStoredSummary(db, { tenderId: tender.id, locale, provider: model.name }),
      tenderContentHash(db, tender.id),
    ]);
    if (stored && hash && stored.contentHash === hash)
      return { core: stored.core, provider: model.name, generatedAt: stored.createdAt };
    const out = await model.summarize(sourceFromTender(tender, locale), locale);
    const generatedAt = now().toISOString();
    // A fallback answer is not stored under the model's name, so the model is tried again next time.
    if (hash && !out.fallback) {
      await saveSummary(db, {
        tenderId: tender.id,
        locale,
        provider: out.provider,
        contentHash: hash,
        core: out.core,
        createdAt: generatedAt,
      });
    }
    return { core: out.core, provider: out.provider, generatedAt };
  }

  app.post(
    '/ai/generateTenderSummary',
    {
      schema: {
        tags: ['ai'],
        summary: 'BreezeAI summary of a tender, with citations (spec §7)',
        description:
          'Uses the stored tender when tenderId exists, else the tenderData text block (404 tender_not_found when neither). ' +
          'Each citation gives the field, the character offsets and the quoted text. The priority uses the signed-in ' +
          "user's profile when there is one. Stored per tender and locale; regenerated when the tender changes.",
        body: generateSummaryInputSchema,
        response: { 200: tenderSummarySchema, ...errors(400, 404, 415) },
      },
    },
    async (req) => {
      const { tenderId, tenderData, locale } = req.body;
      const at = now();
      const tender = await findTender(db, tenderId, at);
      let core: SummaryCore;
      let provider: string;
      let generatedAt: string;
      let fitInput;
      if (tender) {
        ({ core, provider, generatedAt } = await summaryCore(tender, locale));
        fitInput = fitInputOf(tender);
      } else if (tenderData?.trim()) {
        const source = sourceFromText(tenderData);
        const out = await model.summarize(source, locale);
        ({ core, provider } = out);
        generatedAt = at.toISOString();
        fitInput = source.fit;
      } else {
        throw notFound('tender_not_found', 'Tender not found; send its text as tenderData to summarise it anyway');
      }
      const user = await userOf(req);
      const profile = user ? await findProfileForFit(db, user.id) : undefined;
      const usable = profile && (profile.primary_services.length > 0 || profile.service_regions.length > 0);
      const fit = usable ? scoreFit(fitInput, profile, locale) : null;
      const recommendation = computePriority({
        facts: core.facts,
        closingDate: tender?.closing_date ?? null,
        now: at,
        fit,
        locale,
      });
      const { facts: _facts, ...rest } = core;
      const summary: TenderSummary = { ...rest, recommendation, provider, generatedAt, locale };
      return summary;
    },
  );

  app.get(
    '/recommendations',
    {
      schema: {
        tags: ['ai'],
        security,
        summary: 'Open tenders that fit your profile, with a relevance score (0-100) and the reasons in words',
        querystring: recommendationQuerySchema.extend({ locale: z.enum(AI_LOCALES).optional() }),
        response: { 200: recommendationPageSchema, ...errors(400, 401) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const profile = (await findProfileForFit(db, account.user.id)) ?? EMPTY_PROFILE;
      const locale = req.query.locale ?? account.user.locale;
      return recommendTenders(dbh, profile, { page: req.query.page, limit: req.query.limit, locale, now: now() });
    },
  );

  // -------------------------------------------------------------------------------------------
  // Chat

  const sessionParams = z.object({ sessionId: chatSessionIdSchema });

  app.post(
    '/chat/session',
    {
      schema: {
        tags: ['chat'],
        security,
        summary: 'Start a chat session',
        body: z.object({}).strict().optional(),
        response: { 200: chatSessionCreatedSchema, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      return { sessionId: await createChatSession(db, account.user.id, now().toISOString()) };
    },
  );

  app.get(
    '/chat/sessions',
    {
      schema: {
        tags: ['chat'],
        security,
        summary: 'Your chat sessions, most recently active first (without their messages)',
        description: 'The chat tab reopens the first one after a reload. `limit` 1-100, default 20.',
        querystring: chatSessionListQuerySchema,
        response: { 200: chatSessionListSchema, ...errors(400, 401) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      return { sessions: await listChatSessions(db, account.user.id, req.query.limit) };
    },
  );

  app.get(
    '/chat/session/:sessionId/messages',
    {
      schema: {
        tags: ['chat'],
        security,
        summary: 'The messages of one of your chat sessions, oldest first (another user’s session answers 404)',
        params: sessionParams,
        response: { 200: chatMessageListSchema, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const session = await findChatSession(db, req.params.sessionId, account.user.id);
      if (!session) throw notFound('chat_session_not_found', 'Chat session not found');
      const messages = await listChatMessages(db, session.sessionId);
      return { sessionId: session.sessionId, messages: messages.map(({ metadata: _m, ...m }) => m) };
    },
  );

  app.get(
    '/chat/session/:sessionId',
    {
      schema: {
        tags: ['chat'],
        security,
        summary: 'A chat session with its messages, oldest first (another user’s session answers 404)',
        params: sessionParams,
        response: { 200: chatSessionSchema, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const session = await findChatSession(db, req.params.sessionId, account.user.id);
      if (!session) throw notFound('chat_session_not_found', 'Chat session not found');
      const messages = await listChatMessages(db, session.sessionId);
      return { ...session, messages: messages.map(({ metadata: _m, ...m }) => m) };
    },
  );

  app.post(
    '/chat/session/:sessionId/message',
    {
      schema: {
        tags: ['chat'],
        security,
        summary: 'Send a message; the answer is the model’s reply',
        description: 'Markdown; every tender named is linked as [Title](/tender-notice/{id}) and listed in `tenders`.',
        params: sessionParams,
        body: chatMessageInputSchema,
        response: { 200: chatMessageSchema, ...errors(400, 401, 402, 403, 404, 415) },
      },
    },
    async (req, reply) => {
      const { account } = await sessions.require(req, reply);
      const session = await findChatSession(db, req.params.sessionId, account.user.id);
      if (!session) throw notFound('chat_session_not_found', 'Chat session not found');
      const locale = req.body.locale ?? account.user.locale;
      const at = now();
      const history = await listChatMessages(db, session.sessionId, 40);
      let profile: Promise<ProfileForFit | undefined> | undefined;
      let counted: Promise<unknown> | undefined;
      const tools: ChatTools = {
        searchTenders: async (q, limit = 5) => {
          await (counted ??= countSearch?.(req, account.user.id) ?? Promise.resolve());
          return searchTenders(dbh, { q, limit: Math.min(10, limit), offset: 0, parse_query: true }, at);
        },
        getTender: (id) => findTender(db, id, at),
        getProfile: () => (profile ??= findProfileForFit(db, account.user.id)),
        recommend: async (limit = 5) => {
          const p = (await (profile ??= findProfileForFit(db, account.user.id))) ?? EMPTY_PROFILE;
          return recommendTenders(dbh, p, { page: 1, limit: Math.min(10, limit), locale, now: at });
        },
        listPlans: () => listPlans(db),
        analyze: (t) => analyzeTender(sourceFromTender(t, locale), locale),
      };
      const answer = await model.chat({ history, message: req.body.message, locale, now: at, tools });
      const answeredAt = new Date(Math.max(now().getTime(), at.getTime() + 1)).toISOString();
      await appendChatMessages(
        db,
        session.sessionId,
        [
          { role: 'user', message: req.body.message, at: at.toISOString(), metadata: { tenders: [] } },
          {
            role: 'model',
            message: answer.message,
            at: answeredAt,
            metadata: {
              tenders: answer.tenders,
              ...(answer.focus ? { focus: answer.focus } : {}),
              ...(answer.fallback ? { fallback: answer.fallback } : {}),
            },
          },
        ],
        history.length === 0 ? req.body.message.slice(0, 80) : null,
      );
      return { role: 'model' as const, message: answer.message, timestamp: answeredAt, tenders: answer.tenders };
    },
  );
};
