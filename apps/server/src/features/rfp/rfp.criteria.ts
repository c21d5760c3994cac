import { NOT_FOUND, type Cited, type Criterion } from '@app/shared/rfp';
import { cite, lineHit } from './rfp.identify.ts';
import { collapse, type DocText, isTocLine, type Line } from './rfp.text.ts';

/**
 * Evaluation tables as the layout prints them: a header row ending in Score / Points /
 * Weighting, then rows whose last cell is the weight ("1. Design Methodology   3",
 * "A   5", "3.1   0-10   10", "Compliance   PASS/ FAIL"). Titles and descriptions sit on the
 * lines around a row, because cells are vertically centred.
 */

const HEADER = /(?:\b(?:Score|Points|Weighting|Weight|Rating)\s*(?:\(%\))?\s*$)|^\(%\)$/i;
const ROW = /^(.*?)(?:\s{2,}|^)(PASS\s*\/\s*FAIL|\d{1,3}\s*%|\d{1,3}\s*[-–]\s*\d{1,3}(?:\s*pts?\.?)?|\d{1,3})$/i;
const ENUM = /^(\d+(?:\.\d+)*\.?(?:\s*[a-z]\))?|[A-Z])(?:\s+|$)/;
const TOTAL = /^(total|technical rating|overall|grand total)/i;
const NOISE = /^(maximum|points|maximum points|score|item|no\.|rating|weighted rating|weighting|weight|\(%\))$/i;
const SMALL = new Set([
  'of',
  'and',
  'the',
  'on',
  'for',
  'to',
  'a',
  'an',
  'in',
  'or',
  'with',
  '&',
  '/',
  '-',
  '–',
  'by',
  'per',
]);

export function titleLike(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 90 || /[.,;]$/.test(t) || /^[a-z•o■]/.test(t)) return false;
  const words = t.split(/\s+/).filter((w) => /[A-Za-z]/.test(w) && !SMALL.has(w.toLowerCase()));
  if (words.length === 0) return false;
  const capitalised = words.filter((w) => /^[("“]?[A-Z0-9]/.test(w)).length;
  return capitalised / words.length >= 0.6;
}

const stripNoise = (text: string) =>
  text
    .split(/\s{2,}/)
    .filter((c) => !NOISE.test(c.trim()))
    .join(' ')
    .trim();

function weightText(value: string, unit: 'points' | '%'): string {
  const v = collapse(value).replace(/\s*\/\s*/, '/');
  if (/pass/i.test(v)) return 'PASS/FAIL';
  if (/%$/.test(v)) return v.replace(/\s+%/, '%');
  const bare = v.replace(/\s*pts?\.?$/i, '');
  return unit === '%' ? `${bare}%` : `${bare} points`;
}

interface Table {
  unit: 'points' | '%';
  start: number;
}

function findTables(doc: DocText): Table[] {
  const tables: Table[] = [];
  for (const line of doc.lines) {
    if (isTocLine(line.text) || !HEADER.test(line.text.trim())) continue;
    const page = doc.pageLines[line.page - 1] ?? [];
    const around = page
      .filter((l) => Math.abs(l.index - line.index) <= 2)
      .map((l) => l.text)
      .join(' ');
    const unit = /weighting|\(%\)|percent/i.test(around) ? '%' : 'points';
    if (tables.some((t) => Math.abs(t.start - line.index) <= 3)) continue;
    tables.push({ unit, start: line.index });
  }
  return tables;
}

export interface Evaluation {
  criteria: Criterion[];
  totals: Cited[];
  passFail: Cited[];
}

export function evaluationCriteria(doc: DocText): Evaluation {
  const criteria: Criterion[] = [];
  const totals: Cited[] = [];
  const passFail: Cited[] = [];
  const seen = new Set<string>();
  let parsedTo = -1;
  for (const table of findTables(doc)) {
    if (table.start <= parsedTo) continue;
    let group: string | undefined;
    let titles: Line[] = [];
    let pending: Line | undefined; // an enumerated line whose weight is on a later line
    let last: Criterion | undefined;
    let rows = 0;
    const firstPage = doc.lines[table.start]?.page ?? 1;
    for (let i = table.start + 1; i < doc.lines.length; i++) {
      parsedTo = i;
      const line = doc.lines[i];
      if (!line || line.page > firstPage + 2) break;
      const text = line.text.trim();
      if (!text || /^Page \d+ of \d+$/i.test(text) || (/^\d{1,3}$/.test(text) && !ROW.test(text))) continue;
      const row = ROW.exec(text);
      const label = row ? stripNoise(row[1] ?? '') : '';
      // A new numbered section (not a row) ends the table.
      if (!row && rows > 0 && /^\d+(\.\d+)+\s+[A-Z]/.test(text) && !titleLike(text.replace(/^[\d.]+\s+/, ''))) break;
      if (!row && rows > 0 && /^\d+(\.\d+)+\s+[A-Z][a-z]+ [a-z]/.test(text)) break;
      if (row && TOTAL.test(label)) {
        totals.push(cite(`${label}: ${weightText(row[2] ?? '', table.unit)}`, lineHit(doc, i)));
        rows++;
        titles = [];
        pending = undefined;
        last = undefined;
        continue;
      }
      if (!row) {
        const clean = stripNoise(text);
        if (!clean) continue;
        if (ENUM.test(clean) && titleLike(clean.replace(ENUM, '')) && clean.replace(ENUM, '').length > 0) {
          pending = line;
          continue;
        }
        if (titleLike(clean) && !/^(criterion|evaluation criteria|criterion description|item)/i.test(clean)) {
          if (titles.length > 0 && (titles[titles.length - 1]?.index ?? -9) < i - 1) titles = [];
          titles.push(line);
          group = clean;
          last = undefined;
          continue;
        }
        if (last && last.description.length < 300) {
          last.description = collapse(`${last.description === NOT_FOUND ? '' : last.description} ${clean}`).slice(
            0,
            300,
          );
        }
        continue;
      }
      const weight = weightText(row[2] ?? '', table.unit);
      const enumMatch = ENUM.exec(label);
      const enumerator = enumMatch?.[1]?.trim() ?? '';
      const rest = label
        .replace(ENUM, '')
        .replace(/^\d+\s*[-–]\s*\d+\s*$/, '')
        .trim();
      let criterion: string;
      let description = '';
      let from = i;
      if (pending && !enumerator) {
        // "1. Letter of Offer … Submission" above "Compliance   PASS/ FAIL", or a title above its description.
        const short = rest.split(/\s+/).length <= 3;
        criterion = collapse(`${stripNoise(pending.text)} ${short ? rest : ''}`);
        description = short ? '' : rest;
        from = pending.index;
      } else if (enumerator && rest && titleLike(rest)) {
        criterion = `${enumerator} ${rest}`;
        if (group && group !== rest) criterion = `${group}: ${criterion}`;
      } else {
        const title = titles.map((t) => stripNoise(t.text)).join(' ');
        criterion = collapse(`${enumerator} ${title || rest}`);
        description = title ? rest : '';
        if (titles[0]) from = titles[0].index;
      }
      pending = undefined;
      titles = [];
      rows++;
      if (!criterion || !/[A-Za-z]{3}/.test(criterion)) continue;
      const key = enumerator && /\d/.test(enumerator) ? `${group ?? ''}|${enumerator}` : criterion.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const hit = lineHit(doc, from, i, row[2]);
      last = { criterion, weight, description: description || NOT_FOUND, page: hit.page, quote: hit.quote };
      if (weight === 'PASS/FAIL') passFail.push(cite(`${criterion} (PASS/FAIL)`, hit));
      criteria.push(last);
    }
  }
  for (const c of criteria) {
    if (c.description === NOT_FOUND && c.criterion.includes(': '))
      c.description = `Part of ${c.criterion.split(': ')[0] ?? ''}`;
  }
  return { criteria, totals, passFail };
}

/** Overall method: ratios of technical merit and price, pass marks, how points are given. */
export function scoringMethod(doc: DocText): Cited[] {
  const out: Cited[] = [];
  const patterns = [
    /ratio will be \d+\s*%[^.]*/i,
    /evaluation will be based on[^.]*(?:weighting|points|criteria)/i,
    /(?:minimum|pass mark)[^.]{0,40}?\(?\d+\)?\s+points[^.]*/i,
    /highest (?:total |combined )?(?:score|rating|ranked)[^.]*/i,
    /(?:awarded|scored) as a percentage of the total points[^.]*/i,
  ];
  for (const re of patterns) {
    const hit = doc.find(re, { span: 2, skipToc: true });
    if (hit) {
      const s = doc.sentenceAt(hit.from);
      const to = Math.max(s.to, hit.to);
      out.push(cite(doc.sentenceContaining(s.from, to, hit.match[0]), lineHit(doc, s.from, to, hit.match[0])));
    }
  }
  return out;
}
