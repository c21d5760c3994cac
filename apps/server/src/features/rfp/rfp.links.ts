import type { Citation, LinkedAddendum, RfpAnalysis } from '@app/shared/rfp';
import { DAY_MONTH_SOURCE } from './rfp.dates.ts';
import { fileNameReference } from './rfp.identify.ts';
import type { StoredRfpDocument } from './rfp.queries.ts';
import { DocText, isTocLine } from './rfp.text.ts';

/** Addenda belong to the RFP with the same solicitation number, the same title, or the same file-name reference. */

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function belongsTo(
  addendum: Pick<StoredRfpDocument, 'solicitationNumber' | 'title' | 'filename'>,
  rfp: StoredRfpDocument,
): boolean {
  if (
    addendum.solicitationNumber &&
    rfp.solicitationNumber &&
    norm(addendum.solicitationNumber) === norm(rfp.solicitationNumber)
  )
    return true;
  if (addendum.title && rfp.title) {
    const a = norm(addendum.title);
    const r = norm(rfp.title);
    if (a === r || (Math.min(a.length, r.length) >= 12 && (a.includes(r) || r.includes(a)))) return true;
  }
  const fa = fileNameReference(addendum.filename);
  return fa !== null && fa === fileNameReference(rfp.filename);
}

/** The RFP an addendum belongs to among the user's documents (the oldest upload when several match). */
export function parentOf(addendum: StoredRfpDocument, docs: StoredRfpDocument[]): StoredRfpDocument | undefined {
  if (addendum.kind !== 'addendum') return undefined;
  return docs
    .filter((d) => d.kind === 'rfp' && d.id !== addendum.id && belongsTo(addendum, d))
    .sort((x, y) => x.createdAt.localeCompare(y.createdAt))[0];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where in the RFP a change lands: the section's heading (or its parent's), or the line giving the same date. */
function rfpReference(rfp: DocText, change: { section: string | null; description: string }): Citation | null {
  const sections: string[] = [];
  if (change.section) {
    sections.push(change.section);
    const parts = change.section.split('.');
    while (parts.length > 1) {
      parts.pop();
      sections.push(parts.join('.'), `${parts.join('.')}.0`);
    }
  }
  const addedTo = /Section\s+(\d+(?:\.\d+)*)/.exec(change.description)?.[1];
  if (addedTo) sections.splice(1, 0, addedTo);
  for (const s of sections) {
    const hit = rfp.find(new RegExp(`^\\s*${escapeRe(s)}\\.?\\s+[A-Z]`), { span: 1, skipToc: true });
    if (hit) return { page: hit.page, quote: hit.quote };
  }
  for (const m of change.description.matchAll(new RegExp(DAY_MONTH_SOURCE, 'gi'))) {
    const day = m[0].replace(/(\d)(st|nd|rd|th)\b/i, '$1');
    const [month, num] = day.split(/\s+/);
    if (!month || !num) continue;
    const re = new RegExp(`\\b${escapeRe(month)}\\s+0?${escapeRe(num)}(?!\\d)`, 'i');
    const line = rfp.lines.find((l) => !isTocLine(l.text) && re.test(l.text));
    if (line) return { page: line.page, quote: rfp.quote(line.index, line.index) };
  }
  return null;
}

export function linkedAddenda(
  rfp: StoredRfpDocument & { pages: string[] },
  addenda: Array<StoredRfpDocument & { analysis: RfpAnalysis | null }>,
): LinkedAddendum[] {
  const text = new DocText(rfp.pages);
  return addenda
    .filter((a) => a.analysis?.addendum && belongsTo(a, rfp))
    .map((a) => {
      const add = a.analysis?.addendum;
      return {
        documentId: a.id,
        filename: a.filename,
        number: add?.number ?? null,
        date: add?.date.text ?? '',
        changes: (add?.changes ?? []).map((c) => ({ ...c, rfpReference: rfpReference(text, c) })),
      };
    })
    .sort((x, y) => Number(x.number ?? 0) - Number(y.number ?? 0));
}
