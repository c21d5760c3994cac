import { z } from 'zod';
import {
  COMPLIANCE_CATEGORIES,
  RISK_CATEGORIES,
  type Categorized,
  type Cited,
  type Criterion,
  type Milestone,
  type RfpAnalysis,
} from '@app/shared/rfp';

/**
 * Document analysis by a language model (ADR 0007, 0008): the prompt, and the checks that keep the
 * model's answer grounded. The model answers in the Analysis result shape with a page and a quote
 * for every item; each quote must be found, verbatim up to whitespace, quotes and dashes, on the
 * page it cites. An item whose quote is not there is dropped; when most are invented, or nothing
 * usable comes back, the whole answer is refused and the caller falls back to the offline engine.
 * What the model does not give (or gives wrongly) keeps the offline engine's cited value, and the
 * identity of the document (number, title, issuer, contact, proposal deadline, addendum changes)
 * always stays the offline engine's: those are read by rules that parse dates and numbers.
 */

/** Characters of document text sent to the model at most (about 30,000 tokens). */
export const DOCUMENT_MAX_CHARS = 120_000;

export class DocumentReplyError extends Error {
  override name = 'ModelError';
}

/** The pages as the model reads them, within DOCUMENT_MAX_CHARS; the last page may be cut. */
export function documentPrompt(pages: string[], filename: string): { system: string; user: string } {
  const parts: string[] = [];
  let used = 0;
  let last = 0;
  for (const [i, text] of pages.entries()) {
    const room = DOCUMENT_MAX_CHARS - used;
    if (room <= 200) break;
    const body = text.length > room ? text.slice(0, room) : text;
    parts.push(`<page n="${i + 1}">\n${body}\n</page>`);
    used += body.length;
    last = i + 1;
  }
  const omitted = last < pages.length ? `\n(Pages ${last + 1}-${pages.length} are not included.)` : '';
  const cited = '{"text": string, "page": number, "quote": string}';
  const system = [
    'You analyse Canadian public solicitation documents (RFPs, tenders, addenda) for a company that may bid.',
    'Use only the text of the pages given. Never invent a value, a date, an amount or a requirement.',
    'Every item you give carries "page" (the number of the page where it is printed) and "quote": an exact excerpt of that page,',
    'copied character for character, 10 to 300 characters long, that shows the item. Items whose quote is not on that page are discarded.',
    'Use null for a field the document does not give, and [] for an empty list.',
    'Reply with one JSON object only, in this shape:',
    `{"summary": ${cited}, "keyRequirements": [${cited}],`,
    `"timeline": {"questionsDeadline": ${cited} | null, "siteMeeting": {"text": string, "page": number, "quote": string, "mandatory": boolean | null} | null,`,
    `"projectStart": ${cited} | null, "projectEnd": ${cited} | null, "keyMilestones": [{"date": string, "description": string, "page": number, "quote": string}]},`,
    '"evaluation": {"criteria": [{"criterion": string, "weight": string (points or percentage as printed, or "PASS/FAIL"), "description": string, "page": number, "quote": string}],',
    `"scoringMethod": ${cited} | null, "mandatoryRequirements": [${cited}]},`,
    `"budgetInfo": {"estimatedValue": ${cited} | null, "paymentTerms": ${cited} | null, "budgetConstraints": ${cited} | null},`,
    `"complianceRequirements": [{"category": one of ${COMPLIANCE_CATEGORIES.map((c) => `"${c}"`).join(', ')}, "text": string, "page": number, "quote": string}],`,
    `"riskFactors": [{"category": one of ${RISK_CATEGORIES.filter((c) => c !== 'ocr')
      .map((c) => `"${c}"`)
      .join(', ')}, "text": string, "page": number, "quote": string}],`,
    `"recommendations": [${cited}]}`,
    'summary: two or three sentences on who buys what, and when proposals close. recommendations: concrete next steps for a bidder, each cited.',
  ].join('\n');
  return { system, user: `File: ${filename}\n${omitted}\n${parts.join('\n')}` };
}

const text = (max: number) => z.string().trim().min(1).max(max);
const quote = z.string().max(2000);
const page = z.number().int().min(1);
const citedReply = z.object({ text: text(2000), page, quote });
/** A list in which one malformed item does not sink the others (it is counted as dropped). */
const items = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .transform((list) => (list ?? []).slice(0, 60).map((x) => item.safeParse(x)));
const optionalCited = citedReply.nullable().optional().catch(undefined);

const replySchema = z.object({
  summary: optionalCited,
  keyRequirements: items(citedReply),
  timeline: z
    .object({
      questionsDeadline: optionalCited,
      siteMeeting: citedReply
        .extend({ mandatory: z.boolean().nullable().optional() })
        .nullable()
        .optional()
        .catch(undefined),
      projectStart: optionalCited,
      projectEnd: optionalCited,
      keyMilestones: items(z.object({ date: text(200), description: text(1000), page, quote })),
    })
    .partial()
    .default({}),
  evaluation: z
    .object({
      criteria: items(
        z.object({
          criterion: text(400),
          weight: text(100),
          description: z.string().max(2000).default(''),
          page,
          quote,
        }),
      ),
      scoringMethod: optionalCited,
      mandatoryRequirements: items(citedReply),
    })
    .partial()
    .default({}),
  budgetInfo: z
    .object({ estimatedValue: optionalCited, paymentTerms: optionalCited, budgetConstraints: optionalCited })
    .partial()
    .default({}),
  complianceRequirements: items(citedReply.extend({ category: z.enum(COMPLIANCE_CATEGORIES) })),
  riskFactors: items(citedReply.extend({ category: z.enum(RISK_CATEGORIES) })),
  recommendations: items(citedReply),
});

const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2026': '.',
};

/** The text folded for comparison (whitespace collapsed, quotes and dashes unified, lower case), with each folded character's index in the original. */
function fold(s: string): { folded: string; at: number[] } {
  let folded = '';
  const at: number[] = [];
  let space = true;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '';
    const c = FOLD[ch] ?? ch;
    if (/\s/.test(c)) {
      if (!space) {
        folded += ' ';
        at.push(i);
      }
      space = true;
      continue;
    }
    space = false;
    folded += c.toLowerCase().length === 1 ? c.toLowerCase() : c;
    at.push(i);
  }
  if (folded.endsWith(' ')) {
    folded = folded.slice(0, -1);
    at.pop();
  }
  return { folded, at };
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The page's own text for `quote` when it is on page `page` (1-based), whitespace collapsed; null
 * when it is not (an invented or misattributed quote). Trailing "..." of a model is tolerated.
 */
export function quoteOnPage(pages: string[], pageNo: number, quote: string): string | null {
  const pageText = pages[pageNo - 1];
  if (pageText === undefined) return null;
  const wanted = fold(quote.replace(/^(?:\s|["']|\.{2,}|\u2026)+|(?:\s|["']|\.{2,}|\u2026)+$/g, '')).folded;
  if (wanted.length < 4) return null;
  const { folded, at } = fold(pageText);
  const start = folded.indexOf(wanted);
  if (start < 0) return null;
  const from = at[start] ?? 0;
  const to = (at[start + wanted.length - 1] ?? from) + 1;
  return collapse(pageText.slice(from, to));
}

interface Tally {
  given: number;
  dropped: number;
}

/** Parses the model's reply and merges its checked items into the offline analysis. */
export function mergeDocumentReply(
  content: string | null | undefined,
  pages: string[],
  offline: RfpAnalysis,
  engine: string,
): { analysis: RfpAnalysis; dropped: number } {
  const json = parseJsonObject(content);
  if (json === undefined) throw new DocumentReplyError('malformed reply: not a JSON object');
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) throw new DocumentReplyError('malformed reply: analysis JSON does not match');
  const r = parsed.data;
  const tally: Tally = { given: 0, dropped: 0 };

  /** The item with the page's own quote, or undefined when its quote is not on its page. */
  const check = <T extends { page: number; quote: string }>(
    item: T | null | undefined,
  ): (T & { quote: string }) | undefined => {
    if (!item) return undefined;
    tally.given++;
    const found = quoteOnPage(pages, item.page, item.quote);
    if (found === null) {
      tally.dropped++;
      return undefined;
    }
    return { ...item, quote: found };
  };
  const checkAll = <T extends { page: number; quote: string }>(list: Array<z.ZodSafeParseResult<T>>): T[] => {
    const out: T[] = [];
    for (const result of list) {
      if (!result.success) {
        tally.given++;
        tally.dropped++;
        continue;
      }
      const ok = check(result.data);
      if (ok) out.push(ok);
    }
    return out;
  };
  const cited = (item: { text: string; page: number; quote: string } | undefined, fallback: Cited): Cited =>
    item ? { text: item.text, page: item.page, quote: item.quote } : fallback;
  const list = <T>(items: T[], fallback: T[]): T[] => (items.length > 0 ? items : fallback);

  const summary = check(r.summary);
  const keyRequirements = checkAll(r.keyRequirements).map((c) => cited(c, c));
  const t = r.timeline;
  const site = check(t.siteMeeting);
  const milestones: Milestone[] = checkAll(t.keyMilestones ?? []).map((m) => ({
    date: m.date,
    description: m.description,
    page: m.page,
    quote: m.quote,
  }));
  const e = r.evaluation;
  const criteria: Criterion[] = checkAll(e.criteria ?? []).map((c) => ({
    criterion: c.criterion,
    weight: c.weight,
    description: c.description,
    page: c.page,
    quote: c.quote,
  }));
  const b = r.budgetInfo;
  const compliance: Categorized[] = checkAll(r.complianceRequirements).map((c) => ({
    category: c.category,
    text: c.text,
    page: c.page,
    quote: c.quote,
  }));
  const risks: Categorized[] = checkAll(r.riskFactors).map((c) => ({
    category: c.category,
    text: c.text,
    page: c.page,
    quote: c.quote,
  }));
  const recommendations = checkAll(r.recommendations).map((c) => cited(c, c));
  const analysis: RfpAnalysis = {
    ...offline,
    engine,
    summary: cited(summary, offline.summary),
    keyRequirements: list(keyRequirements, offline.keyRequirements),
    timeline: {
      ...offline.timeline,
      questionsDeadline: cited(check(t.questionsDeadline), offline.timeline.questionsDeadline),
      siteMeeting: site
        ? { text: site.text, page: site.page, quote: site.quote, mandatory: site.mandatory ?? null }
        : offline.timeline.siteMeeting,
      projectStart: cited(check(t.projectStart), offline.timeline.projectStart),
      projectEnd: cited(check(t.projectEnd), offline.timeline.projectEnd),
      keyMilestones: list(milestones, offline.timeline.keyMilestones),
    },
    evaluation: {
      criteria: list(criteria, offline.evaluation.criteria),
      scoringMethod: cited(check(e.scoringMethod), offline.evaluation.scoringMethod),
      mandatoryRequirements: list(
        checkAll(e.mandatoryRequirements ?? []).map((c) => cited(c, c)),
        offline.evaluation.mandatoryRequirements,
      ),
    },
    budgetInfo: {
      estimatedValue: cited(check(b.estimatedValue), offline.budgetInfo.estimatedValue),
      paymentTerms: cited(check(b.paymentTerms), offline.budgetInfo.paymentTerms),
      budgetConstraints: cited(check(b.budgetConstraints), offline.budgetInfo.budgetConstraints),
    },
    complianceRequirements: list(compliance, offline.complianceRequirements),
    // Facts about the file itself (pages without text, pages read by OCR) stay.
    riskFactors: [
      ...list(
        risks,
        offline.riskFactors.filter((x) => x.category !== 'ocr'),
      ),
      ...offline.riskFactors.filter((x) => x.category === 'ocr'),
    ],
    recommendations: list(recommendations, offline.recommendations),
  };
  if (tally.given === 0) throw new DocumentReplyError('malformed reply: no cited item');
  if (tally.dropped * 2 > tally.given) {
    throw new DocumentReplyError(
      `invented quotes: ${tally.dropped} of ${tally.given} items cite text that is not on their page`,
    );
  }
  return { analysis, dropped: tally.dropped };
}

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
