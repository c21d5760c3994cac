import { z } from 'zod';
import { tenderSchema, type Tender } from './tender.ts';

/** BreezeAI (issue 6): tender summaries with citations, chat, explained recommendations. */

export const AI_LOCALES = ['en', 'fr'] as const;
export type AiLocale = (typeof AI_LOCALES)[number];

/**
 * Fields of the Tender record a citation can point into. A list field (trade_agreements, the
 * regions) is cited in its items joined with "\n" (see `citedFieldText`); `tenderData` is the
 * free text block of the request when the tender is not in the database.
 */
export const CITED_FIELDS = [
  'title',
  'description',
  'description_fr',
  'category_primary',
  'unspsc',
  'unspsc_description',
  'gsin',
  'gsin_description',
  'procurement_type',
  'procurement_method',
  'selection_criteria',
  'trade_agreements',
  'regions_of_delivery',
  'contracting_entity_name',
  'closing_date',
  'tenderData',
] as const;
export type CitedField = (typeof CITED_FIELDS)[number];

/** What a statement of the summary is about. `index` picks the summary sentence or requirement. */
export const CITED_ITEMS = ['summary', 'objective', 'category', 'value', 'requirement'] as const;
export type CitedItem = (typeof CITED_ITEMS)[number];

export const citationSchema = z.object({
  item: z.enum(CITED_ITEMS),
  /** Position in `summary` sentences or `requirements`; 0 for single items. */
  index: z.number().int().min(0),
  field: z.enum(CITED_FIELDS),
  /** Character offsets (UTF-16, like String.slice) into the cited field's text: [start, end). */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** The exact text at those offsets. */
  quote: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const REQUIREMENT_KINDS = [
  'security',
  'insurance',
  'bonding',
  'site_visit',
  'certification',
  'trade_agreement',
  'set_aside',
  'bilingual',
  'canadian_content',
  'mandatory',
] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** The Tender summary record of spec §3, plus citations and the facts behind the strings. */
export const tenderSummarySchema = z.object({
  summary: z.string(),
  keyDetails: z.object({
    objective: z.string(),
    category: z.string(),
    value: z.string(),
    /** The amount behind `value` in dollars, or null when the notice states none. */
    valueAmount: z.number().nullable(),
    /** The currency of `valueAmount` (CAD unless the notice says US dollars); absent in summaries stored before it existed. */
    valueCurrency: z.enum(['CAD', 'USD']).nullable().optional(),
    /** estimated | maximum | budget | minimum | stated, or null. */
    valueKind: z.string().nullable(),
  }),
  requirements: z.array(z.string()),
  /** Parallel to `requirements`. */
  requirementKinds: z.array(z.enum(REQUIREMENT_KINDS)),
  recommendation: z.object({ priority: z.enum(PRIORITIES), reason: z.string() }),
  citations: z.array(citationSchema),
  /** `offline` or the configured model's name. */
  provider: z.string(),
  locale: z.enum(AI_LOCALES),
  generatedAt: z.string(),
});
export type TenderSummary = z.infer<typeof tenderSummarySchema>;

/** POST /ai/generateTenderSummary (spec §7). tenderData is one text block; the stored tender wins when it exists. */
export const generateSummaryInputSchema = z
  .object({
    tenderId: z.string().trim().min(1).max(200),
    tenderData: z.string().max(100_000).optional(),
    locale: z.enum(AI_LOCALES).optional().default('en'),
  })
  .strict();
export type GenerateSummaryInput = z.infer<typeof generateSummaryInputSchema>;

// ---------------------------------------------------------------------------------------------
// Chat (spec §3 Chat message / session)

export const CHAT_MESSAGE_MAX_LENGTH = 2_000;

export const chatTenderRefSchema = z.object({ id: z.string(), title: z.string() });
export type ChatTenderRef = z.infer<typeof chatTenderRefSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'model']),
  /** Markdown for model messages; every tender named is linked as [Title](/tender-notice/{id}). */
  message: z.string(),
  timestamp: z.string(),
  tenders: z.array(chatTenderRefSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionCreatedSchema = z.object({ sessionId: z.string() });

export const chatSessionSchema = z.object({
  sessionId: z.string(),
  title: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(chatMessageSchema),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** One of the caller's conversations, without its messages (GET /chat/sessions). */
export const chatSessionInfoSchema = chatSessionSchema.omit({ messages: true }).extend({
  messageCount: z.number().int().min(0),
});
export type ChatSessionInfo = z.infer<typeof chatSessionInfoSchema>;

export const chatSessionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const chatSessionListSchema = z.object({ sessions: z.array(chatSessionInfoSchema) });
export type ChatSessionList = z.infer<typeof chatSessionListSchema>;

/** GET /chat/session/{id}/messages: the session's messages, oldest first. */
export const chatMessageListSchema = z.object({ sessionId: z.string(), messages: z.array(chatMessageSchema) });
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

export const chatMessageInputSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, 'Message is empty')
      .max(CHAT_MESSAGE_MAX_LENGTH, `Message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`)
      .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'),
    locale: z.enum(AI_LOCALES).optional(),
  })
  .strict();
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

export const chatSessionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id');

// ---------------------------------------------------------------------------------------------
// Recommendations

export const recommendationSchema = tenderSchema.extend({
  relevanceScore: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const recommendationPageSchema = z.object({
  results: z.array(recommendationSchema),
  /** Tenders scored above zero among the candidates (at most RECOMMENDATION_CANDIDATES). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** False when the profile has no services and no regions: scores then rest on little. */
  profileComplete: z.boolean(),
});
export type RecommendationPage = z.infer<typeof recommendationPageSchema>;

/** The text a citation's offsets point into: string fields as stored, list fields joined with "\n". */
export function citedFieldText(tender: Partial<Tender> & { tenderData?: string }, field: CitedField): string {
  const value = (tender as Record<string, unknown>)[field];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('\n');
  return typeof value === 'string' ? value : '';
}
