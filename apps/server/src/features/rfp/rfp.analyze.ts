import {
  NOT_FOUND,
  type AddendumChange,
  type Categorized,
  type Cited,
  type Milestone,
  type RfpAnalysis,
} from '@app/shared/rfp';
import { evaluationCriteria, scoringMethod } from './rfp.criteria.ts';
import { DATE_SOURCE, DAY_MONTH_SOURCE, daysBetween, tidyDate } from './rfp.dates.ts';
import {
  addendumNumber,
  cite,
  contact,
  documentKind,
  documentTitle,
  fileNameReference,
  issuingBody,
  lineHit,
  notFound,
  solicitationNumber,
} from './rfp.identify.ts';
import { collapse, DocText, type Hit } from './rfp.text.ts';
import {
  issuedDate,
  projectPeriod,
  proposalDeadline,
  questionsDeadline,
  scheduleRows,
  siteMeetings,
} from './rfp.timeline.ts';

/**
 * The offline RFP analyser: deterministic rules over the extracted text, no network. Every
 * value comes from a match on a page, so every value carries its page and quote; a field the
 * rules cannot find says NOT_FOUND, never a sample. It is BreezeAI's offline engine for
 * documents: the routes call the LanguageModel's `analyzeDocument` (ADR 0007, 0008) with this
 * analysis as the default and the fallback of a configured model.
 */
export interface RfpAnalyzerInput {
  pages: string[];
  filename: string;
  pagesWithoutText: number[];
  /** Pages whose text was read by OCR. */
  ocrPages?: number[];
}

export const OFFLINE_RFP_ENGINE = 'offline-rules-1';

/** What can be read from a document before analysis (used at upload, and to link addenda). */
export function identifyDocument(pages: string[]) {
  const doc = new DocText(pages);
  const kind = documentKind(doc);
  const number = solicitationNumber(doc);
  const issuer = issuingBody(doc);
  const title = documentTitle(doc, issuer);
  return {
    kind,
    solicitationNumber: number.page === null ? null : number.text,
    title: title.page === null ? null : title.text,
  };
}

const sentenceHit = (doc: DocText, hit: Hit): Cited => {
  const s = doc.sentenceAt(hit.from);
  const to = Math.max(s.to, hit.to);
  return cite(doc.sentenceContaining(s.from, to, hit.match[0]), lineHit(doc, s.from, to, hit.match[0]));
};

/** Sentences matching `re`, once each, at most `limit`. */
function sentences(doc: DocText, re: RegExp, limit: number, opts: { start?: number; end?: number } = {}): Cited[] {
  const out: Cited[] = [];
  const seen = new Set<string>();
  for (const hit of doc.findAll(re, { span: 1, skipToc: true, limit: limit * 4, ...opts })) {
    const c = sentenceHit(doc, hit);
    const key = c.text.toLowerCase().slice(0, 80);
    if (seen.has(key) || c.text.length < 12 || /\.{5,}/.test(c.text)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= limit) break;
  }
  return out;
}

function keyRequirements(doc: DocText): Cited[] {
  const rules: RegExp[] = [
    /\b(?:submit|emailed|delivered)\b[^.]{0,80}\b(?:by email|sealed envelope|email address|electronically|in person|courier)\b/i,
    /\b(?:PDF format|single PDF|under \d+ ?MB|not be more than [\w ()]+ pages|maximum of [\w ()]+ pages|page limit)\b/i,
    /\b(?:must|shall)\b[^.]{0,40}\b(?:sign|signed|executed)\b/i,
    /\b(?:must|shall|is to|are to)\b[^.]{0,60}\b(?:submit|include|provide|complete|acknowledge)\b[^.]{0,80}\b(?:Appendix|Annex|Form|Schedule|Letter|bond|certificat)/i,
    /\b(?:must|shall)\b[^.]{0,40}\b(?:hold|obtain|have)\b[^.]{0,60}\b(?:clearance|licen[cs]e|certificat|designation|P\. ?Eng)/i,
    /\b(?:must|shall)\b[^.]{0,60}\b(?:attend|be present)\b/i,
    /\backnowledge (?:receipt|any addend)/i,
    /\bsubmissions? (?:must|shall)\b[^.]*/i,
  ];
  const out: Cited[] = [];
  const seen = new Set<string>();
  for (const re of rules) {
    for (const c of sentences(doc, re, 2)) {
      const key = c.text.toLowerCase().slice(0, 60);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(c);
    }
  }
  return out.slice(0, 12);
}

function mandatoryRequirements(doc: DocText, passFail: Cited[]): Cited[] {
  const out = [...passFail];
  for (const heading of doc.findAll(
    /^(?:\d+(?:\.\d+)*\.?\s+)?Mandatory (?:Requirements?|Technical Criteria|Criteria|Site Meeting|Forms?)\b/i,
    {
      span: 1,
      skipToc: true,
      limit: 6,
    },
  )) {
    const next = doc.find(/\b(must|shall|is to|are required|will be disqualified|mandatory)\b/i, {
      start: heading.from + 1,
      end: heading.from + 8,
      span: 1,
    });
    if (next) out.push(sentenceHit(doc, next));
  }
  out.push(
    ...sentences(
      doc,
      /\b(?:(?:will|shall) be (?:disqualified|rejected|declared non-?responsive|deemed incomplete)|shall invalidate|will not be (?:accepted|considered|evaluated))\b/i,
      8,
    ),
  );
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = `${c.page}:${c.text.slice(0, 60).toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function budgetInfo(doc: DocText): RfpAnalysis['budgetInfo'] {
  const money = String.raw`\$\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?(?:\s?(?:million|M))?|\$\s?TBD`;
  const value =
    doc.find(
      new RegExp(
        String.raw`(?:estimated (?:contract )?value|budget(?: for the project)?|total liability|upset limit|maximum (?:contract )?value)[^.]{0,80}?(${money})`,
        'i',
      ),
      {
        span: 3,
        skipToc: true,
      },
    ) ??
    doc.find(/\b(?:affordability limit|budget)\b[^.]{0,80}\b(?:not disclose|undisclosed|will not be disclosed)/i, {
      span: 2,
      skipToc: true,
    });
  const first = (res: RegExp[], span: number) => {
    for (const re of res) {
      const hit = doc.find(re, { span, skipToc: true });
      if (hit) return hit;
    }
    return undefined;
  };
  const payment = first(
    [
      /\b(?:payment will be made within|paid within|net \d+ days)[^.]*/i,
      /\bMonthly payments?\b[^.]*/i,
      /\bBasis of Payment\s*[–-][^.]*/i,
      /\b(?:progress (?:payments?|claims?|draws?))\b[^.]*/i,
      /\bholdback\b[^.]*/i,
    ],
    2,
  );
  const constraint = first(
    [
      /\b(?:affordability limit|limitation of expenditure|upset limit)\b/i,
      /\b(?:must not exceed|not to exceed)\b/i,
      /\bbudgetary constraints\b/i,
      /\b(?:fixed (?:fee|price)|firm (?:unit )?prices?|stipulated price)\b/i,
    ],
    1,
  );
  const moneyMatch = value?.match[1] ? value : undefined;
  // A clause heading alone ("6.7.2. Limitation of Expenditure 1.") says nothing: give the lines it heads.
  const sentence = (hit: Hit): Cited => {
    const c = sentenceHit(doc, hit);
    return c.text.length < 40 && c.quote ? { ...c, text: c.quote } : c;
  };
  return {
    estimatedValue: moneyMatch ? cite(moneyMatch.match[0], moneyMatch) : value ? sentence(value) : notFound(),
    paymentTerms: payment ? sentence(payment) : notFound(),
    budgetConstraints: constraint ? sentence(constraint) : notFound(),
  };
}

const COMPLIANCE_RULES: Array<[Categorized['category'], RegExp, number]> = [
  [
    'security_clearance',
    /\b(?:RELIABILITY STATUS|(?:TOP )?SECRET|ENHANCED RELIABILITY|Designated Organization Screening|Facility Security Clearance|security clearance)\b/i,
    2,
  ],
  [
    'insurance',
    /\b(?:insurance|liability)\b[^.]{0,120}(?:\$\s?[\d,]+|No Specific Requirement)|\b(?:comply\s+with Insurance|Insurance Requirements|insurance coverage|Insurance Certificates?)\b/i,
    4,
  ],
  [
    'bonding',
    /\b(?:bid bond|bid security|performance bond|labour and materials? payment bond|agreement to bond|consent of surety)\b/i,
    4,
  ],
  ['workers_compensation', /\b(?:WSIB|WCB|Workers'? ?Compensation)\b/i, 2],
  [
    'certification',
    /\b(?:Certificate of Recognition|COR\b|SECOR|P\. ?Eng|professional engineer|ISO \d{3,5}|certifications? (?:required|precedent))/i,
    3,
  ],
  [
    'trade_agreement',
    /\b(?:Canadian Free Trade Agreement|CFTA|New West Partnership|NWPTA|CETA|CUSMA|WTO-AGP|CPTPP|trade agreements?)\b/i,
    2,
  ],
  ['language', /\b(?:official languages?|French or English|English or French|bilingual)\b/i, 1],
];

const SECURITY_LEVELS: Array<[RegExp, string]> = [
  [/enhanced reliability/i, 'Enhanced Reliability Status'],
  [/reliability status/i, 'Reliability Status'],
  [/top secret/i, 'Top Secret'],
  [/secret/i, 'Secret'],
  [/designated organization screening/i, 'Designated Organization Screening'],
  [/facility security clearance/i, 'Facility Security Clearance'],
  [/document safeguarding capability/i, 'Document Safeguarding Capability'],
];

/** Security levels required of the bidder or its personnel ("must EACH hold a valid RELIABILITY STATUS"), with the level named. */
function securityLevels(doc: DocText): Categorized[] {
  const re =
    /\b(?:hold|held|obtain|maintain|minimum of|level of|cleared to)\b[^.]{0,60}?\b(?:Enhanced Reliability(?: Status)?|Reliability Status|Top Secret|Secret|Designated Organization Screening|Facility Security Clearance|Document Safeguarding Capability)\b/i;
  const out: Categorized[] = [];
  const levels = new Set<string>();
  for (const c of sentences(doc, re, 4)) {
    const level = SECURITY_LEVELS.find(([r]) => r.test(c.text))?.[1];
    if (!level || levels.has(level)) continue;
    levels.add(level);
    out.push({ ...c, category: 'security_clearance', text: `${level} required: ${c.text.replace(/^[•o■]\s+/, '')}` });
  }
  return out;
}

function compliance(doc: DocText): Categorized[] {
  const levels = securityLevels(doc);
  const quoted = new Set(levels.map((l) => `${l.page}:${l.quote}`));
  return [
    ...levels,
    ...COMPLIANCE_RULES.flatMap(([category, re, limit]) =>
      sentences(doc, re, limit)
        .filter((c) => !quoted.has(`${c.page}:${c.quote}`))
        .map((c) => ({ ...c, category })),
    ),
  ];
}

/** "Section 10.2 - Evaluation Criteria" when Evaluation Criteria is 8.2: the table is elsewhere. */
function sectionContradictions(doc: DocText): Categorized[] {
  const byNumber = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const line of doc.lines) {
    const m = /^(\d+(?:\.\d+)+|\d+)\s+([A-Z][A-Za-z ,&/'’()-]{2,70}?)(?:\s*\.{3,}\s*\d+)?\s*$/.exec(line.text.trim());
    if (!m?.[1] || !m[2]) continue;
    const title = m[2].trim().toLowerCase();
    if (!byNumber.has(m[1])) byNumber.set(m[1], m[2].trim());
    if (!byTitle.has(title)) byTitle.set(title, m[1]);
  }
  const out: Categorized[] = [];
  const reference = /\bSection\s+(\d+(?:\.\d+)+)\s*[-–]\s*([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){0,4})/;
  for (const hit of doc.findAll(reference, { span: 1, skipToc: true, limit: 200 })) {
    const number = hit.match[1] ?? '';
    // The title may continue on the next line ("Section 10.2 - Evaluation / Criteria."): take the longest known title.
    const fuller = reference.exec(doc.window(hit.from, hit.from + 1).slice(hit.match.index)) ?? hit.match;
    const words = (fuller[2] ?? '').trim().split(/\s+/);
    let title = '';
    for (let n = words.length; n >= 1 && !title; n--) {
      const candidate = words.slice(0, n).join(' ');
      if (byTitle.has(candidate.toLowerCase())) title = candidate;
    }
    if (!title) continue;
    const actual = byTitle.get(title.toLowerCase());
    const there = byNumber.get(number);
    if (actual && actual !== number && there?.toLowerCase() !== title.toLowerCase()) {
      out.push({
        category: 'contradiction',
        ...cite(
          `Section ${number} is cited as "${title}", but "${title}" is section ${actual}${there ? ` (section ${number} is "${there}")` : ''}. Ask the issuer which applies.`,
          hit,
        ),
      });
    }
  }
  return out;
}

function risks(
  doc: DocText,
  ctx: { deadline: RfpAnalysis['timeline']['proposalDeadline']; issued: Cited; meetings: Cited[]; isAddendum: boolean },
): Categorized[] {
  const out: Categorized[] = [];
  const issuedIso = ctx.issued.page !== null ? (/\d{4}/.test(ctx.issued.text) ? isoFrom(ctx.issued.text) : null) : null;
  if (issuedIso && ctx.deadline.date && ctx.deadline.page !== null && !ctx.isAddendum) {
    const days = daysBetween(issuedIso, ctx.deadline.date);
    if (days >= 0 && days < 21) {
      out.push({
        category: 'tight_timeline',
        text: `Only ${days} days between issue (${ctx.issued.text}) and closing (${ctx.deadline.text}).`,
        page: ctx.deadline.page,
        quote: ctx.deadline.quote,
      });
    }
  }
  const dated = ctx.meetings.filter((m) => m.page !== null);
  const distinct = new Map<string, Cited>();
  for (const m of dated) distinct.set(isoFrom(m.text) ?? m.text, m);
  if (distinct.size > 1) {
    const list = [...distinct.values()];
    const first = list[0];
    if (first?.page) {
      out.push({
        category: 'contradiction',
        text: `The document gives different dates for the site/bidders' meeting: ${list.map((m) => `${m.text} (page ${m.page})`).join(' and ')}.`,
        page: first.page,
        quote: first.quote,
      });
    }
  }
  out.push(...sectionContradictions(doc));
  const numbers = doc.findAll(/\bADDENDUM\s*(?:NO\.?|#)\s*(\d+)/i, { span: 1, limit: 20 });
  const addendumNumbers = new Set(numbers.map((h) => Number(h.match[1])));
  if (ctx.isAddendum && addendumNumbers.size > 1 && numbers[0]) {
    const last = numbers[numbers.length - 1] ?? numbers[0];
    out.push({
      category: 'contradiction',
      ...cite(
        `The addendum calls itself by different numbers: ${[...addendumNumbers].map((n) => `No. ${n}`).join(', ')}.`,
        last,
      ),
    });
  }
  const rules: Array<[Categorized['category'], RegExp, number]> = [
    ['liquidated_damages', /\bliquidated damages\b/i, 2],
    [
      'liability',
      /\b(?:unlimited liability|shall not (?:restrict|limit) the liability|jointly and severally|indemnif(?:y|ication)\b|hold harmless)/i,
      3,
    ],
    [
      'disqualification',
      /\b(?:will be disqualified|shall invalidate|will not be (?:accepted|considered)|minimum of \w+ \(\d+\) points|pass mark)/i,
      3,
    ],
    [
      'pricing',
      /\b(?:affordability limit|negotiate (?:scope and price|the (?:fee|price))|not bound to accept (?:the lowest|any)|non-binding|final pricing[^.]{0,60}negotiated)/i,
      2,
    ],
  ];
  for (const [category, re, limit] of rules) out.push(...sentences(doc, re, limit).map((c) => ({ ...c, category })));
  return out;
}

function isoFrom(text: string): string | null {
  const m = new RegExp(DATE_SOURCE, 'i').exec(text);
  if (!m) return null;
  const d = new Date(`${tidyDate(m[0]).replace(/(\d)(st|nd|rd|th)/, '$1')} 00:00 UTC`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

function addendumChanges(doc: DocText): AddendumChange[] {
  const out: AddendumChange[] = [];
  const push = (
    kind: AddendumChange['kind'],
    section: string | null,
    description: string,
    hit: { page: number; quote: string },
  ) => {
    const text = collapse(description.replace(/\bPage \d+ of \d+\b/g, '')).slice(0, 400);
    if (out.some((c) => c.description === text || (c.page === hit.page && c.quote === hit.quote))) return;
    out.push({ kind, section, description: text, page: hit.page, quote: hit.quote });
  };
  // "The following will be an addition to Section 4.0 …:" then "4.11 Bid Security"
  for (const hit of doc.findAll(
    /\b(?:will be an addition to|is added to|add(?:ed)? the following to)\s+Section\s+([\d.]+)\s*([^:\n]*)/i,
    { span: 2, limit: 20 },
  )) {
    const headingRe = /^(\d+(?:\.\d+)+)\s*[–-]?\s*(.+)$/;
    const next =
      [doc.lines[hit.to + 1], doc.lines[hit.to + 2]].find(
        (l) => l && l.page === hit.page && headingRe.test(l.text.trim()),
      ) ?? doc.lines[hit.to + 1];
    const heading = next && headingRe.exec(next.text.trim());
    const section = heading?.[1] ?? hit.match[1] ?? null;
    const what = heading ? `${heading[1]} ${heading[2] ?? ''}` : (hit.match[2] ?? '');
    const sentence = next ? doc.sentenceAt(next.index + (heading ? 1 : 0), 5).text : '';
    push(
      'added',
      section,
      `Adds ${collapse(what)} to Section ${hit.match[1]} ${collapse(hit.match[2] ?? '')}${sentence ? `: ${sentence}` : ''}`,
      lineHit(doc, hit.from, next ? next.index : hit.to),
    );
  }
  for (const hit of doc.findAll(
    /\b(?:is (?:hereby )?(?:amended|revised|replaced)|shall now read|Delete:|Replace with|is deleted)\b/i,
    { span: 1, skipToc: true, limit: 20 },
  )) {
    const s = doc.sentenceAt(hit.from);
    push('changed', /\b(\d+(?:\.\d+)+)\b/.exec(s.text)?.[1] ?? null, s.text, lineHit(doc, s.from, s.to));
  }
  for (const hit of doc.findAll(
    /\b(?:removing|is removed|will be removed|are removed|no longer (?:required|included)|should not include)\b/i,
    { span: 1, skipToc: true, limit: 20 },
  )) {
    const s = doc.sentenceAt(hit.from);
    push('removed', null, s.text, lineHit(doc, s.from, s.to));
  }
  const dateChange = new RegExp(
    String.raw`\b(?:meeting|closing|deadline|closes)\b[^.]{0,60}\b(?:will take place|is (?:extended|changed|moved|rescheduled)|extended to|now)\b[^.]{0,40}(?:${DATE_SOURCE}|${DAY_MONTH_SOURCE})|\bThere will be NO meeting\b`,
    'i',
  );
  for (const hit of doc.findAll(dateChange, { span: 2, skipToc: true, limit: 10 })) {
    const s = doc.sentenceAt(hit.from);
    push('date', null, s.text, lineHit(doc, s.from, s.to));
  }
  // Questions and answers: a line ending with "?" followed by the answer.
  for (let i = 0; i < doc.lines.length; i++) {
    const line = doc.lines[i];
    if (!line || !/\?\s*$/.test(line.text)) continue;
    let from = i;
    while (
      from > i - 3 &&
      doc.lines[from - 1]?.page === line.page &&
      !/[.?:]\s*$/.test(doc.lines[from - 1]?.text ?? '.') &&
      !/^\s*(\d+(\.\d+)*\.?)\s/.test(doc.lines[from]?.text ?? '')
    )
      from--;
    const question = collapse(doc.window(from, i)).replace(/^\d+(?:\.\d+)*\.?\s*/, '');
    let to = i + 1;
    const answer: string[] = [];
    while (to < doc.lines.length && to <= i + 6) {
      const next = doc.lines[to];
      if (
        !next ||
        next.page !== line.page ||
        /\?\s*$/.test(next.text) ||
        (/^\s*\d+(\.\d+)*\.?\s/.test(next.text) && answer.length > 0)
      )
        break;
      answer.push(next.text.replace(/^\s*•?\s*Answer\s*[–-]\s*/i, ''));
      to++;
    }
    if (answer.length === 0) continue;
    const section = /^\s*(\d+\.\d+)\s/.exec(doc.lines[from]?.text ?? '')?.[1] ?? null;
    push('answer', section, `Q: ${question} A: ${collapse(answer.join(' '))}`, lineHit(doc, from, to - 1, line.text));
    i = to - 1;
  }
  return out;
}

function recommendations(a: Omit<RfpAnalysis, 'recommendations'>): Cited[] {
  const out: Cited[] = [];
  const add = (text: string, from: Cited) => {
    if (from.page !== null) out.push({ text, page: from.page, quote: from.quote });
  };
  const t = a.timeline;
  if (t.siteMeeting.page !== null) {
    add(
      `${t.siteMeeting.mandatory ? 'Attend the mandatory' : 'Plan to attend the'} site/bidders' meeting on ${t.siteMeeting.text}${t.siteMeeting.mandatory ? ': missing it disqualifies the proposal' : ''}.`,
      t.siteMeeting,
    );
  }
  if (t.questionsDeadline.page !== null) {
    add(
      `Send questions in writing before the questions deadline: ${t.questionsDeadline.text.replace(/\.+$/, '')}.`,
      t.questionsDeadline,
    );
  }
  if (t.proposalDeadline.page !== null)
    add(`Plan to submit well before ${t.proposalDeadline.text}; late proposals are not accepted.`, t.proposalDeadline);
  const top = [...a.evaluation.criteria]
    .filter((c) => /^\d+/.test(c.weight))
    .sort(
      (x, y) =>
        Number.parseFloat(y.weight.replace(/^\d+\s*[-–]\s*/, '')) -
        Number.parseFloat(x.weight.replace(/^\d+\s*[-–]\s*/, '')),
    )[0];
  if (top?.page)
    add(`Give most effort to "${top.criterion}", the heaviest criterion (${top.weight}).`, {
      text: top.criterion,
      page: top.page,
      quote: top.quote,
    });
  const byCategory = (c: string) => a.complianceRequirements.find((r) => r.category === c);
  const security = byCategory('security_clearance');
  const level = security && /^(.+?) required: /.exec(security.text)?.[1];
  if (security)
    add(
      `Start the ${level ? `${level} ` : ''}security clearance process now: clearance must be held before award.`,
      security,
    );
  const bonding = byCategory('bonding');
  if (bonding) add('Line up your surety early for the bid bond / performance security required.', bonding);
  const insurance = byCategory('insurance');
  if (insurance) add('Check your insurance certificates against the coverage amounts required.', insurance);
  const contradiction = a.riskFactors.find((r) => r.category === 'contradiction');
  if (contradiction)
    add(
      'Ask the contracting authority in writing to resolve the inconsistency noted in the risk factors before the questions deadline.',
      contradiction,
    );
  for (const m of a.evaluation.mandatoryRequirements.slice(0, 2))
    add(`Check this pass/fail requirement is met: ${m.text.slice(0, 160)}`, m);
  return out;
}

function summary(
  doc: DocText,
  parts: { issuer: Cited; title: Cited; number: Cited; deadline: Cited; kind: RfpAnalysis['documentKind'] },
): Cited {
  const scope =
    doc.find(/\b(?:is inviting|invites|seeks|requires|objective of this|purpose of this|intends to)\b/i, {
      span: 1,
      skipToc: true,
    }) ?? doc.find(/\b(?:scope of (?:work|services)|statement of work)\b/i, { span: 1, skipToc: true });
  const who = parts.issuer.page !== null ? parts.issuer.text : 'The issuer';
  const what = parts.title.page !== null ? `"${parts.title.text}"` : 'the work described';
  const num = parts.number.page !== null ? ` (solicitation ${parts.number.text})` : '';
  const due = parts.deadline.page !== null ? ` Proposals close ${parts.deadline.text}.` : '';
  const lead =
    parts.kind === 'addendum'
      ? `Addendum from ${who} to ${what}${num}.`
      : parts.kind === 'appendix'
        ? `Appendix to ${what}${num} from ${who}: forms and information a bidder must complete.`
        : `${who} requests proposals for ${what}${num}.${due}`;
  if (!scope) {
    const anchor = [parts.title, parts.issuer, parts.deadline].find((c) => c.page !== null);
    return anchor
      ? { text: lead, page: anchor.page, quote: anchor.quote }
      : { text: lead === '' ? NOT_FOUND : lead, page: null, quote: null };
  }
  const s = doc.sentenceAt(scope.from, 3);
  return {
    text: `${lead} ${s.text}`.slice(0, 700),
    page: doc.lines[s.from]?.page ?? scope.page,
    quote: doc.quote(s.from, s.to),
  };
}

const nfList = (): Cited[] => [notFound()];

export function analyzeRfp(input: RfpAnalyzerInput): RfpAnalysis {
  const doc = new DocText(input.pages);
  const kind = documentKind(doc);
  const number = solicitationNumber(doc);
  const issuer = issuingBody(doc);
  const title = documentTitle(doc, issuer);
  const deadline = proposalDeadline(doc);
  const issued = issuedDate(doc);
  const meetings = siteMeetings(doc);
  const firstMeeting = meetings[0];
  const period = projectPeriod(doc);
  const questions = questionsDeadline(doc);
  const evaluation = evaluationCriteria(doc);
  const method = scoringMethod(doc);
  const isAddendum = kind === 'addendum';

  const milestones: Milestone[] = [];
  const addMilestone = (description: string, c: Cited) => {
    if (c.page !== null) milestones.push({ date: c.text, description, page: c.page, quote: c.quote });
  };
  addMilestone('Issued', issued);
  for (const m of meetings) addMilestone(m.mandatory ? 'Mandatory site meeting' : "Site or bidders' meeting", m);
  addMilestone('Questions deadline', questions);
  addMilestone('Proposal deadline', deadline);
  addMilestone('Project start', period.start);
  addMilestone('Project end', period.end);
  for (const row of scheduleRows(doc)) {
    if (!milestones.some((m) => m.page === row.page && m.quote === row.quote)) milestones.push(row);
  }
  milestones.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));

  const addendumNo = isAddendum ? addendumNumber(doc) : undefined;
  const base: Omit<RfpAnalysis, 'recommendations'> = {
    engine: OFFLINE_RFP_ENGINE,
    documentKind: kind,
    solicitationNumber: number,
    fileNameReference: fileNameReference(input.filename),
    title,
    issuingBody: issuer,
    contact: contact(doc),
    summary: notFound(),
    keyRequirements: keyRequirements(doc),
    timeline: {
      issued,
      proposalDeadline: deadline,
      questionsDeadline: questions,
      siteMeeting: firstMeeting ?? { ...notFound(), mandatory: null },
      projectStart: period.start,
      projectEnd: period.end,
      keyMilestones: milestones.slice(0, 20),
    },
    evaluation: {
      criteria: evaluation.criteria,
      scoringMethod:
        method.length > 0 || evaluation.totals.length > 0
          ? {
              text: [...new Set([...method, ...evaluation.totals].map((c) => c.text))].join('; '),
              page: (method[0] ?? evaluation.totals[0])?.page ?? null,
              quote: (method[0] ?? evaluation.totals[0])?.quote ?? null,
            }
          : notFound(),
      mandatoryRequirements: mandatoryRequirements(doc, evaluation.passFail),
    },
    budgetInfo: budgetInfo(doc),
    complianceRequirements: compliance(doc),
    riskFactors: risks(doc, { deadline, issued, meetings, isAddendum }),
    addendum: isAddendum
      ? {
          number: addendumNo?.match[1] ? String(Number(addendumNo.match[1])) : null,
          date: issued,
          changes: addendumChanges(doc),
        }
      : null,
    pagesWithoutText: input.pagesWithoutText,
    ocrPages: input.ocrPages ?? [],
  };
  base.summary = summary(doc, { issuer, title, number, deadline, kind });
  if (input.pagesWithoutText.length > 0) {
    base.riskFactors.push({
      category: 'ocr',
      text: `Pages ${input.pagesWithoutText.join(', ')} have no text layer (scanned images or drawings); their content was not analysed.`,
      page: input.pagesWithoutText[0] ?? 1,
      quote: '',
    });
  }
  const ocrPages = input.ocrPages ?? [];
  const firstOcr = ocrPages[0];
  if (firstOcr !== undefined) {
    const firstLine = doc.lines.find((l) => l.page === firstOcr && l.text.trim().length > 0);
    base.riskFactors.push({
      category: 'ocr',
      text: `${ocrPages.length === 1 ? 'Page' : 'Pages'} ${ocrPages.join(', ')} had no text layer and ${ocrPages.length === 1 ? 'was' : 'were'} read by OCR from ${ocrPages.length === 1 ? 'its image' : 'their images'}: check figures, dates and names quoted from ${ocrPages.length === 1 ? 'it' : 'them'} against the page.`,
      page: firstOcr,
      quote: firstLine ? doc.quote(firstLine.index, firstLine.index) : '',
    });
  }
  const result: RfpAnalysis = { ...base, recommendations: recommendations(base) };
  // Every list says so when it is empty (spec: never an empty panel, never a sample).
  if (result.keyRequirements.length === 0) result.keyRequirements = nfList();
  if (result.evaluation.mandatoryRequirements.length === 0) result.evaluation.mandatoryRequirements = nfList();
  if (result.recommendations.length === 0) result.recommendations = nfList();
  if (result.complianceRequirements.length === 0) result.complianceRequirements = [{ ...notFound(), category: 'none' }];
  if (result.riskFactors.length === 0) result.riskFactors = [{ ...notFound(), category: 'none' }];
  if (result.evaluation.criteria.length === 0) {
    result.evaluation.criteria = [
      { criterion: NOT_FOUND, weight: NOT_FOUND, description: NOT_FOUND, page: null, quote: null },
    ];
  }
  if (result.timeline.keyMilestones.length === 0) {
    result.timeline.keyMilestones = [{ date: NOT_FOUND, description: NOT_FOUND, page: null, quote: null }];
  }
  return result;
}

/** Every citation of the analysis, once, in page order, marked when its page was read by OCR. */
export function allCitations(a: RfpAnalysis): Array<{ page: number; quote: string; ocr: boolean }> {
  const seen = new Set<string>();
  const ocr = new Set(a.ocrPages ?? []);
  const out: Array<{ page: number; quote: string; ocr: boolean }> = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) {
      v.forEach(visit);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.page === 'number' && typeof o.quote === 'string' && o.quote !== '') {
      const key = `${o.page}\u0000${o.quote}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ page: o.page, quote: o.quote, ocr: ocr.has(o.page) });
      }
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'quote' && k !== 'ocrPages') visit(child);
  };
  visit(a);
  return out.sort((x, y) => x.page - y.page);
}
