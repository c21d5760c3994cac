import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOT_FOUND, type RfpAnalysis } from '@app/shared/rfp';
import {
  CAMROSE_ADD1,
  CAMROSE_ADD3,
  CAMROSE_APPENDIX,
  CAMROSE_RFP,
  CER_RFP,
  hasRealPdfs,
  LEFT_COLUMN,
  PENHOLD_ADD1,
  PENHOLD_ADD3,
  PENHOLD_RFP,
  RFP_PDF_DIR,
  realPdf,
  RIGHT_COLUMN,
  twoColumnPdf,
} from '../../../test/rfp-fixtures.ts';
import { foundOnPage, hasPdftotext, pdftotextPage } from '../../../test/independent-text.ts';
import { allCitations, analyzeRfp } from './rfp.analyze.ts';
import { createPdfExtractor, type ExtractedPdf } from './rfp.extract.ts';
import { linkedAddenda } from './rfp.links.ts';
import type { StoredRfpDocument } from './rfp.queries.ts';
import { markdownReport } from './rfp.report.ts';

// The real solicitations of ../shared/data/rfp-pdfs, extracted once and analysed. When the
// folder is absent (a checkout without the shared corpus) each test says so and returns.

const extractor = createPdfExtractor({
  maxPages: 500,
  maxInflatedBytes: 200 * 1024 * 1024,
  timeoutMs: 60_000,
  heapMb: 512,
});
const extracted = new Map<string, ExtractedPdf>();
const analysed = new Map<string, RfpAnalysis>();
const present = hasRealPdfs();

beforeAll(async () => {
  if (!present) return;
  for (const name of readdirSync(RFP_PDF_DIR).filter((f) => f.endsWith('.pdf'))) {
    const r = await extractor.extract(realPdf(name));
    if (!r.ok) throw new Error(`${name}: ${r.code}`);
    extracted.set(name, r);
    analysed.set(name, analyzeRfp({ pages: r.pages, filename: name, pagesWithoutText: r.pagesWithoutText }));
  }
}, 120_000);
afterAll(() => extractor.close());

function get(name: string): RfpAnalysis | undefined {
  if (!present) {
    console.warn(`${RFP_PDF_DIR} is absent: real-PDF checks not run`);
    return undefined;
  }
  const a = analysed.get(name);
  if (!a) throw new Error(`${name} not analysed`);
  return a;
}

const weights = (a: RfpAnalysis) => Object.fromEntries(a.evaluation.criteria.map((c) => [c.criterion, c.weight]));
const categories = (items: RfpAnalysis['riskFactors']) => new Set(items.map((r) => r.category));

const stored = (name: string, a: RfpAnalysis): StoredRfpDocument & { analysis: RfpAnalysis; pages: string[] } => ({
  id: name,
  userId: 'u',
  filename: name,
  sizeBytes: 1,
  pageCount: 1,
  status: 'completed',
  errorCode: null,
  errorMessage: null,
  kind: a.documentKind,
  solicitationNumber: a.solicitationNumber.page ? a.solicitationNumber.text : null,
  title: a.title.page ? a.title.text : null,
  createdAt: '2026-01-01',
  analyzedAt: '2026-01-01',
  analysis: a,
  pages: extracted.get(name)?.pages ?? [],
});

/** Fails with the quote and what pdftotext printed when `quote` is not on page `page` of `file`. */
function expectOnPage(file: string, page: number, quote: string, what: string) {
  const texts = pdftotextPage(RFP_PDF_DIR + file, page);
  const found = foundOnPage(quote, texts);
  expect(
    found.ok,
    `${what}: ${file} p. ${page} does not print "${quote}" (missing ${JSON.stringify(found.missing)})`,
  ).toBe(true);
}

describe('real RFPs', () => {
  test('CER federal RFP: number, closing date/time/zone, issuer, contact, point-rated criteria', () => {
    const a = get(CER_RFP);
    if (!a) return;
    expect(a.documentKind).toBe('rfp');
    expect(a.solicitationNumber).toMatchObject({ text: '84084-24-0022/A', page: 1 });
    expect(a.timeline.proposalDeadline).toMatchObject({
      date: '2025-03-06',
      time: '02:00 PM',
      timeZone: 'MST',
      page: 1,
    });
    expect(a.issuingBody).toMatchObject({ text: 'Canada Energy Regulator', page: 1 });
    expect(a.contact.name.text).toBe('Ngan Loi');
    expect(a.contact.email.text.toLowerCase()).toBe('ngan.loi@cer-rec.gc.ca');
    expect(a.contact.phone.text).toBe('403-389-3354');
    expect(a.title.text).toBe('Engineering Services');
    expect(weights(a)).toMatchObject({
      '3.1 Achievements of Bidder on Projects': '10 points',
      '3.2 a) Achievements and Experience of Key Personnel: Stream A - Pipeline Integrity': '60 points',
      '3.3 Management of Services': '10 points',
    });
    expect(a.evaluation.criteria.find((c) => c.criterion.startsWith('3.2 b)'))?.weight).toBe('50 points');
    expect(a.evaluation.scoringMethod.text).toContain('60 % for the technical merit and 40 % for the price');
    expect(a.timeline.projectStart.text).toBe('April 1, 2025');
    expect(a.timeline.projectEnd.text).toBe('March 31, 2026');
    expect(a.complianceRequirements.some((c) => c.category === 'language' && /French or English/.test(c.text))).toBe(
      true,
    );
    // The clearance level, as Part 6 prints it: personnel must each hold a valid RELIABILITY STATUS.
    expect(a.complianceRequirements[0]).toMatchObject({ category: 'security_clearance', page: 16 });
    expect(a.complianceRequirements[0]?.text).toMatch(
      /^Reliability Status required: The Contractor personnel requiring access to PROTECTED information/,
    );
    expect(a.complianceRequirements[0]?.quote).toContain('must EACH hold a valid RELIABILITY STATUS');
    // Budget: no value is printed, only a limitation of expenditure "to be determined", and monthly payment.
    expect(a.budgetInfo.estimatedValue).toMatchObject({
      text: 'total liability to the Contractor under the Contract must not exceed $ TBD',
      page: 19,
    });
    expect(a.budgetInfo.budgetConstraints.text).toContain(
      "Limitation of Expenditure 1. Canada's total liability to the Contractor under the Contract must not exceed $ TBD.",
    );
    expect(a.budgetInfo.paymentTerms).toMatchObject({ page: 19 });
    expect(a.budgetInfo.paymentTerms.text).toMatch(/^Monthly payment H1008C/);
    // Timeline: the bidders' conference (recommended, not mandatory) and the enquiries deadline as printed.
    expect(a.timeline.siteMeeting).toMatchObject({
      text: 'Thursday, February 13th, 2025 2:00pm',
      page: 5,
      mandatory: null,
    });
    expect(a.timeline.questionsDeadline).toMatchObject({
      text: '7 calendar days before the bid closing date',
      page: 8,
    });
    expect(a.timeline.keyMilestones.map((m) => [m.description, m.date, m.page])).toEqual([
      ['Issued', 'January 30, 2025', 1],
      ['Proposal deadline', '2025-03-06 02:00 PM MST', 1],
      ["Site or bidders' meeting", 'Thursday, February 13th, 2025 2:00pm', 5],
      ['Project start', 'April 1, 2025', 5],
      ['Project end', 'March 31, 2026', 5],
      ['Questions deadline', '7 calendar days before the bid closing date', 8],
    ]);
    expect(a.keyRequirements).toContainEqual(
      expect.objectContaining({
        text: 'Bidders must submit their financial bid in accordance with the Basis of Payment at Annex B.',
        page: 10,
      }),
    );
    expect(
      a.keyRequirements.some(
        (r) => r.page === 5 && r.text.startsWith('(a) The Bidder must hold a valid organization security clearance'),
      ),
    ).toBe(true);
    // Risks: joint and several liability of a joint venture; no liquidated damages and 35 days to bid, so neither is reported.
    expect(a.riskFactors.find((r) => r.category === 'liability')).toMatchObject({ page: 8 });
    expect(a.riskFactors.find((r) => r.category === 'liability')?.text).toContain('jointly and severally');
    expect(categories(a.riskFactors).has('liquidated_damages')).toBe(false);
    expect(categories(a.riskFactors).has('tight_timeline')).toBe(false);
    expect(a.recommendations.map((r) => [r.text, r.page])).toEqual(
      expect.arrayContaining([
        ['Start the Reliability Status security clearance process now: clearance must be held before award.', 16],
        ['Send questions in writing before the questions deadline: 7 calendar days before the bid closing date.', 8],
        [
          'Give most effort to "3.2 a) Achievements and Experience of Key Personnel: Stream A - Pipeline Integrity", the heaviest criterion (60 points).',
          36,
        ],
      ]),
    );
  });

  test('Penhold RFP: closing 14:00 MST, Town of Penhold and its RFP Authority, the points table as printed', () => {
    const a = get(PENHOLD_RFP);
    if (!a) return;
    // The RFP itself prints no solicitation number; the file name carries the APC reference.
    expect(a.solicitationNumber.text).toBe(NOT_FOUND);
    expect(a.fileNameReference).toBe('AB-2024-07156');
    expect(a.timeline.proposalDeadline).toMatchObject({
      date: '2024-08-30',
      time: '14:00:00',
      timeZone: 'MST',
      page: 1,
    });
    expect(a.issuingBody.text).toBe('Town of Penhold');
    expect(a.contact.name.text).toBe('Sean Pendergast');
    expect(a.contact.email.text).toBe('spendergast@townofpenhold.ca');
    expect(a.title.text).toBe('Public Services Building');
    expect(weights(a)).toMatchObject({
      'Project Delivery Plan: 1. Design Methodology': '3 points',
      'Project Delivery Plan: 2. Construction Methodology': '3 points',
      'Project Delivery Plan: 3. Commissioning, Training and Closeout Procedures': '2 points',
      'Project Delivery Plan: 4. Detailed Project Schedule': '2 points',
      'Design Proposal: 1. Proposed Conceptual Design': '20 points',
      'Design Proposal: 2. Design Brief': '5 points',
      'Design Proposal: 3. Building Durability / Ease of Repair and Maintenance': '15 points',
      'Design Proposal: 4. Project Team and Firms (Appendix I)': '15 points',
      'Proposal Price: 1. Proposal Price (Appendix H)': '35 points',
    });
    expect(a.evaluation.criteria.find((c) => c.weight === 'PASS/FAIL')?.criterion).toContain('Letter of Offer');
    expect(a.evaluation.scoringMethod.text).toContain('TOTAL POINTS: 100 points');
    // The real inconsistencies: §8.1 points at "Section 10.2 - Evaluation Criteria", and two meeting dates.
    const contradictions = a.riskFactors.filter((r) => r.category === 'contradiction').map((r) => r.text);
    expect(contradictions.some((t) => t.includes('Section 10.2') && t.includes('8.2'))).toBe(true);
    expect(contradictions.some((t) => t.includes('July 25, 2024') && t.includes('July 15, 2024'))).toBe(true);
    expect(a.complianceRequirements.some((c) => c.category === 'bonding' && c.text.includes('50%'))).toBe(true);
    expect(a.complianceRequirements.some((c) => c.category === 'workers_compensation')).toBe(true);
    // §2.6 RFP Schedule (PDF page 10, printed "Page 9 of 72"): questions deadline and the optional meeting.
    expect(a.timeline.questionsDeadline).toMatchObject({
      text: 'August 09, 2024',
      page: 10,
      quote: 'Deadline for Submitting Questions August 09, 2024',
    });
    expect(a.timeline.siteMeeting).toMatchObject({
      text: 'July 25, 2024',
      page: 10,
      mandatory: false,
      quote: 'Optional On-Site Bidders Meeting July 25, 2024',
    });
    expect(a.timeline.keyMilestones.map((m) => [m.date, m.description])).toEqual(
      expect.arrayContaining([
        ['July 10, 2024', 'RFP for Design-Builder Issued'],
        ['August 16, 2024', 'Deadline for Addendum'],
        ['September 04, 2024', 'Owner Requested Proposal Clarifications'],
        ['July 15, 2024 11.00 a.m.', "Site or bidders' meeting"],
      ]),
    );
    // Budget: the affordability limit is not disclosed; payment within 28 days with 10% retention.
    expect(a.budgetInfo.estimatedValue).toMatchObject({ page: 29 });
    expect(a.budgetInfo.estimatedValue.text).toContain('the Owner will not disclose the affordability limit');
    expect(a.budgetInfo.budgetConstraints.text).toContain('Affordability Limit of the Owner');
    expect(a.budgetInfo.paymentTerms).toMatchObject({ page: 62 });
    expect(a.budgetInfo.paymentTerms.text).toContain('10% retention');
    expect(a.budgetInfo.paymentTerms.text).toContain('twenty-eight (28) calendar days');
    expect(a.keyRequirements[0]).toMatchObject({ page: 13 });
    expect(a.keyRequirements[0]?.text).toContain(
      'Each Proponent shall submit their Proposal in PDF format (under 15 MB in size)',
    );
    expect(a.keyRequirements.some((r) => r.page === 15 && r.text.includes('Agreement to Bond'))).toBe(true);
    // Risks: indemnification (§9.15, and GC 6.10.2 of the contract), the undisclosed affordability limit; no liquidated damages printed.
    expect(a.riskFactors.filter((r) => r.category === 'liability').map((r) => r.page)).toEqual([34, 34, 68]);
    expect(a.riskFactors.find((r) => r.category === 'pricing')?.text).toContain('negotiate scope and price');
    expect(categories(a.riskFactors).has('liquidated_damages')).toBe(false);
    expect(categories(a.riskFactors).has('tight_timeline')).toBe(false);
    expect(a.recommendations.map((r) => [r.text, r.page])).toEqual(
      expect.arrayContaining([
        ["Plan to attend the site/bidders' meeting on July 25, 2024.", 10],
        ['Send questions in writing before the questions deadline: August 09, 2024.', 10],
        [
          'Give most effort to "Proposal Price: 1. Proposal Price (Appendix H)", the heaviest criterion (35 points).',
          27,
        ],
        [
          'Ask the contracting authority in writing to resolve the inconsistency noted in the risk factors before the questions deadline.',
          10,
        ],
      ]),
    );
  });

  test('Camrose County RFP: closing 2:00 p.m. MST, mandatory site meeting, weighted criteria A-H', () => {
    const a = get(CAMROSE_RFP);
    if (!a) return;
    expect(a.solicitationNumber.text).toBe(NOT_FOUND);
    expect(a.fileNameReference).toBe('AB-2026-01424');
    expect(a.timeline.proposalDeadline).toMatchObject({ date: '2026-04-02', time: '2:00:00 p.m.', timeZone: 'MST' });
    expect(a.issuingBody.text).toBe('Camrose County');
    expect(a.contact).toMatchObject({
      name: { text: 'Darren King' },
      email: { text: 'dking@county.camrose.ab.ca' },
      phone: { text: '(780) 679-6519' },
    });
    expect(a.timeline.siteMeeting).toMatchObject({ mandatory: true });
    expect(a.timeline.siteMeeting.text).toContain('March 3, 2026');
    expect(a.timeline.questionsDeadline.text).toBe('March 20, 2026 12:00 p.m.');
    expect(weights(a)).toEqual({
      'A Organizational Structure': '5%',
      'B Proposed Project Manager and Management Team': '10%',
      'C Health and Safety Program': '10%',
      'D Experience/Work History/References': '15%',
      'E Proposed Schedule & Work Tasks Distribution': '15%',
      'F Schedule / Milestone Delivery Date Assurances': '10%',
      'G Quality Control Plan': '5%',
      'H Cost Estimate': '30%',
    });
    expect(
      a.complianceRequirements.filter((c) => c.category === 'insurance').some((c) => c.text.includes('$5,000,000')),
    ).toBe(true);
    expect(a.complianceRequirements.some((c) => c.category === 'trade_agreement')).toBe(true);
    // Budget: the RFP prints no budget or estimate (its only dollar amounts are insurance limits).
    expect(a.budgetInfo.estimatedValue).toEqual({ text: NOT_FOUND, page: null, quote: null });
    expect(a.budgetInfo.paymentTerms).toMatchObject({
      text: 'Payment will be made within twenty-eight (28) days of receiving a proper invoice.',
      page: 11,
    });
    expect(a.budgetInfo.budgetConstraints).toMatchObject({
      text: '2.5.1 Cancel or reissue the RFP due to budgetary constraints or if only one (1) Proponent submits a Proposal.',
      page: 7,
    });
    expect(a.timeline.keyMilestones.map((m) => [m.description, m.date, m.page])).toEqual([
      ['Questions deadline', 'March 20, 2026 12:00 p.m.', 5],
      ['Proposal deadline', 'April 2, 2026 2:00:00 p.m. MST', 5],
      ['Mandatory site meeting', 'Tuesday, March 3, 2026 10:00 a.m. MST', 14],
      ['Project end', 'December 31, 2026', 14],
    ]);
    expect(a.keyRequirements[0]?.text).toMatch(/^1\.3\.1 Proponents shall submit their Proposal in a sealed envelope/);
    expect(
      a.keyRequirements.some(
        (r) => r.page === 17 && r.text.includes('Proponents must acknowledge receipt as per Appendix A'),
      ),
    ).toBe(true);
    // Risks: hold harmless and unrestricted liability; disqualification for missing the site meeting; no liquidated damages.
    expect(a.riskFactors.filter((r) => r.category === 'liability').map((r) => r.page)).toEqual([6, 10]);
    expect(a.riskFactors.find((r) => r.category === 'liability' && r.page === 10)?.text).toBe(
      '2.10.9 This Article shall not restrict the liability of the successful Proponent in any way.',
    );
    expect(
      a.riskFactors.some(
        (r) =>
          r.category === 'disqualification' && r.text.includes('do not attend a site meeting will be disqualified'),
      ),
    ).toBe(true);
    expect(categories(a.riskFactors).has('liquidated_damages')).toBe(false);
    expect(a.recommendations[0]).toMatchObject({
      text: "Attend the mandatory site/bidders' meeting on Tuesday, March 3, 2026 10:00 a.m. MST: missing it disqualifies the proposal.",
      page: 14,
    });
    expect(a.recommendations.map((r) => r.text)).toContain(
      'Give most effort to "H Cost Estimate", the heaviest criterion (30%).',
    );
  });

  test('addenda: recognised, numbered, and what they change', () => {
    const add1 = get(CAMROSE_ADD1);
    const add3 = get(CAMROSE_ADD3);
    const pen1 = get(PENHOLD_ADD1);
    const pen3 = get(PENHOLD_ADD3);
    if (!add1 || !add3 || !pen1 || !pen3) return;
    expect(add1.documentKind).toBe('addendum');
    expect(add1.addendum?.number).toBe('1');
    expect(add1.addendum?.changes).toContainEqual(expect.objectContaining({ kind: 'added', section: '4.11' }));
    expect(add1.addendum?.changes.find((c) => c.section === '4.11')?.description).toMatch(/bid bond/i);
    expect(add3.addendum?.number).toBe('3');
    expect(add3.addendum?.changes.some((c) => c.kind === 'answer' && c.description.includes('$3,500,000.00'))).toBe(
      true,
    );
    expect(add3.riskFactors.some((r) => r.category === 'contradiction' && /No\. 3, No\. 2/.test(r.text))).toBe(true);
    expect(pen1.solicitationNumber.text).toBe('2024_004');
    expect(pen1.addendum?.changes.some((c) => c.kind === 'date' && c.description.includes('July 25'))).toBe(true);
    expect(
      pen3.addendum?.changes.some((c) => c.kind === 'removed' && c.description.includes('Pickled Sand Storage')),
    ).toBe(true);
    expect(pen3.addendum?.changes.filter((c) => c.kind === 'answer').length).toBeGreaterThanOrEqual(15);
    expect(get(CAMROSE_APPENDIX)?.documentKind).toBe('appendix');
  });

  test('an addendum is shown against its RFP: the section and the date it changes', () => {
    const rfp = get(CAMROSE_RFP);
    const add1 = get(CAMROSE_ADD1);
    const pen = get(PENHOLD_RFP);
    const pen1 = get(PENHOLD_ADD1);
    if (!rfp || !add1 || !pen || !pen1) return;
    const [camrose] = linkedAddenda(stored(CAMROSE_RFP, rfp), [stored(CAMROSE_ADD1, add1), stored(PENHOLD_ADD1, pen1)]);
    expect(camrose?.documentId).toBe(CAMROSE_ADD1);
    // 4.11 is new: it lands under the RFP's "4.0 PROPOSAL REQUIREMENTS" heading.
    expect(camrose?.changes.find((c) => c.section === '4.11')?.rfpReference).toMatchObject({ page: 17 });
    const penhold = linkedAddenda(stored(PENHOLD_RFP, pen), [stored(CAMROSE_ADD1, add1), stored(PENHOLD_ADD1, pen1)]);
    expect(penhold.map((a) => a.documentId)).toEqual([PENHOLD_ADD1]);
    expect(penhold[0]?.changes.find((c) => c.kind === 'date')?.rfpReference).toMatchObject({ page: 10 });
    // Every RFP reference quotes its RFP page, and every change its addendum page, as pdftotext reads them.
    for (const [rfpFile, linked] of [
      [CAMROSE_RFP, camrose ? [camrose] : []],
      [PENHOLD_RFP, penhold],
    ] as const) {
      for (const add of linked) {
        for (const c of add.changes) {
          expectOnPage(add.filename, c.page, c.quote, `change of ${add.filename}`);
          if (c.rfpReference)
            expectOnPage(rfpFile, c.rfpReference.page, c.rfpReference.quote, `RFP reference of ${add.filename}`);
        }
      }
    }
  });

  test('every field is filled from the document or says it was not found, and every citation is on its page (checked with pdftotext)', () => {
    if (!present) {
      console.warn(`${RFP_PDF_DIR} is absent: real-PDF checks not run`);
      return;
    }
    expect(hasPdftotext(), 'pdftotext (Debian poppler-utils) is needed; scripts/test.sh installs it').toBe(true);
    for (const [name, a] of analysed) {
      const citations = allCitations(a);
      expect(citations.length, name).toBeGreaterThan(0);
      for (const c of citations) expectOnPage(name, c.page, c.quote, 'citation');
      const scalars = [
        a.summary,
        a.title,
        a.issuingBody,
        a.solicitationNumber,
        a.timeline.proposalDeadline,
        a.budgetInfo.paymentTerms,
      ];
      for (const s of scalars) {
        expect(s.text.length, name).toBeGreaterThan(0);
        expect(s.page === null ? s.text === NOT_FOUND : s.quote !== null, name).toBe(true);
      }
    }
  });

  test('the check has teeth: a quote is not found on another page', () => {
    const a = get(CER_RFP);
    if (!a) return;
    const quote = a.timeline.proposalDeadline.quote ?? '';
    expect(foundOnPage(quote, pdftotextPage(RFP_PDF_DIR + CER_RFP, 1)).ok).toBe(true);
    expect(foundOnPage(quote, pdftotextPage(RFP_PDF_DIR + CER_RFP, 2)).ok).toBe(false);
    expect(foundOnPage('must EACH hold a valid SECRET clearance', pdftotextPage(RFP_PDF_DIR + CER_RFP, 16)).ok).toBe(
      false,
    );
  });

  test("the reports' citations quote their pages, as pdftotext reads them", () => {
    const rfp = get(PENHOLD_RFP);
    const pen1 = get(PENHOLD_ADD1);
    if (!rfp || !pen1) return;
    const addenda = linkedAddenda(stored(PENHOLD_RFP, rfp), [stored(PENHOLD_ADD1, pen1)]);
    const md = markdownReport({
      filename: PENHOLD_RFP,
      pageCount: 72,
      analysis: rfp,
      addenda,
      generatedAt: '2026-11-23T00:00:00Z',
    });
    const unescape = (s: string) => s.replace(/\\([\\`*_[\]<>|])/g, '$1');
    const quoted = [...md.matchAll(/^ {2}> p\. (\d+)(?: \(OCR\))?: "(.*)"$/gm)];
    expect(quoted.length).toBeGreaterThan(40);
    for (const [, page, quote] of quoted) {
      // The addenda section quotes the addendum's pages.
      const fromAddendum = addenda.some((x) =>
        x.changes.some((c) => c.quote === unescape(quote ?? '') && c.page === Number(page)),
      );
      expectOnPage(fromAddendum ? PENHOLD_ADD1 : PENHOLD_RFP, Number(page), unescape(quote ?? ''), 'report citation');
    }
  });
});

test('a tight timeline is reported when the document gives fewer than 21 days to bid', () => {
  const a = analyzeRfp({
    pages: [
      [
        'REQUEST FOR PROPOSAL',
        'Snow Removal Services',
        'Issued by: Town of Testville, Alberta',
        'Issue date: March 1, 2026',
        'Closing date: March 10, 2026 at 2:00 PM MST',
      ].join('\n'),
    ],
    filename: 'snow.pdf',
    pagesWithoutText: [],
  });
  expect(a.riskFactors.find((r) => r.category === 'tight_timeline')).toMatchObject({ page: 1 });
  expect(a.riskFactors.find((r) => r.category === 'tight_timeline')?.text).toMatch(/^Only 9 days between issue/);
});

test('two-column pages read the left column, then the right', async () => {
  const r = await extractor.extract(await twoColumnPdf());
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  const text = r.pages[0] ?? '';
  const lastLeft = text.indexOf(LEFT_COLUMN[LEFT_COLUMN.length - 1] ?? '');
  const firstRight = text.indexOf(RIGHT_COLUMN[0] ?? '');
  expect(text.startsWith('Request for Proposal: Two Column Layout')).toBe(true);
  expect(lastLeft).toBeGreaterThan(0);
  expect(firstRight).toBeGreaterThan(lastLeft);
  for (const line of [...LEFT_COLUMN, ...RIGHT_COLUMN]) expect(text.split('\n')).toContain(line);
});
