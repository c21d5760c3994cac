import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { AiLocale, ChatTenderRef, Citation } from '@app/shared/ai';
import type { Tender } from '@app/shared/tender';
import { documentPrompt, mergeDocumentReply } from './document-analysis.ts';
import type {
  ChatTurnInput,
  ChatTurnOutput,
  DocumentInput,
  DocumentOutput,
  LanguageModel,
  SummaryOutput,
} from './language-model.ts';
import { splitSentences } from './sentences.ts';
import { analyzeTender, type SummarySource } from './tender-analysis.ts';

/**
 * Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp) through the
 * chat-completions protocol, with the official `openai` SDK's 6.x line (7.x needs Node 22;
 * ADR 0007): the configured base URL and key, a timeout per call and no retries (a failure
 * falls back to the offline engine at once rather than making the user wait). Every failure
 * throws a ModelError with a short reason; the caller falls back to the offline engine.
 *
 * Grounding: the model never supplies facts on its own. Summaries cite numbered sentences of
 * the notice (checked here), and value, category and requirements stay the offline engine's.
 * In chat the model must call the tools (`search_tenders`, `get_tender`, `get_profile`,
 * `recommend_tenders`); links to tenders no tool returned are removed.
 */

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  /** Tool-call rounds before giving up (and falling back). */
  maxToolRounds?: number;
}

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
// The SDK types the reply but does not check it: a compatible server can send anything.
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          tool_calls: z.array(toolCallSchema).nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});
type ToolCall = z.infer<typeof toolCallSchema>;

type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export class ModelError extends Error {
  override name = 'ModelError';
}

/** The SDK's errors in a few words for the log and the stored message metadata. */
function modelError(err: unknown): ModelError {
  if (err instanceof ModelError) return err;
  if (err instanceof APIConnectionTimeoutError) return new ModelError('timeout');
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: { code?: unknown; cause?: { code?: unknown } } }).cause;
    const code = cause?.code ?? cause?.cause?.code;
    return new ModelError(`connection failed${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  if (err instanceof APIError && err.status !== undefined) return new ModelError(`HTTP ${err.status}`);
  if (err instanceof SyntaxError) return new ModelError('malformed reply: not JSON');
  return new ModelError(err instanceof Error ? err.message.slice(0, 200) : String(err).slice(0, 200));
}

export function createOpenAiModel(opts: OpenAiOptions): LanguageModel {
  const maxRounds = opts.maxToolRounds ?? 4;
  // Every option is given, so the SDK reads none of its own environment variables (env.ts is the
  // one reader of process.env). Without a key (Ollama, vLLM) the SDK still wants one: a
  // placeholder is passed and the Authorization header is removed, so nothing is sent.
  const client = new OpenAI({
    baseURL: opts.baseUrl.replace(/\/+$/, ''),
    apiKey: opts.apiKey || 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    timeout: opts.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
    ...(opts.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });

  async function complete(
    body: Omit<ChatCompletionCreateParamsNonStreaming, 'model' | 'messages'> & { messages: Message[] },
    deadline: number,
  ) {
    const remaining = Math.max(1, Math.min(opts.timeoutMs, deadline - Date.now()));
    let json: unknown;
    try {
      json = await client.chat.completions.create(
        { model: opts.model, ...body } as ChatCompletionCreateParamsNonStreaming,
        { timeout: remaining, maxRetries: 0 },
      );
    } catch (err) {
      throw modelError(err);
    }
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) throw new ModelError('malformed reply: not a chat completion');
    const choice = parsed.data.choices[0];
    if (!choice) throw new ModelError('malformed reply: no choice');
    return choice.message;
  }

  return {
    name: opts.model,

    async summarize(source: SummarySource, locale: AiLocale): Promise<SummaryOutput> {
      const core = analyzeTender(source, locale);
      const text = source.fields[source.mainField] ?? '';
      const sentences = splitSentences(text).slice(0, 150);
      if (sentences.length === 0) return { core, provider: opts.model };
      const numbered = sentences.map((s, i) => `[${i}] ${s.text.replace(/\s+/g, ' ').slice(0, 600)}`).join('\n');
      const message = await complete(
        {
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            {
              role: 'system',
              content:
                `You summarise Canadian public tenders for suppliers. Answer in ${locale === 'fr' ? 'French' : 'English'}. ` +
                'Use only the numbered sentences given. Reply with JSON only: ' +
                '{"summary":[{"text":"…","sentences":[0]}],"objective":{"text":"…","sentence":0}}. ' +
                'summary: 2 or 3 short sentences; every one lists the numbers of the sentences it is based on. ' +
                'objective: what the buyer wants, in one sentence, with the number of the sentence that states it. Never add facts.',
            },
            {
              role: 'user',
              content: `Title: ${source.title}\nCategory: ${core.keyDetails.category}\nValue: ${core.keyDetails.value}\n\n${numbered}`,
            },
          ],
        },
        Date.now() + opts.timeoutMs,
      );
      const reply = summaryReplySchema.safeParse(parseJsonObject(message.content));
      if (!reply.success) throw new ModelError('malformed reply: summary JSON does not match');
      const valid = (i: number) => Number.isInteger(i) && i >= 0 && i < sentences.length;
      if (
        !reply.data.summary.every((s) => s.sentences.length > 0 && s.sentences.every(valid)) ||
        !valid(reply.data.objective.sentence)
      ) {
        throw new ModelError('malformed reply: cites sentences that do not exist');
      }
      const citations: Citation[] = core.citations.filter((c) => c.item !== 'summary' && c.item !== 'objective');
      const cite = (item: 'summary' | 'objective', index: number, i: number) => {
        const s = sentences[i];
        if (s) citations.push({ item, index, field: source.mainField, start: s.start, end: s.end, quote: s.text });
      };
      reply.data.summary.forEach((s, index) => s.sentences.forEach((i) => cite('summary', index, i)));
      cite('objective', 0, reply.data.objective.sentence);
      return {
        core: {
          ...core,
          summary: reply.data.summary.map((s) => s.text.trim()).join(' '),
          keyDetails: { ...core.keyDetails, objective: reply.data.objective.text.trim() },
          citations,
        },
        provider: opts.model,
      };
    },

    async analyzeDocument(input: DocumentInput): Promise<DocumentOutput> {
      const offline = input.offline();
      const prompt = documentPrompt(input.pages, input.filename);
      const message = await complete(
        {
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        },
        Date.now() + opts.timeoutMs,
      );
      const { analysis, dropped } = mergeDocumentReply(message.content, input.pages, offline, `llm:${opts.model}`);
      return { analysis, provider: opts.model, droppedCitations: dropped };
    },

    async chat(input: ChatTurnInput): Promise<ChatTurnOutput> {
      const deadline = Date.now() + opts.timeoutMs * 2;
      const seen = new Map<string, ChatTenderRef>();
      const remember = (t: Tender) => seen.set(t.id, { id: t.id, title: t.title });
      const messages: Message[] = [
        { role: 'system', content: systemPrompt(input) },
        ...input.history
          .slice(-12)
          .map((m): Message =>
            m.role === 'user' ? { role: 'user', content: m.message } : { role: 'assistant', content: m.message },
          ),
        { role: 'user', content: input.message },
      ];
      for (const m of input.history) for (const t of m.tenders) seen.set(t.id, t);

      for (let round = 0; round <= maxRounds; round++) {
        const reply = await complete({ temperature: 0.2, messages, tools: TOOLS, tool_choice: 'auto' }, deadline);
        const calls = reply.tool_calls ?? [];
        if (calls.length === 0) {
          const content = reply.content?.trim();
          if (!content) throw new ModelError('malformed reply: empty answer');
          const { text, cited } = keepKnownLinks(content, seen);
          const focus = cited.length === 1 ? cited[0]?.id : undefined;
          return { message: text, tenders: cited, ...(focus ? { focus } : {}), provider: opts.model };
        }
        if (round === maxRounds) break;
        messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
        for (const call of calls) {
          messages.push({ role: 'tool', tool_call_id: call.id, content: await runTool(call, input, remember) });
        }
      }
      throw new ModelError(`too many tool calls (more than ${maxRounds} rounds)`);
    },
  };
}

const summaryReplySchema = z.object({
  summary: z
    .array(z.object({ text: z.string().min(1).max(1000), sentences: z.array(z.number().int()).max(10) }))
    .min(1)
    .max(4),
  objective: z.object({ text: z.string().min(1).max(1000), sentence: z.number().int() }),
});

function parseJsonObject(content: string | null | undefined): unknown {
  if (!content) return undefined;
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

export const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'search_tenders',
      description:
        'Search open Canadian public tenders. The query is natural language: keywords plus regions, amounts and dates, e.g. "cybersecurity in Ontario closing this month".',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 10 } },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_tender',
      description:
        'One tender by id: dates, buyer, contact, official link, description, and the requirements and value found in its text.',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_profile',
      description:
        "The signed-in user's company profile: services, regions, industry, typical contract size, government experience.",
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'recommend_tenders',
      description:
        "The open tenders that fit the user's profile best (the same list as Recommended for You), each with a relevance score 0-100 and the reasons in words.",
      parameters: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 10 } } },
    },
  },
];

function systemPrompt(input: ChatTurnInput): string {
  return [
    'You are BreezeAI, the assistant of Breeze, a web app for Canadian public tenders.',
    `Answer in ${input.locale === 'fr' ? 'French' : 'English'}, in short Markdown.`,
    'Never invent tenders, dates, values or requirements: use the tools search_tenders, get_tender, get_profile and recommend_tenders, and say so when the data does not tell.',
    'Link every tender you name as [Title](/tender-notice/{id}) with the id the tools returned.',
    `Today is ${input.now.toISOString().slice(0, 10)}.`,
  ].join(' ');
}

const args = <T extends z.ZodType>(schema: T, raw: string): z.infer<T> | undefined => {
  try {
    const r = schema.safeParse(JSON.parse(raw || '{}'));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
};

function brief(t: Tender) {
  return {
    id: t.id,
    title: t.title,
    link: `/tender-notice/${t.id}`,
    buyer: t.contracting_entity_name,
    closing_date: t.closing_date,
    status: t.status,
    delivery: t.delivery_location,
    notice_type: t.procurement_type,
  };
}

async function runTool(call: ToolCall, input: ChatTurnInput, remember: (t: Tender) => void): Promise<string> {
  const { tools } = input;
  switch (call.function.name) {
    case 'search_tenders': {
      const a = args(
        z.object({ query: z.string().max(500), limit: z.number().int().min(1).max(10).optional() }),
        call.function.arguments,
      );
      if (!a) return JSON.stringify({ error: 'arguments must be {"query": string}' });
      const res = await tools.searchTenders(a.query, a.limit ?? 5);
      res.results.forEach(remember);
      return JSON.stringify({
        total: res.total_results,
        understood: res.search_metadata.understood.map((u) => u.label),
        results: res.results.map(brief),
      });
    }
    case 'get_tender': {
      const a = args(z.object({ id: z.string().max(200) }), call.function.arguments);
      const t = a ? await tools.getTender(a.id) : undefined;
      if (!t) return JSON.stringify({ error: 'no tender with that id' });
      remember(t);
      const analysis = tools.analyze(t);
      return JSON.stringify({
        ...brief(t),
        official_url: t.source_url,
        solicitation_number: t.source_reference,
        contact: { name: t.contact_name, email: t.contact_email, phone: t.contact_phone },
        category: analysis.keyDetails.category,
        value: analysis.keyDetails.value,
        requirements: analysis.requirements,
        description: (t.description ?? '').slice(0, 4000),
      });
    }
    case 'get_profile':
      return JSON.stringify((await tools.getProfile()) ?? null);
    case 'recommend_tenders': {
      const a = args(z.object({ limit: z.number().int().min(1).max(10).optional() }), call.function.arguments) ?? {};
      const page = await tools.recommend(a.limit ?? 5);
      page.results.forEach(remember);
      return JSON.stringify({
        total: page.total,
        profile_complete: page.profileComplete,
        results: page.results.map((t) => ({ ...brief(t), relevance_score: t.relevanceScore, reasons: t.reasons })),
      });
    }
    default:
      return JSON.stringify({ error: `unknown tool ${call.function.name}` });
  }
}

/** Keeps links to tenders the tools returned; a link to any other id loses its target. */
export function keepKnownLinks(
  text: string,
  known: Map<string, ChatTenderRef>,
): { text: string; cited: ChatTenderRef[] } {
  const cited = new Map<string, ChatTenderRef>();
  const out = text.replace(
    /\[([^\]]+)\]\((?:https?:\/\/[^)\s]*)?\/tender-notice\/([^)\s]+)\)/g,
    (whole, label: string, rawId: string) => {
      const id = decodeURIComponent(rawId).toLowerCase();
      const t = known.get(id);
      if (!t) return label;
      cited.set(id, t);
      return `[${label}](/tender-notice/${encodeURIComponent(id)})`;
    },
  );
  return { text: out, cited: [...cited.values()] };
}
