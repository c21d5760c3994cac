import { NOT_FOUND, type Cited, type RfpDocumentKind } from '@app/shared/rfp';
import { collapse, isTocLine, type DocText, type Hit, type Line } from './rfp.text.ts';

/** Who issued the document, under which number and title, and whom to ask. */

export const notFound = (): Cited => ({ text: NOT_FOUND, page: null, quote: null });
export const cite = (text: string, hit: { page: number; quote: string }): Cited => ({
  text: collapse(text),
  page: hit.page,
  quote: hit.quote,
});
export const lineHit = (doc: DocText, from: number, to = from, focus?: string): Omit<Hit, 'match'> => ({
  page: doc.lines[from]?.page ?? 1,
  quote: doc.quote(from, to, focus),
  from,
  to,
});

const HEAD_LINES = 60;

function headText(doc: DocText, pages = 2): string {
  return doc.pageLines
    .slice(0, pages)
    .flat()
    .slice(0, HEAD_LINES)
    .map((l) => l.text)
    .join('\n');
}

export function documentKind(doc: DocText): RfpDocumentKind {
  const head = headText(doc);
  if (/\bAddendum\s*(?:No\.?|Number|#)?\s*:?\s*\d+/i.test(head) || /^\s*Addendum\s*$/im.test(head)) return 'addendum';
  const firstLines = (doc.pageLines[0] ?? [])
    .slice(0, 4)
    .map((l) => l.text)
    .join('\n');
  if (/^\s*APPENDIX\s+[A-Z0-9]{1,3}\b/im.test(firstLines)) return 'appendix';
  if (
    /\b(request for (proposals?|tenders?|quotations?|qualifications?|standing offers?|supply arrangements?)|invitation to (tender|bid)|bid solicitation|solicitation no)/i.test(
      head,
    )
  ) {
    return 'rfp';
  }
  return 'other';
}

export function addendumNumber(doc: DocText): Hit | undefined {
  return doc.find(/\bAddendum\s*(?:No\.?|Number|#)?\s*:?\s*(\d{1,3})\b/i, { end: HEAD_LINES, span: 1 });
}

/** Cells of a table-like line: runs separated by wide gaps (the layout puts 3 spaces there). */
const cells = (text: string) => text.split(/\s{3,}/).map((c) => c.trim());

/**
 * The value of a "Label:" field: on the same line after the label, or, in a form laid out as
 * a row of labels above a row of values, the cell below it on the next line.
 */
function labelledValue(
  doc: DocText,
  label: RegExp,
  accept: (v: string) => string | undefined,
  maxLine = 400,
): Cited | undefined {
  for (const line of doc.lines.slice(0, maxLine)) {
    if (isTocLine(line.text)) continue;
    const lineCells = cells(line.text);
    for (let k = 0; k < lineCells.length; k++) {
      const cell = lineCells[k] ?? '';
      const m = label.exec(cell);
      if (!m) continue;
      const rest = cell.slice(m.index + m[0].length).trim();
      const same = rest ? accept(rest) : lineCells[k + 1] ? accept(lineCells[k + 1] ?? '') : undefined;
      if (same) return cite(same, lineHit(doc, line.index, line.index, same));
      const next = doc.lines[line.index + 1];
      if (!next || next.page !== line.page) continue;
      const nextCells = cells(next.text);
      // Same column when the rows line up, else the first cell.
      const candidate = nextCells.length === lineCells.length ? nextCells[k] : nextCells[0];
      const below = candidate ? accept(candidate) : undefined;
      if (below) return cite(below, lineHit(doc, line.index, line.index + 1, below));
    }
  }
  return undefined;
}

const NUMBER_TOKEN = /^([A-Z0-9][A-Z0-9\-/_.]*\d[A-Z0-9\-/_.]*)/i;
function acceptNumber(v: string): string | undefined {
  const token = NUMBER_TOKEN.exec(v.trim())?.[1]?.replace(/[.]+$/, '');
  if (!token || token.length < 4 || /^\d{4}$/.test(token) || /^\d{3}-\d{3}-\d{4}$/.test(token)) return undefined;
  return token;
}

export function solicitationNumber(doc: DocText): Cited {
  return (
    labelledValue(
      doc,
      /\b(?:Solicitation|Tender|RFP|RFQ|RFT|Bid|Competition|Contract|File)\s*(?:No\.?|Number|#)\s*:?/i,
      acceptNumber,
    ) ??
    labelledValue(doc, /^Project\s*(?:No\.?|Number|#)?\s*:/i, acceptNumber, 120) ??
    notFound()
  );
}

/** An Alberta Purchasing Connection reference (AB-2024-07156) or a federal one in the file name. */
export function fileNameReference(filename: string): string | null {
  return (
    /(?<![A-Za-z0-9])(AB-\d{4}-\d{4,6})(?!\d)/i.exec(filename)?.[1]?.toUpperCase() ??
    /(?<!\d)(\d{5}-\d{2}-\d{4})(?!\d)/.exec(filename)?.[1] ??
    null
  );
}

const PUBLIC_BODY = String.raw`(?:Town|City|County|Village|Summer Village|Municipal District|District|Municipality|Regional Municipality|Region|Township|Province|Government) of [A-Z][A-Za-z.'’-]+(?: [A-Z][A-Za-z.'’-]+){0,3}`;
const STOP_TITLE = /^(request for|addendum|rfp closes|closing|date|note|page \d|\(the|to:|re:)/i;

export function issuingBody(doc: DocText): Cited {
  const office = labelledValue(
    doc,
    /\b(?:Issuing Office|Issued by|Owner)\s*:/i,
    (v) => (/[A-Za-z]{3}/.test(v) ? v : undefined),
    200,
  );
  if (office) return office;
  const owner = doc.find(new RegExp(String.raw`(?:The\s+)?(${PUBLIC_BODY})\s*\(the\s+["“]?Owner`), {
    span: 2,
    skipToc: true,
  });
  if (owner?.match[1]) return cite(owner.match[1], owner);
  const defined = doc.find(/[“"]Owner[”"]\s+(?:is|means)\s+(?:the\s+)?([A-Z][A-Za-z .'’-]+?)\s*[.,;]/, {
    span: 2,
    skipToc: true,
  });
  if (defined?.match[1]) return cite(defined.match[1], defined);
  for (const line of (doc.pageLines[0] ?? []).slice(0, 12)) {
    const m = new RegExp(String.raw`^(${PUBLIC_BODY}|[A-Z][a-z]+ County|Government of Canada)\s*$`).exec(
      line.text.trim(),
    );
    if (m?.[1]) return cite(m[1], lineHit(doc, line.index));
  }
  const anywhere = doc.find(new RegExp(String.raw`\b(${PUBLIC_BODY})\b`), { end: 600, skipToc: true });
  if (anywhere?.match[1]) return cite(anywhere.match[1], anywhere);
  return notFound();
}

export function documentTitle(doc: DocText, issuer: Cited): Cited {
  const labelled = labelledValue(
    doc,
    /^Title\s*:?/i,
    (v) => (/[A-Za-z]{3}/.test(v) && !/:$/.test(v) ? v : undefined),
    200,
  );
  if (labelled) return labelled;
  const first = doc.pageLines[0] ?? [];
  const take = (start: number): Cited | undefined => {
    const parts: Line[] = [];
    for (const line of first.slice(start, start + 3)) {
      const t = line.text.trim();
      if (!t || STOP_TITLE.test(t) || t === issuer.text || /^\d{4}_\d+|Addendum/i.test(t)) break;
      parts.push(line);
    }
    const firstPart = parts[0];
    const lastPart = parts[parts.length - 1];
    if (!firstPart || !lastPart) return undefined;
    const text = parts.map((p) => p.text.trim()).join(' ');
    return text.length >= 6 ? cite(text, lineHit(doc, firstPart.index, lastPart.index)) : undefined;
  };
  // 'Public Services Building (the "Project")'
  const projectIdx = first.findIndex((l) => /^\(the\s+["“](Project|Work)["”]\)$/i.test(l.text.trim()));
  if (projectIdx > 0) {
    const line = first[projectIdx - 1];
    if (line) return cite(line.text, lineHit(doc, line.index, line.index + 1));
  }
  const rfpIdx = first.findIndex((l) => /^request for (proposals?|tenders?|quotations?)$/i.test(l.text.trim()));
  const afterRfp = rfpIdx >= 0 ? take(rfpIdx + 1) : undefined;
  if (afterRfp) return afterRfp;
  const issuerIdx = first.findIndex((l) => l.text.trim() === issuer.text);
  const afterIssuer = issuerIdx >= 0 ? take(issuerIdx + 1) : undefined;
  if (afterIssuer) return afterIssuer;
  return notFound();
}

const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/;
const PHONE = /(?:\(\d{3}\)\s?|\b\d{3}[-.\s])\d{3}[-.\s]\d{4}\b/;
const NOT_A_NAME =
  /\b(Telephone|Email|E-mail|Address|Project|Manager|Services?|Authority|County|Town|City|Canada|Energy|Regulator|Procurement|Public|Building|Request|Proposals?|Owner|Municipal|Office|Department|Date|Page|Contracting|Protective|Inquiries|Enquiries|Attention|Attn|Regional|Landfill|Bids?|Phone|Fax)\b/;
const PERSON =
  /^(?:Attn:?\s*|Attention:?\s*)?([A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?){1,2})(?=\s*(?:$|[–—-]\s|,|\s{3}))/;

function personOn(text: string): string | undefined {
  const m = PERSON.exec(text.trim());
  return m?.[1] && !NOT_A_NAME.test(m[1]) ? m[1] : undefined;
}

export function contact(doc: DocText): { name: Cited; email: Cited; phone: Cited } {
  const anchors = doc.findAll(
    /(Address Enquiries to|enquiries|inquiries|questions regarding|RFP Authority|Contracting Authority|Contact Person|Procurement (?:Contact|Officer)|directed,? in writing,? to)/i,
    { span: 1, skipToc: true, limit: 40 },
  );
  for (const anchor of anchors) {
    const page = doc.lines[anchor.from]?.page;
    const window = doc.lines.slice(anchor.from, anchor.from + 14).filter((l) => l.page === page);
    const emailLine = window.find((l) => EMAIL.test(l.text));
    if (!emailLine) continue;
    const email = EMAIL.exec(emailLine.text)?.[0] ?? '';
    const nameLine = window.find((l) => l.index <= emailLine.index && personOn(l.text));
    const phoneLine = window.find((l) => PHONE.test(l.text));
    return {
      name: nameLine ? cite(personOn(nameLine.text) ?? '', lineHit(doc, nameLine.index)) : notFound(),
      email: cite(email, lineHit(doc, emailLine.index)),
      phone: phoneLine ? cite(PHONE.exec(phoneLine.text)?.[0] ?? '', lineHit(doc, phoneLine.index)) : notFound(),
    };
  }
  // No contact block: any address or number the document prints (addenda often give only a phone).
  const email = doc.find(EMAIL, { span: 1, skipToc: true });
  const phone = doc.find(PHONE, { span: 1, skipToc: true });
  return {
    name: notFound(),
    email: email ? cite(email.match[0], email) : notFound(),
    phone: phone ? cite(phone.match[0], phone) : notFound(),
  };
}
