import PDFDocument from 'pdfkit';
import { NOT_FOUND, type Cited, type LinkedAddendum, type RfpAnalysis } from '@app/shared/rfp';

/** The downloadable report: the analysis with every citation (page and quote), as Markdown and PDF. */

export interface ReportInput {
  filename: string;
  pageCount: number;
  analysis: RfpAnalysis;
  addenda: LinkedAddendum[];
  generatedAt: string;
}

interface Section {
  heading: string;
  items: Array<{ label?: string; text: string; page: number | null; quote: string | null }>;
}

function sections(input: ReportInput): Section[] {
  const a = input.analysis;
  const one = (label: string, c: Cited) => ({ label, text: c.text, page: c.page, quote: c.quote });
  const list = (cs: Cited[]) => cs.map((c) => ({ text: c.text, page: c.page, quote: c.quote }));
  const t = a.timeline;
  const out: Section[] = [
    {
      heading: 'Document',
      items: [
        one('Solicitation number', a.solicitationNumber),
        ...(a.fileNameReference
          ? [{ label: 'Reference in the file name', text: a.fileNameReference, page: null, quote: null }]
          : []),
        one('Title', a.title),
        one('Issuing body', a.issuingBody),
        one('Contact', a.contact.name),
        one('Email', a.contact.email),
        one('Phone', a.contact.phone),
      ],
    },
    { heading: 'Summary', items: [one('', a.summary)] },
    { heading: 'Key requirements', items: list(a.keyRequirements) },
    {
      heading: 'Timeline',
      items: [
        one('Issued', t.issued),
        one('Proposal deadline', t.proposalDeadline),
        one('Questions deadline', t.questionsDeadline),
        one(t.siteMeeting.mandatory ? 'Site meeting (mandatory)' : 'Site meeting', t.siteMeeting),
        one('Project start', t.projectStart),
        one('Project end', t.projectEnd),
        ...t.keyMilestones.map((m) => ({ label: m.date, text: m.description, page: m.page, quote: m.quote })),
      ],
    },
    {
      heading: 'Evaluation',
      items: [
        ...a.evaluation.criteria.map((c) => ({
          label: `${c.criterion} - ${c.weight}`,
          text: c.description,
          page: c.page,
          quote: c.quote,
        })),
        one('Scoring method', a.evaluation.scoringMethod),
        ...a.evaluation.mandatoryRequirements.map((c) => one('Mandatory (pass/fail)', c)),
      ],
    },
    {
      heading: 'Budget',
      items: [
        one('Estimated value', a.budgetInfo.estimatedValue),
        one('Payment terms', a.budgetInfo.paymentTerms),
        one('Budget constraints', a.budgetInfo.budgetConstraints),
      ],
    },
    {
      heading: 'Compliance requirements',
      items: a.complianceRequirements.map((c) => one(c.category.replace(/_/g, ' '), c)),
    },
    { heading: 'Risk factors', items: a.riskFactors.map((c) => one(c.category.replace(/_/g, ' '), c)) },
    { heading: 'Recommendations', items: list(a.recommendations) },
  ];
  if (a.addendum) {
    out.push({
      heading: `Addendum ${a.addendum.number ?? ''}: what it changes`,
      items: a.addendum.changes.map((c) => ({
        label: c.kind + (c.section ? ` ${c.section}` : ''),
        text: c.description,
        page: c.page,
        quote: c.quote,
      })),
    });
  }
  for (const add of input.addenda) {
    out.push({
      heading: `Addendum ${add.number ?? ''} (${add.filename}, ${add.date}): changes to this RFP`,
      items: add.changes.map((c) => ({
        label: c.kind + (c.section ? ` ${c.section}` : ''),
        text: `${c.description}${c.rfpReference ? ` [RFP p. ${c.rfpReference.page}]` : ''}`,
        page: c.page,
        quote: c.quote,
      })),
    });
  }
  return out;
}

/** "p. 3", or "p. 3 (OCR)" when that page's text was read by OCR. */
const pageLabel = (input: ReportInput, page: number) =>
  `p. ${page}${(input.analysis.ocrPages ?? []).includes(page) ? ' (OCR)' : ''}`;

function title(input: ReportInput): string {
  const n = input.analysis.solicitationNumber;
  return `RFP analysis: ${n.page !== null ? n.text : (input.analysis.fileNameReference ?? input.filename)}`;
}

export function markdownReport(input: ReportInput): string {
  const esc = (s: string) => s.replace(/([\\`*_[\]<>|])/g, '\\$1');
  const lines = [
    `# ${esc(title(input))}`,
    '',
    `Source file: ${esc(input.filename)} (${input.pageCount} pages). Generated ${input.generatedAt} by ${input.analysis.engine}.`,
    `Values the document does not give say "${NOT_FOUND}". Page numbers are PDF pages.`,
    ...((input.analysis.ocrPages ?? []).length > 0
      ? [
          `Pages marked (OCR) had no text layer and were read by OCR from their images: check what is quoted from them against the page.`,
        ]
      : []),
    '',
  ];
  for (const s of sections(input)) {
    lines.push(`## ${esc(s.heading)}`, '');
    if (s.items.length === 0) lines.push(`- ${NOT_FOUND}`);
    for (const item of s.items) {
      const label = item.label ? `**${esc(item.label)}**: ` : '';
      lines.push(`- ${label}${esc(item.text)}${item.page !== null ? ` (${pageLabel(input, item.page)})` : ''}`);
      if (item.page !== null && item.quote) lines.push(`  > ${pageLabel(input, item.page)}: "${esc(item.quote)}"`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** pdfkit's standard fonts are WinAnsi: replace what they cannot draw rather than print garbage. */
const winAnsi = (s: string) =>
  s
    .replace(/\s/g, (c) => (c === '\n' ? c : ' '))
    .replace(/[^\n\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');

export function pdfReport(input: ReportInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 54,
      info: { Title: winAnsi(title(input)), Creator: 'Breeze', Producer: 'Breeze (pdfkit)' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(winAnsi(title(input)));
    doc.moveDown(0.3);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        winAnsi(
          `Source file: ${input.filename} (${input.pageCount} pages). Generated ${input.generatedAt} by ${input.analysis.engine}.`,
        ),
      )
      .text(
        `Values the document does not give say "${NOT_FOUND}". Each item cites the PDF page and the text quoted from it.`,
      );
    for (const s of sections(input)) {
      doc.moveDown(0.8).fillColor('#000000').font('Helvetica-Bold').fontSize(12).text(winAnsi(s.heading));
      doc.moveDown(0.2);
      if (s.items.length === 0) doc.font('Helvetica').fontSize(10).text(NOT_FOUND);
      for (const item of s.items) {
        doc.font('Helvetica').fontSize(10).fillColor('#000000');
        if (item.label)
          doc
            .font('Helvetica-Bold')
            .text(winAnsi(`${item.label}: `), { continued: true })
            .font('Helvetica');
        doc.text(winAnsi(`${item.text}${item.page !== null ? ` (${pageLabel(input, item.page)})` : ''}`));
        if (item.page !== null && item.quote) {
          doc
            .font('Helvetica-Oblique')
            .fontSize(8.5)
            .fillColor('#444444')
            .text(winAnsi(`${pageLabel(input, item.page)}: "${item.quote}"`), { indent: 12 });
        }
        doc.moveDown(0.25);
      }
    }
    doc.end();
  });
}

/** RFC 6266 / RFC 8187: an ASCII fallback plus the UTF-8 name, never raw user text in the header. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
