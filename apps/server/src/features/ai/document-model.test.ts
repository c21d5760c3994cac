import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { RfpDocument, RfpDocumentDetail } from '@app/shared/rfp';
import { createConfirmedUser, TestClient } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { answer, type CompletionRequest, type FakeLlm, json, startFakeLlm } from '../../../test/fake-llm.ts';
import { multipartBody, pdfkit } from '../../../test/rfp-fixtures.ts';
import { quoteOnPage } from './document-analysis.ts';

/**
 * RFP analysis through BreezeAI's LanguageModel with an OpenAI-compatible endpoint configured:
 * the fake chat-completions server of test/fake-llm.ts on loopback answers. The model's items are
 * kept only when their quote is on the page they cite; a reply that invents, is not JSON, errors
 * or times out gives the offline analysis, never a 5xx.
 */

const PAGE_1 = [
  'REQUEST FOR PROPOSAL RFP-2026-17',
  'Winter Road Maintenance Services',
  'Issued by the Town of Testville, Alberta.',
  'Closing date: March 6, 2026 at 2:00 PM MST',
  'Questions must be submitted in writing no later than February 20, 2026.',
];
const PAGE_2 = [
  'EVALUATION CRITERIA',
  'Technical approach and methodology: 60 points.',
  'Price: 40 points.',
  'Payment will be made within 30 days of receipt of a correct invoice.',
  'Liquidated damages of $500 per day apply to late completion.',
  'The Contractor must hold a valid Certificate of Recognition (COR).',
];

const rfpPdf = () =>
  pdfkit((doc) => {
    doc.fontSize(12);
    for (const line of PAGE_1) doc.text(line);
    doc.addPage();
    for (const line of PAGE_2) doc.text(line);
  });

const cited = (text: string, page: number, quote: string) => ({ text, page, quote });

/** A reply a careful model would give: every quote copied from the page it cites. */
function goodReply() {
  return {
    summary: cited(
      'The Town of Testville seeks winter road maintenance; proposals close March 6, 2026, 2:00 PM MST.',
      1,
      'Closing date: March 6, 2026 at 2:00 PM MST',
    ),
    keyRequirements: [
      // Curly quotes, a dash and doubled spaces of a model's copy still match the page.
      cited(
        'Hold a Certificate of Recognition.',
        2,
        'The  Contractor must hold a valid Certificate of Recognition (COR).',
      ),
      // Invented: not printed anywhere in the document.
      cited('Bidders must provide a $1,000,000 bid bond.', 1, 'A bid bond of $1,000,000 is required.'),
    ],
    timeline: {
      questionsDeadline: cited('February 20, 2026', 1, 'no later than February 20, 2026'),
      siteMeeting: null,
      projectStart: null,
      projectEnd: null,
      keyMilestones: [
        { date: 'March 6, 2026', description: 'Proposal deadline', page: 1, quote: 'March 6, 2026 at 2:00 PM MST' },
      ],
    },
    evaluation: {
      criteria: [
        {
          criterion: 'Technical approach and methodology',
          weight: '60 points',
          description: '',
          page: 2,
          quote: 'Technical approach and methodology: 60 points.',
        },
        { criterion: 'Price', weight: '40 points', description: '', page: 2, quote: 'Price: 40 points.' },
      ],
      scoringMethod: null,
      mandatoryRequirements: [],
    },
    budgetInfo: {
      estimatedValue: null,
      paymentTerms: cited(
        'Net 30 days from a correct invoice.',
        2,
        'Payment will be made within 30 days of receipt of a correct invoice.',
      ),
      budgetConstraints: null,
    },
    complianceRequirements: [
      { category: 'certification', ...cited('COR required.', 2, 'Certificate of Recognition (COR)') },
    ],
    riskFactors: [
      {
        category: 'liquidated_damages',
        ...cited(
          '$500 per day for late completion.',
          2,
          'Liquidated damages of $500 per day apply to late completion.',
        ),
      },
      // Misattributed: the text is on page 2, not page 1.
      { category: 'pricing', ...cited('Price is 40 points.', 1, 'Price: 40 points.') },
    ],
    recommendations: [
      cited(
        'Send questions before February 20, 2026.',
        1,
        'Questions must be submitted in writing no later than February 20, 2026.',
      ),
    ],
  };
}

let fake: FakeLlm;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let client: TestClient;
let docId: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  ctx = await buildTestApp({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '500' },
  });
  await createConfirmedUser(ctx.dbh, 'llm-rfp@example.ca', 'model passphrase 1');
  client = new TestClient(ctx.app);
  await client.signIn('llm-rfp@example.ca', 'model passphrase 1');
  const body = multipartBody([{ filename: 'rfp-2026-17.pdf', content: await rfpPdf() }]);
  const res = await client.request('POST', '/api/rfp/documents', body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(201);
  docId = res.json<{ documents: RfpDocument[] }>().documents[0]?.id ?? '';
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

async function analyze(): Promise<RfpDocumentDetail> {
  const res = await client.post(`/api/rfp/documents/${docId}/analyze`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RfpDocumentDetail>();
}

describe('RFP analysis with an OpenAI-compatible model', () => {
  test('a grounded reply: the model writes the analysis, every quote is the page text, invented items are dropped', async () => {
    fake.handler = (_body, res) => json(res, 200, answer(JSON.stringify(goodReply())));
    const d = await analyze();
    const request = fake.requests[0];
    expect(request?.response_format).toEqual({ type: 'json_object' });
    expect(request?.temperature).toBe(0);
    const user = request?.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('<page n="1">');
    expect(user).toContain('<page n="2">');
    expect(user).toContain('Liquidated damages of $500 per day');

    const a = d.analysis!;
    expect(a.engine).toBe('llm:test-model');
    expect(a.summary).toMatchObject({ text: expect.stringContaining('winter road maintenance'), page: 1 });
    expect(a.keyRequirements).toEqual([
      {
        text: 'Hold a Certificate of Recognition.',
        page: 2,
        quote: 'The Contractor must hold a valid Certificate of Recognition (COR).',
      },
    ]);
    expect(a.evaluation.criteria.map((c) => [c.criterion, c.weight, c.page])).toEqual([
      ['Technical approach and methodology', '60 points', 2],
      ['Price', '40 points', 2],
    ]);
    expect(a.budgetInfo.paymentTerms).toMatchObject({
      page: 2,
      quote: 'Payment will be made within 30 days of receipt of a correct invoice.',
    });
    expect(a.riskFactors.map((r) => r.category)).toEqual(['liquidated_damages']);
    expect(a.timeline.questionsDeadline).toMatchObject({ text: 'February 20, 2026', page: 1 });
    // Identity stays the offline engine's: rules parse the date, time and zone.
    expect(a.timeline.proposalDeadline).toMatchObject({ date: '2026-03-06', timeZone: 'MST', page: 1 });
    // Every citation shown is on its page.
    const pages = [PAGE_1.join('\n'), PAGE_2.join('\n')];
    for (const c of d.citations) expect(quoteOnPage(pages, c.page, c.quote), `p${c.page}: ${c.quote}`).not.toBeNull();
    expect(d.citations.some((c) => c.quote.includes('bid bond'))).toBe(false);
  });

  test('a reply whose quotes are mostly invented is refused: the offline analysis answers', async () => {
    const reply = goodReply();
    const invent = <T extends { quote: string }>(x: T): T => ({ ...x, quote: `${x.quote} (as amended by the Town)` });
    reply.summary = invent(reply.summary);
    reply.keyRequirements = reply.keyRequirements.map(invent);
    reply.evaluation.criteria = reply.evaluation.criteria.map(invent);
    reply.riskFactors = reply.riskFactors.map(invent);
    reply.recommendations = reply.recommendations.map(invent);
    reply.complianceRequirements = reply.complianceRequirements.map(invent);
    fake.handler = (_body, res) => json(res, 200, answer(JSON.stringify(reply)));
    const d = await analyze();
    expect(fake.requests).toHaveLength(1);
    expect(d.status).toBe('completed');
    expect(d.analysis?.engine).toBe('offline-rules-1');
    expect(d.citations.some((c) => c.quote.includes('as amended by the Town'))).toBe(false);
  });

  test.each([
    [
      'malformed JSON',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 200, answer('{"summary": {"text": "x", "page": 1, ')),
    ],
    [
      'JSON of another shape',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 200, answer('{"answer": "It is about roads."}')),
    ],
    [
      'prose instead of JSON',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 200, answer('This RFP is about winter roads.')),
    ],
    [
      'a timeout',
      (_b: CompletionRequest, res: ServerResponse) =>
        void setTimeout(() => json(res, 200, answer(JSON.stringify(goodReply()))), 1_500),
    ],
    ['an HTTP 500', (_b: CompletionRequest, res: ServerResponse) => json(res, 500, { error: { message: 'boom' } })],
    [
      'an HTTP 429',
      (_b: CompletionRequest, res: ServerResponse) => json(res, 429, { error: { message: 'slow down' } }),
    ],
  ])('%s: the offline analysis answers, no 5xx', async (_name, handler) => {
    fake.handler = handler;
    const d = await analyze();
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(d.status).toBe('completed');
    expect(d.analysis?.engine).toBe('offline-rules-1');
    expect(d.analysis?.timeline.proposalDeadline).toMatchObject({ date: '2026-03-06', page: 1 });
    expect(d.analysis?.evaluation.criteria.length).toBeGreaterThan(0);
  });
});

describe('quoteOnPage', () => {
  const pages = ['The Contractor’s proposal — in “PDF” format —\nmust   not exceed 15 MB.'];
  test('finds a quote up to whitespace, quotes, dashes and case, and returns the page text', () => {
    expect(quoteOnPage(pages, 1, 'the contractor\'s proposal - in "PDF" format - must not exceed 15 MB')).toBe(
      'The Contractor’s proposal — in “PDF” format — must not exceed 15 MB',
    );
    expect(quoteOnPage(pages, 1, '...must not exceed 15 MB.')).toBe('must not exceed 15 MB.');
    expect(quoteOnPage(pages, 1, '"in PDF format …"')).toBeNull(); // the page has “PDF” in quotes
  });
  test('refuses text that is not on the page, a page that does not exist, and scraps too short to prove anything', () => {
    expect(quoteOnPage(pages, 1, 'must not exceed 20 MB')).toBeNull();
    expect(quoteOnPage(pages, 2, 'must not exceed 15 MB')).toBeNull();
    expect(quoteOnPage(pages, 1, 'MB')).toBeNull();
  });
});
