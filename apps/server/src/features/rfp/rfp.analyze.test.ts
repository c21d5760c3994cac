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
import { allCitations, analyzeRfp } from './rfp.analyze.ts';
import { createPdfExtractor, type ExtractedPdf } from './rfp.extract.ts';
import { linkedAddenda } from './rfp.links.ts';
import type { StoredRfpDocument } from './rfp.queries.ts';

// The real solicitations of ../shared/data/rfp-pdfs, extracted once and analysed. When the
// folder is absent (a checkout without the shared corpus) each test says so and returns.

const extractor = createPdfExtractor({ maxPages: 500, maxInflatedBytes: 200 * 1024 * 1024, timeoutMs: 60_000, heapMb: 512 });
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

describe('real RFPs', () => {
  test('CER federal RFP: number, closing date/time/zone, issuer, contact, point-rated criteria', () => {
    const a = get(CER_RFP);
    if (!a) return;
    expect(a.documentKind).toBe('rfp');
    expect(a.solicitationNumber).toMatchObject({ text: '84084-24-0022/A', page: 1 });
    expect(a.timeline.proposalDeadline).toMatchObject({ date: '2025-03-06', time: '02:00 PM', timeZone: 'MST', page: 1 });
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
    expect(a.complianceRequirements.some((c) => c.category === 'security_clearance')).toBe(true);
    expect(a.complianceRequirements.some((c) => c.category === 'language' && /French or English/.test(c.text))).toBe(true);
  });

  test('Penhold RFP: closing 14:00 MST, Town of Penhold and its RFP Authority, the points table as printed', () => {
    const a = get(PENHOLD_RFP);
    if (!a) return;
    // The RFP itself prints no solicitation number; the file name carries the APC reference.
    expect(a.solicitationNumber.text).toBe(NOT_FOUND);
    expect(a.fileNameReference).toBe('AB-2024-07156');
    expect(a.timeline.proposalDeadline).toMatchObject({ date: '2024-08-30', time: '14:00:00', timeZone: 'MST', page: 1 });
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
    expect(a.complianceRequirements.filter((c) => c.category === 'insurance').some((c) => c.text.includes('$5,000,000'))).toBe(true);
    expect(a.complianceRequirements.some((c) => c.category === 'trade_agreement')).toBe(true);
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
    expect(add3.addendum?.changes.some((c) => c.kind === 'answer' && c.description.includes('$3,500,000.00'))).toBe(true);
    expect(add3.riskFactors.some((r) => r.category === 'contradiction' && /No\. 3, No\. 2/.test(r.text))).toBe(true);
    expect(pen1.solicitationNumber.text).toBe('2024_004');
    expect(pen1.addendum?.changes.some((c) => c.kind === 'date' && c.description.includes('July 25'))).toBe(true);
    expect(pen3.addendum?.changes.some((c) => c.kind === 'removed' && c.description.includes('Pickled Sand Storage'))).toBe(true);
    expect(pen3.addendum?.changes.filter((c) => c.kind === 'answer').length).toBeGreaterThanOrEqual(15);
    expect(get(CAMROSE_APPENDIX)?.documentKind).toBe('appendix');
  });

  test('an addendum is shown against its RFP: the section and the date it changes', () => {
    const rfp = get(CAMROSE_RFP);
    const add1 = get(CAMROSE_ADD1);
    const pen = get(PENHOLD_RFP);
    const pen1 = get(PENHOLD_ADD1);
    if (!rfp || !add1 || !pen || !pen1) return;
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
    const [camrose] = linkedAddenda(stored(CAMROSE_RFP, rfp), [stored(CAMROSE_ADD1, add1), stored(PENHOLD_ADD1, pen1)]);
    expect(camrose?.documentId).toBe(CAMROSE_ADD1);
    // 4.11 is new: it lands under the RFP's "4.0 PROPOSAL REQUIREMENTS" heading.
    expect(camrose?.changes.find((c) => c.section === '4.11')?.rfpReference).toMatchObject({ page: 17 });
    const penhold = linkedAddenda(stored(PENHOLD_RFP, pen), [stored(CAMROSE_ADD1, add1), stored(PENHOLD_ADD1, pen1)]);
    expect(penhold.map((a) => a.documentId)).toEqual([PENHOLD_ADD1]);
    expect(penhold[0]?.changes.find((c) => c.kind === 'date')?.rfpReference).toMatchObject({ page: 10 });
  });

  test('every field is filled from the document or says it was not found, and every citation is on its page', () => {
    if (!present) {
      console.warn(`${RFP_PDF_DIR} is absent: real-PDF checks not run`);
      return;
    }
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    for (const [name, a] of analysed) {
      const pages = (extracted.get(name)?.pages ?? []).map(norm);
      const citations = allCitations(a);
      expect(citations.length, name).toBeGreaterThan(0);
      for (const c of citations) {
        expect(pages[c.page - 1], `${name} p${c.page}`).toContain(norm(c.quote));
      }
      const scalars = [a.summary, a.title, a.issuingBody, a.solicitationNumber, a.timeline.proposalDeadline, a.budgetInfo.paymentTerms];
      for (const s of scalars) {
        expect(s.text.length, name).toBeGreaterThan(0);
        expect(s.page === null ? s.text === NOT_FOUND : s.quote !== null, name).toBe(true);
      }
    }
  });
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
