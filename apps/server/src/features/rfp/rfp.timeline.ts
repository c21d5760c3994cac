import { NOT_FOUND, type Cited, type Deadline, type Milestone } from '@app/shared/rfp';
import { DATE_SOURCE, isoDate, tidyDate, TIME_SOURCE, ZONE_SOURCE, zoneAbbreviation } from './rfp.dates.ts';
import { cite, lineHit, notFound } from './rfp.identify.ts';
import { collapse, type DocText, isTocLine } from './rfp.text.ts';

const DATE = new RegExp(DATE_SOURCE, 'i');
const TIME = new RegExp(TIME_SOURCE, 'i');
const ZONE = new RegExp(ZONE_SOURCE);

const DEADLINE_ANCHOR =
  /(Solicitation Closes|Closing Date|Closing Time|Closing Date and Time|RFP Closing Time|RFP Closes|Bid Closing|Tender Closing|Submission Deadline|Proposal Deadline|Closes\s*:|closing date and time)/i;

/** The proposal deadline: the first closing statement that gives a date, with its time and zone. */
export function proposalDeadline(doc: DocText): Deadline {
  for (const anchor of doc.findAll(DEADLINE_ANCHOR, { span: 1, skipToc: true, limit: 30 })) {
    const i = anchor.from;
    const page = doc.lines[i]?.page;
    const sameLast = (n: number) => (doc.lines[n]?.page === page ? n : i);
    let dateEnd = i;
    let date: RegExpExecArray | null = null;
    for (let j = i; j <= sameLast(i + 3) && !date; j++) {
      date = DATE.exec(doc.window(i, j));
      dateEnd = j;
    }
    // "on or before 2:00 p.m. (Mountain / Standard Time) on April 2, 2026, (the "RFP Closing Time")"
    if (!date && i > 0 && doc.lines[i - 1]?.page === page) {
      date = DATE.exec(doc.window(i - 1, i));
      if (date) dateEnd = i;
    }
    if (!date) continue;
    const prevSamePage = i > 0 && doc.lines[i - 1]?.page === page;
    const lineText = doc.lines[i]?.text ?? '';
    const from =
      prevSamePage && (!DATE.test(lineText) || (!TIME.test(lineText) && TIME.test(doc.lines[i - 1]?.text ?? '')))
        ? i - 1
        : i;
    const to = Math.max(dateEnd, sameLast(Math.min(dateEnd + 1, i + 3)));
    const around = doc.window(from, to);
    const time = TIME.exec(around)?.[0]?.trim() ?? null;
    const zonePrinted = ZONE.exec(around)?.[0] ?? null;
    const abbreviation = /\(([A-Z]{2,4})\)/.exec(around)?.[1];
    const timeZone =
      abbreviation && ZONE.test(abbreviation) ? abbreviation : zonePrinted ? zoneAbbreviation(zonePrinted) : null;
    const printed = [tidyDate(date[0]), time, timeZone].filter(Boolean).join(' ');
    const hit = lineHit(doc, from, to, date[0]);
    return { text: printed, page: hit.page, quote: hit.quote, date: isoDate(date[0]), time, timeZone };
  }
  return { text: NOT_FOUND, page: null, quote: null, date: null, time: null, timeZone: null };
}

function datedStatement(doc: DocText, anchor: RegExp, extra?: RegExp): Cited[] {
  const out: Cited[] = [];
  for (const hit of doc.findAll(anchor, { span: 1, skipToc: true, limit: 20 })) {
    const page = doc.lines[hit.from]?.page;
    const to = doc.lines[hit.from + 1]?.page === page ? hit.from + 1 : hit.from;
    const text = doc.window(hit.from, to);
    const date = DATE.exec(text) ?? (extra ? extra.exec(text) : null);
    if (!date) continue;
    const last = DATE.test(doc.lines[hit.from]?.text ?? '') ? hit.from : to;
    const time = (TIME.exec(text.slice(date.index)) ?? TIME.exec(text))?.[0];
    out.push(cite([tidyDate(date[0]), time].filter(Boolean).join(' '), lineHit(doc, hit.from, last, date[0])));
  }
  return out;
}

export function questionsDeadline(doc: DocText): Cited {
  const relative =
    /\b(\w+ \(\d+\)|\d+)\s+(?:calendar |business |working )?days? (?:before|prior to) (?:the )?(?:bid |proposal |tender |RFP )?closing(?: date)?/i;
  const found = datedStatement(
    doc,
    /(Deadline for (?:Submitting )?(?:Questions|Enquiries|Inquiries)|(?:questions|enquiries|inquiries|RFIs?)\b.{0,80}\b(?:no later than|after|before|by|deadline)|no inquiry)/i,
    relative,
  );
  return found[0] ?? notFound();
}

export function siteMeetings(doc: DocText): Array<Cited & { mandatory: boolean | null }> {
  const anchor =
    /(site (?:meeting|visit)|bidders'?’? (?:meeting|conference)|bidder’s conference|information meeting|pre-?(?:bid|proposal) (?:meeting|conference)|on-site .{0,20}meeting)/i;
  const out: Array<Cited & { mandatory: boolean | null }> = [];
  for (const hit of doc.findAll(anchor, { span: 1, skipToc: true, limit: 20 })) {
    const page = doc.lines[hit.from]?.page;
    const to = doc.lines[hit.from + 1]?.page === page ? hit.from + 1 : hit.from;
    const text = doc.window(hit.from, to);
    const date = DATE.exec(text);
    if (!date) continue;
    const last = DATE.test(doc.lines[hit.from]?.text ?? '') ? hit.from : to;
    const wider = doc.window(hit.from, doc.lines[hit.from + 2]?.page === page ? hit.from + 2 : to);
    const after = wider.slice(wider.indexOf(date[0]) + date[0].length, wider.indexOf(date[0]) + date[0].length + 40);
    const time = TIME.exec(after)?.[0];
    const zone = ZONE.exec(after)?.[0];
    if (
      out.some(
        (m) =>
          m.text.startsWith(tidyDate(date[0])) ||
          (isoDate(date[0]) !== null && m.text.includes(isoDate(date[0]) ?? '')),
      )
    )
      continue;
    const before = doc.window(Math.max(0, hit.from - 1), last);
    const mandatory = /\bmandatory\b/i.test(before)
      ? true
      : /\boptional|not mandatory|recommended\b/i.test(before)
        ? false
        : null;
    out.push({
      ...cite(
        [tidyDate(date[0]), time, zone ? zoneAbbreviation(zone) : undefined].filter(Boolean).join(' '),
        lineHit(doc, hit.from, last, date[0]),
      ),
      mandatory,
    });
  }
  return out;
}

export function projectPeriod(doc: DocText): { start: Cited; end: Cited } {
  const period = doc.find(
    new RegExp(
      String.raw`(?:contract period|period of the contract|term of the contract|contract term)[^.]{0,40}?from\s+(${DATE_SOURCE})\s*,?\s*(?:to|until|through|-)\s+(${DATE_SOURCE})`,
      'i',
    ),
    { span: 2, skipToc: true },
  );
  if (period?.match[1] && period.match[2]) {
    return { start: cite(tidyDate(period.match[1]), period), end: cite(tidyDate(period.match[2]), period) };
  }
  const start =
    doc.find(
      new RegExp(String.raw`(?:commence(?:ment)?|start(?:ing)?|begin)[^.]{0,50}?(?:on|by)\s+(${DATE_SOURCE})`, 'i'),
      { span: 2, skipToc: true },
    ) ??
    doc.find(new RegExp(String.raw`^(Award[^\d]{0,40}Contract)\s{2,}(${DATE_SOURCE})`, 'i'), {
      span: 1,
      skipToc: true,
    });
  const end =
    doc.find(
      new RegExp(
        String.raw`(?:completed?|completion)[^.]{0,60}?(?:on or before|by|no later than)\s+(${DATE_SOURCE})`,
        'i',
      ),
      {
        span: 2,
        skipToc: true,
      },
    ) ?? doc.find(/^((?:Substantial|Total) Completion[^\d]{0,40}?)\s{2,}(.+)$/i, { span: 1, skipToc: true });
  const last = (m: RegExpExecArray) => m[m.length - 1] ?? m[0];
  return {
    start: start
      ? cite(
          start.match.length > 2
            ? `${collapse(start.match[1] ?? '')}: ${tidyDate(last(start.match))}`
            : tidyDate(last(start.match)),
          start,
        )
      : notFound(),
    end: end
      ? cite(
          end.match.length > 2
            ? `${collapse(end.match[1] ?? '')}: ${collapse(last(end.match))}`
            : tidyDate(last(end.match)),
          end,
        )
      : notFound(),
  };
}

export function issuedDate(doc: DocText): Cited {
  const hit =
    doc.find(
      new RegExp(String.raw`\b(?:Date Issued|Issue Date|Date of Issue|Issued on|Issued)\s*:?\s*(${DATE_SOURCE})`, 'i'),
      { end: 200, span: 1, skipToc: true },
    ) ??
    doc.find(new RegExp(String.raw`(?:^|\s{3})Date\s*:\s*(${DATE_SOURCE})`, 'i'), { end: 200, span: 1, skipToc: true });
  if (hit?.match[1]) return cite(tidyDate(hit.match[1]), hit);
  // A form laid out as "Solicitation No.:   Date:" above "84084-…   January 30, 2025".
  for (const line of doc.lines.slice(0, 120)) {
    const labels = line.text.split(/\s{3,}/);
    const k = labels.findIndex((c) => /^Date\s*:$/i.test(c.trim()));
    if (k < 0) continue;
    const next = doc.lines[line.index + 1];
    const value = next?.text.split(/\s{3,}/)[k];
    if (next && value && DATE.test(value)) return cite(tidyDate(value), lineHit(doc, line.index, next.index));
  }
  return notFound();
}

/** Rows of a schedule table ("Deadline for Submitting Questions   August 09, 2024"). */
export function scheduleRows(doc: DocText): Milestone[] {
  const out: Milestone[] = [];
  const row = new RegExp(String.raw`^([A-Za-z][A-Za-z '’/&(),-]{3,80}?)\s{2,}(${DATE_SOURCE})\s*$`, 'i');
  for (const line of doc.lines) {
    if (isTocLine(line.text)) continue;
    const m = row.exec(line.text.trim());
    if (!m?.[1] || !m[2]) continue;
    const hit = lineHit(doc, line.index);
    out.push({ date: tidyDate(m[2]), description: collapse(m[1]), page: hit.page, quote: hit.quote });
  }
  return out;
}
