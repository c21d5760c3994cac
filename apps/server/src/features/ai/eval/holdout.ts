import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { decodeHTML } from 'entities';
import { z } from 'zod';
import type { RequirementKind } from '@app/shared/ai';
import { mapCanadaBuysRecord } from '../../ingest/canadabuys.ts';
import type { CanadaBuysRecord } from '../../ingest/canadabuys-columns.ts';
import { toTender } from '../../tenders/tender-row.ts';
import { analyzeTender, sourceFromTender, type SummaryCore } from '../tender-analysis.ts';
import type { Counts } from './run-eval.ts';

/**
 * Scores the offline engine on the independent hold-out set (holdout/README.md): 35 notices
 * written by someone who never saw the engine, with the answers (holdout-answers.json) and the
 * scoring aids (holdout-notes.json: other acceptable values, value and requirement traps,
 * borderline items). It follows the README's suggested scoring:
 *
 * - category: the decoded labels joined with ", ", exact match.
 * - value: right when within 0.5 % of the amount or of an also-acceptable amount, and in the
 *   same currency (keyDetails.valueCurrency, CAD when absent); "none" when none is counted
 *   apart; an engine value equal to one of the notes' value traps is a trap hit.
 * - requirements: an expected item is found when an engine requirement contains its quote
 *   (case-insensitive, whitespace collapsed, entities decoded). The engine requirement's text
 *   is what it shows plus the source text it cites (the sentence, or the trade-agreements
 *   field); for trade agreements the acronym or the full name counts. Recall is scored by
 *   text, then by text and kind; precision per engine requirement: right when it contains an
 *   expected quote (of the same kind, for the kind figures), ignored when it only contains a
 *   borderline item, a trap hit when it contains a trap quote of its kind.
 *
 * The engine's kinds map onto the set's: security → security_clearance; bilingual and
 * canadian_content → mandatory (the README files language and Canadian-content obligations
 * under mandatory). This set is never used to tune the engine: its figures are reported as
 * they come out.
 */

const quoteSchema = z.object({ kind: z.string(), text: z.string() });
const answersSchema = z.record(
  z.string(),
  z.object({
    category: z.string(),
    value: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    requirements: z.array(quoteSchema),
  }),
);
const notesSchema = z.record(
  z.string(),
  z.object({
    note: z.string(),
    valueAlsoAcceptable: z.array(z.number()),
    valueTraps: z.array(z.string()),
    requirementTraps: z.array(quoteSchema.extend({ why: z.string() })),
    borderline: z.array(quoteSchema),
  }),
);

export const HOLDOUT_KINDS = [
  'mandatory',
  'security_clearance',
  'insurance',
  'bonding',
  'site_visit',
  'certification',
  'trade_agreement',
  'set_aside',
] as const;

const KIND_OF: Record<RequirementKind, string> = {
  mandatory: 'mandatory',
  security: 'security_clearance',
  insurance: 'insurance',
  bonding: 'bonding',
  site_visit: 'site_visit',
  certification: 'certification',
  trade_agreement: 'trade_agreement',
  set_aside: 'set_aside',
  bilingual: 'mandatory',
  canadian_content: 'mandatory',
};

/** The README's table: either the acronym or the full name counts. */
const TRADE_NAMES: Record<string, string[]> = {
  CFTA: ['Canadian Free Trade Agreement'],
  'WTO GPA': ['WTO-GPA', 'World Trade Organization Agreement on Government Procurement'],
  'WTO-GPA': ['WTO GPA', 'World Trade Organization Agreement on Government Procurement'],
  CETA: ['Canada-European Union Comprehensive Economic and Trade Agreement'],
  CPTPP: ['Comprehensive and Progressive Agreement for Trans-Pacific Partnership'],
  'Canada-UK TCA': ['Canada-UK Trade Continuity Agreement', 'Canada-United Kingdom Trade Continuity Agreement'],
  CKFTA: ['Canada-Korea Free Trade Agreement', 'Canada-Korea FTA'],
  CUFTA: ['Canada-Ukraine Free Trade Agreement', 'Canada-Ukraine FTA'],
  CPFTA: ['Canada-Peru Free Trade Agreement', 'Canada-Peru FTA'],
  CCFTA: ['Canada-Chile Free Trade Agreement', 'Canada-Chile FTA'],
};

export const normalize = (s: string) => decodeHTML(s).replace(/\s+/g, ' ').trim().toLowerCase();

function quoteForms(q: { kind: string; text: string }): string[] {
  const forms = [q.text, ...(q.kind === 'trade_agreement' ? (TRADE_NAMES[q.text] ?? []) : [])];
  return forms.map(normalize);
}

/** The amount a value trap names ("$1,500 per calendar day", "2 000 000 $", "$1.2M"), if any. */
export function trapAmount(trap: string): number | null {
  const m = /(\d{1,3}(?:[ ,\u00a0]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*(k|m|million|thousand)?\b/i.exec(trap);
  if (!m) return null;
  const whole = Number((m[1] ?? '').replace(/[ ,\u00a0]/g, ''));
  const amount = whole + (m[2] ? Number(`0.${m[2]}`) : 0);
  const scale = m[3]?.toLowerCase();
  const factor = scale === 'k' || scale === 'thousand' ? 1e3 : scale === 'm' || scale === 'million' ? 1e6 : 1;
  return amount * factor;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * 0.005;

/**
 * Requirements: precision over the engine's items (one item can cover several expected quotes,
 * e.g. all trade agreements of the record), recall over the expected quotes.
 */
export interface ItemCounts {
  /** Engine items that contain an expected quote of their kind. */
  right: number;
  /** Engine items that contain none (borderline-only items are left out). */
  wrong: number;
  /** Expected quotes found in an engine item of their kind. */
  found: number;
  missed: number;
  /** Expected quotes found in an engine item of any kind. */
  foundByText: number;
}
const emptyItems = (): ItemCounts => ({ right: 0, wrong: 0, found: 0, missed: 0, foundByText: 0 });

export interface HoldoutResult {
  tenders: number;
  category: Counts;
  value: Counts;
  valueNoneCorrect: number;
  valueNoneTotal: number;
  valueTrapHits: number;
  requirements: ItemCounts;
  /** Engine requirements that contain only borderline items (not counted either way). */
  borderlineIgnored: number;
  requirementTrapHits: number;
  byKind: Record<string, ItemCounts>;
  msPerSummary: { mean: number; p95: number; max: number };
  misses: string[];
}

const empty = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

/** The offline analysis of each notice of a CanadaBuys file, keyed by id, as ingestion maps it. */
export function analyzeFile(csvPath: string): Map<string, { core: SummaryCore; ms: number }> {
  const records = parse<CanadaBuysRecord>(readFileSync(csvPath), {
    columns: true,
    bom: true,
    relax_column_count: true,
  });
  const out = new Map<string, { core: SummaryCore; ms: number }>();
  for (const record of records) {
    const mapped = mapCanadaBuysRecord(record, { source: 'canadabuys' });
    if (!mapped.ok) throw new Error(`hold-out row rejected: ${mapped.reason}`);
    const tender = toTender(
      { ...mapped.tender, created_at: '2026-01-06T00:00:00.000Z', updated_at: '2026-01-06T00:00:00.000Z' },
      new Date('2026-01-06T12:00:00Z'),
    );
    const started = performance.now();
    const core = analyzeTender(sourceFromTender(tender, 'en'), 'en');
    out.set(tender.id, { core, ms: performance.now() - started });
  }
  return out;
}

export function evaluateHoldout(csvPath: string, answersPath: string, notesPath: string): HoldoutResult {
  const answers = answersSchema.parse(JSON.parse(readFileSync(answersPath, 'utf8')));
  const notes = notesSchema.parse(JSON.parse(readFileSync(notesPath, 'utf8')));
  const analysed = analyzeFile(csvPath);
  const r: HoldoutResult = {
    tenders: 0,
    category: empty(),
    value: empty(),
    valueNoneCorrect: 0,
    valueNoneTotal: 0,
    valueTrapHits: 0,
    requirements: emptyItems(),
    borderlineIgnored: 0,
    requirementTrapHits: 0,
    byKind: Object.fromEntries(HOLDOUT_KINDS.map((k) => [k, emptyItems()])),
    msPerSummary: { mean: 0, p95: 0, max: 0 },
    misses: [],
  };
  const times: number[] = [];
  const kindCounts = (k: string) => (r.byKind[k] ??= emptyItems());

  for (const [id, answer] of Object.entries(answers)) {
    const got = analysed.get(id);
    if (!got) throw new Error(`hold-out answer ${id} has no row in the CSV`);
    const note = notes[id] ?? {
      note: '',
      valueAlsoAcceptable: [],
      valueTraps: [],
      requirementTraps: [],
      borderline: [],
    };
    const { core: s } = got;
    r.tenders++;
    times.push(got.ms);

    // Category: the labels before the codes, "Goods, Service related to Goods (GD*SRVTGD) · …".
    const label = /^(.*?) \([A-Z*]+\)/.exec(s.keyDetails.category)?.[1] ?? '';
    if (label === answer.category) r.category.tp++;
    else {
      r.category.fn++;
      if (label) r.category.fp++;
      r.misses.push(`${id} category: "${label || s.keyDetails.category}" instead of "${answer.category}"`);
    }

    // Value, with its currency (Canadian dollars when the engine names none).
    const amount = s.keyDetails.valueAmount;
    const currencyOf = s.keyDetails.valueCurrency ?? 'CAD';
    const trapHit =
      amount !== null &&
      note.valueTraps.some((t) => {
        const a = trapAmount(t);
        return a !== null && near(amount, a);
      });
    if (answer.value === null) {
      r.valueNoneTotal++;
      if (amount === null) r.valueNoneCorrect++;
      else {
        r.value.fp++;
        if (trapHit) r.valueTrapHits++;
        r.misses.push(`${id} value: ${amount} where the notice states none${trapHit ? ' (a value trap)' : ''}`);
      }
    } else if (amount === null) {
      r.value.fn++;
      r.misses.push(`${id} value: missed ${answer.value.amount} ${answer.value.currency}`);
    } else if (
      [answer.value.amount, ...note.valueAlsoAcceptable].some((v) => near(amount, v)) &&
      answer.value.currency === currencyOf
    ) {
      r.value.tp++;
    } else {
      r.value.fp++;
      r.value.fn++;
      if (trapHit) r.valueTrapHits++;
      const currency =
        answer.value.currency !== currencyOf &&
        [answer.value.amount, ...note.valueAlsoAcceptable].some((v) => near(amount, v));
      r.misses.push(
        `${id} value: ${amount} ${currencyOf} instead of ${answer.value.amount} ${answer.value.currency}${currency ? ' (right amount, wrong currency)' : ''}${trapHit ? ' (a value trap)' : ''}`,
      );
    }

    // Requirements: what the engine shows plus the source text it cites.
    const items = s.requirements.map((text, i) => ({
      kind: KIND_OF[s.requirementKinds[i] ?? 'mandatory'],
      text: normalize(
        [text, ...s.citations.filter((c) => c.item === 'requirement' && c.index === i).map((c) => c.quote)].join(
          ' \n ',
        ),
      ),
      shown: text,
    }));
    const contains = (item: { text: string }, q: { kind: string; text: string }) =>
      quoteForms(q).some((f) => item.text.includes(f));

    for (const expected of answer.requirements) {
      const k = kindCounts(expected.kind);
      const byText = items.some((it) => contains(it, expected));
      const byKind = items.some((it) => it.kind === expected.kind && contains(it, expected));
      if (byText) {
        r.requirements.foundByText++;
        k.foundByText++;
      }
      if (byKind) {
        r.requirements.found++;
        k.found++;
        continue;
      }
      r.requirements.missed++;
      k.missed++;
      r.misses.push(
        `${id} requirement: missed ${expected.kind} "${expected.text}"${byText ? ' (found under another kind)' : ''}`,
      );
    }
    for (const it of items) {
      const k = kindCounts(it.kind);
      if (answer.requirements.some((q) => q.kind === it.kind && contains(it, q))) {
        r.requirements.right++;
        k.right++;
        continue;
      }
      if (answer.requirements.some((q) => contains(it, q))) {
        // The right text under another kind: wrong for this kind (its miss is counted above).
        r.requirements.wrong++;
        k.wrong++;
        r.misses.push(`${id} requirement: ${it.kind} "${it.shown.slice(0, 90)}" is another kind's item`);
        continue;
      }
      if (note.borderline.some((q) => contains(it, q))) {
        r.borderlineIgnored++;
        continue;
      }
      r.requirements.wrong++;
      k.wrong++;
      const trap = note.requirementTraps.find((q) => q.kind === it.kind && contains(it, q));
      if (trap) r.requirementTrapHits++;
      r.misses.push(
        `${id} requirement: extra ${it.kind} "${it.shown.slice(0, 90)}"${trap ? ` (trap: ${trap.why})` : ''}`,
      );
    }
  }

  const sorted = [...times].sort((a, b) => a - b);
  r.msPerSummary = {
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
  return r;
}

const pct = (n: number, d: number) => (d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

export function formatHoldoutReport(title: string, r: HoldoutResult, opts: { misses?: boolean } = {}): string {
  const line = (name: string, c: Counts) =>
    `  ${name.padEnd(22)} precision ${pct(c.tp, c.tp + c.fp)}  recall ${pct(c.tp, c.tp + c.fn)}   (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
  const out = [`${title}: ${r.tenders} tenders`];
  out.push(line('category', r.category));
  out.push(line('value', r.value));
  out.push(
    `  ${'value: none when none'.padEnd(22)} accuracy  ${pct(r.valueNoneCorrect, r.valueNoneTotal)}   (${r.valueNoneCorrect}/${r.valueNoneTotal})`,
  );
  out.push(`  ${'value traps taken'.padEnd(22)} ${r.valueTrapHits}`);
  const items = (name: string, c: ItemCounts) =>
    `  ${name.padEnd(22)} precision ${pct(c.right, c.right + c.wrong)}  recall ${pct(c.found, c.found + c.missed)}   (items ${c.right} right, ${c.wrong} wrong; quotes ${c.found} found, ${c.missed} missed; by text alone ${c.foundByText})`;
  out.push(items('requirements', r.requirements));
  out.push(
    `  ${'requirements, any kind'.padEnd(22)} recall    ${pct(r.requirements.foundByText, r.requirements.found + r.requirements.missed)}   (quotes found under any kind)`,
  );
  out.push(
    `  ${'requirement traps'.padEnd(22)} ${r.requirementTrapHits} taken; ${r.borderlineIgnored} engine item(s) holding only a borderline item, not counted`,
  );
  out.push('  requirements by kind (precision per engine item, recall per expected quote):');
  for (const [kind, c] of Object.entries(r.byKind)) out.push(`  ${items(`  ${kind}`, c).slice(2)}`);
  out.push(
    `  time per summary: mean ${r.msPerSummary.mean.toFixed(2)} ms, p95 ${r.msPerSummary.p95.toFixed(2)} ms, max ${r.msPerSummary.max.toFixed(2)} ms`,
  );
  if (opts.misses && r.misses.length) out.push('  differences:', ...r.misses.map((m) => `    - ${m}`));
  return out.join('\n');
}
