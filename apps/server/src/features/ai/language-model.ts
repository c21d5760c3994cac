import type { FastifyBaseLogger } from 'fastify';
import type { AiLocale, ChatTenderRef, RecommendationPage } from '@app/shared/ai';
import type { RfpAnalysis } from '@app/shared/rfp';
import type { SearchResponse, Tender } from '@app/shared/tender';
import type { Env } from '../../env.ts';
import { HttpError } from '../../lib/errors.ts';
import type { ProfileForFit, StoredChatMessage } from './ai.queries.ts';
import { offlineChat } from './offline-chat.ts';
import { createOpenAiModel } from './openai-model.ts';
import { analyzeTender, type SummaryCore, type SummarySource } from './tender-analysis.ts';

/**
 * One interface, two providers (DESIGN.md "Intelligence", ADR 0007): the offline engine
 * (default, deterministic, no network) and any OpenAI-compatible endpoint. The model provider
 * is wrapped so that any failure (timeout, HTTP error, malformed reply) answers with the
 * offline engine and logs why.
 */

/** What chat can look up: the same search and tender look-ups a user can run. */
export interface ChatTools {
  searchTenders(query: string, limit?: number): Promise<SearchResponse>;
  getTender(id: string): Promise<Tender | undefined>;
  getProfile(): Promise<ProfileForFit | undefined>;
  /** The open tenders that fit the user's profile best, with scores and reasons (Recommended for You). */
  recommend(limit?: number): Promise<RecommendationPage>;
  /** Breeze's plans as the database holds them (prices in cents). */
  listPlans(): Promise<
    Array<{ id: string; name: string; description: string; priceMonthly: number; priceYearly: number }>
  >;
  /** The offline analysis of a tender (objective, value, requirements with citations). */
  analyze(tender: Tender): SummaryCore;
}

export interface ChatTurnInput {
  history: StoredChatMessage[];
  message: string;
  locale: AiLocale;
  now: Date;
  tools: ChatTools;
}

export interface ChatTurnOutput {
  message: string;
  tenders: ChatTenderRef[];
  focus?: string;
  provider: string;
  /** Set when a configured model failed and the offline engine answered. */
  fallback?: string;
}

export interface SummaryOutput {
  core: SummaryCore;
  provider: string;
  fallback?: string;
}

/** A document to analyse (RFP analysis, issue 8, ADR 0008). */
export interface DocumentInput {
  /** Text of each page in reading order, index 0 = page 1 (text layer, or OCR). */
  pages: string[];
  filename: string;
  /**
   * The offline engine's analysis of the same pages (the RFP slice's rules, every item cited):
   * the offline provider's answer, the base a model's answer is merged into, and the fallback.
   */
  offline: () => RfpAnalysis;
}

export interface DocumentOutput {
  /** The analysis in the spec's Analysis result shape; `engine` names what produced it. */
  analysis: RfpAnalysis;
  provider: string;
  /** Set when a configured model failed and the offline analysis answered. */
  fallback?: string;
  /** Items the model cited with a quote that is not on the cited page: dropped. */
  droppedCitations?: number;
}

export interface LanguageModel {
  /** `offline`, or the configured model's name. */
  readonly name: string;
  summarize(source: SummarySource, locale: AiLocale): Promise<SummaryOutput>;
  chat(input: ChatTurnInput): Promise<ChatTurnOutput>;
  /** Analyses an uploaded solicitation; every item keeps a page and a quote found on that page. */
  analyzeDocument(input: DocumentInput): Promise<DocumentOutput>;
}

export const OFFLINE = 'offline';

export const offlineModel: LanguageModel = {
  name: OFFLINE,
  summarize: (source, locale) => Promise.resolve({ core: analyzeTender(source, locale), provider: OFFLINE }),
  chat: async (input) => ({ ...(await offlineChat(input)), provider: OFFLINE }),
  analyzeDocument: async (input) => ({ analysis: input.offline(), provider: OFFLINE }),
};

/** Why a model call failed, in a few words for the log and the stored message metadata. */
export function failureReason(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timeout';
    return err.message.slice(0, 200);
  }
  return String(err).slice(0, 200);
}

export function withOfflineFallback(primary: LanguageModel, log: FastifyBaseLogger): LanguageModel {
  return {
    name: primary.name,
    async summarize(source, locale) {
      try {
        return await primary.summarize(source, locale);
      } catch (err) {
        const reason = failureReason(err);
        log.warn({ provider: primary.name, reason }, 'BreezeAI summary fell back to the offline engine');
        return { ...(await offlineModel.summarize(source, locale)), fallback: reason };
      }
    },
    async chat(input) {
      try {
        return await primary.chat(input);
      } catch (err) {
        // A refusal of ours (the plan's search limit, from the search tool) is the answer, not a model failure.
        if (err instanceof HttpError) throw err;
        const reason = failureReason(err);
        log.warn({ provider: primary.name, reason }, 'BreezeAI chat fell back to the offline engine');
        return { ...(await offlineModel.chat(input)), fallback: reason };
      }
    },
    async analyzeDocument(input) {
      try {
        return await primary.analyzeDocument(input);
      } catch (err) {
        const reason = failureReason(err);
        log.warn(
          { provider: primary.name, reason, filename: input.filename },
          'BreezeAI document analysis fell back to the offline engine',
        );
        return { ...(await offlineModel.analyzeDocument(input)), fallback: reason };
      }
    },
  };
}

/** The offline engine, or the configured endpoint with the offline engine behind it. */
export function createLanguageModel(env: Env, log: FastifyBaseLogger): LanguageModel {
  if (!env.LLM_BASE_URL) return offlineModel;
  if (!env.LLM_MODEL) throw new Error('Invalid environment: LLM_MODEL is required when LLM_BASE_URL is set');
  return withOfflineFallback(
    createOpenAiModel({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
    }),
    log,
  );
}
