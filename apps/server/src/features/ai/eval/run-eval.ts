import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { mapCanadaBuysRecord } from '../../ingest/canadabuys.ts';
import type { CanadaBuysRecord } from '../../ingest/canadabuys-columns.ts';
import { toTender } from '../../tenders/tender-row.ts';
import { analyzeTender, sourceFromTender } from '../tender-analysis.ts';

/**
 * Scores the offline engine against answers a careful reader wrote (eval-answers.json for the
 * eval set, real-sample-answers.json for the 2024-12-09 CanadaBuys rows). The rows go through
 * the real ingestion mapping, like production. Precision and recall per field:
 *   category: category codes; unspsc: codes named in keyDetails.category;
 *   value: stated amounts (right when within 1% of the answer), plus "none" accuracy;
 *   requirements: (tender, kind) pairs, also per kind; security: (tender, level) pairs;
 *   objective: the answer's phrase appears in keyDetails.objective (accuracy).
 */

const answerSchema = z.object({
  category: z.array(z.string()),
  unspsc: z.array(z.string()),
  value: z.number().nullable(),
  req: z.array(z.string()),
  security: z.array(z.string()),
  objective: z.string(),
});
export type EvalAnswer = z.infer<typeof answerSchema>;

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export interface EvalResult {
  tenders: number;
  fields: Record<string, Counts>;
  byKind: Record<string, Counts>;
  valueNoneCorrect: number;
  valueNoneTotal: number;
  objectiveCorrect: number;
  msPerSummary: { mean: number; p95: number; max: number };
  misses: string[];
}

const empty = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

function compareSets(
  counts: Counts,
  predicted: Set<string>,
  expected: Set<string>,
  misses: string[],
  label: string,
): void {
  for (const p of predicted) {
    if (expected.has(p)) counts.tp++;
    else {
      counts.fp++;
      misses.push(`${label}: extra ${p}`);
    }
  }
  for (const e of expected) {
    if (!predicted.has(e)) {
      counts.fn++;
      misses.push(`${label}: missed ${e}`);
    }
  }
}

export function evaluate(csvPath: string, answersPath: string): EvalResult {
  const answers = z.record(z.string(), answerSchema).parse(JSON.parse(readFileSync(answersPath, 'utf8')));
  const records = parse<CanadaBuysRecord>(readFileSync(csvPath), {
    columns: true,
    bom: true,
    relax_column_count: true,
  });
  const fields: Record<string, Counts> = {
    category: empty(),
    unspsc: empty(),
    value: empty(),
    requirements: empty(),
    security: empty(),
  };
  const byKind: Record<string, Counts> = {};
  const misses: string[] = [];
  const times: number[] = [];
  let valueNoneCorrect = 0;
  let valueNoneTotal = 0;
  let objectiveCorrect = 0;
  let tenders = 0;

  for (const record of records) {
    const mapped = mapCanadaBuysRecord(record, { source: 'canadabuys' });
    if (!mapped.ok) throw new Error(`eval row rejected: ${mapped.reason}`);
    const answer = answers[mapped.tender.id];
    if (!answer) continue;
    tenders++;
    const tender = toTender(
      { ...mapped.tender, created_at: '2025-01-06T00:00:00.000Z', updated_at: '2025-01-06T00:00:00.000Z' },
      new Date('2025-01-06T12:00:00Z'),
    );
    const started = performance.now();
    const s = analyzeTender(sourceFromTender(tender, 'en'), 'en');
    times.push(performance.now() - started);
    const id = tender.id;

    const codes = /\(([A-Z*]+)\)/.exec(s.keyDetails.category)?.[1]?.split('*') ?? [];
    compareSets(fields.category!, new Set(codes), new Set(answer.category), misses, `${id} category`);
    const named = new Set([...s.keyDetails.category.matchAll(/UNSPSC (\d+)/g)].map((m) => m[1] ?? ''));
    compareSets(fields.unspsc!, named, new Set(answer.unspsc.slice(0, 3)), misses, `${id} unspsc`);

    const got = s.keyDetails.valueAmount;
    if (answer.value === null) {
      valueNoneTotal++;
      if (got === null) valueNoneCorrect++;
      else {
        fields.value!.fp++;
        misses.push(`${id} value: invented ${got}`);
      }
    } else if (got === null) {
      fields.value!.fn++;
      misses.push(`${id} value: missed ${answer.value}`);
    } else if (Math.abs(got - answer.value) <= answer.value * 0.01) {
      fields.value!.tp++;
    } else {
      fields.value!.fp++;
      fields.value!.fn++;
      misses.push(`${id} value: ${got} instead of ${answer.value}`);
    }

    const predictedKinds = new Set(s.requirementKinds);
    compareSets(fields.requirements!, predictedKinds, new Set(answer.req), misses, `${id} requirement`);
    for (const kind of new Set([...predictedKinds, ...answer.req])) {
      const c = (byKind[kind] ??= empty());
      if (predictedKinds.has(kind as never) && answer.req.includes(kind)) c.tp++;
      else if (predictedKinds.has(kind as never)) c.fp++;
      else c.fn++;
    }
    const levels = new Set(
      s.requirements
        .filter((_r, i) => s.requirementKinds[i] === 'security')
        .flatMap((r) => /^Security: ([^(]+?) \(/.exec(r)?.[1]?.split(', ') ?? []),
    );
    compareSets(fields.security!, levels, new Set(answer.security), misses, `${id} security level`);

    if (s.keyDetails.objective.toLowerCase().includes(answer.objective.toLowerCase())) objectiveCorrect++;
    else misses.push(`${id} objective: "${s.keyDetails.objective.slice(0, 100)}" lacks "${answer.objective}"`);
  }

  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return {
    tenders,
    fields,
    byKind,
    valueNoneCorrect,
    valueNoneTotal,
    objectiveCorrect,
    msPerSummary: { mean, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0, max: sorted[sorted.length - 1] ?? 0 },
    misses,
  };
}

const pct = (n: number, d: number) => (d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

export function formatReport(title: string, r: EvalResult, opts: { misses?: boolean } = {}): string {
  const line = (name: string, c: Counts) =>
    `  ${name.padEnd(22)} precision ${pct(c.tp, c.tp + c.fp)}  recall ${pct(c.tp, c.tp + c.fn)}   (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
  const out = [`${title}: ${r.tenders} tenders`];
  for (const [name, c] of Object.entries(r.fields)) out.push(line(name, c));
  out.push(
    `  ${'value: none when none'.padEnd(22)} accuracy  ${pct(r.valueNoneCorrect, r.valueNoneTotal)}   (${r.valueNoneCorrect}/${r.valueNoneTotal})`,
  );
  out.push(
    `  ${'objective'.padEnd(22)} accuracy  ${pct(r.objectiveCorrect, r.tenders)}   (${r.objectiveCorrect}/${r.tenders})`,
  );
  out.push('  requirements by kind:');
  for (const [kind, c] of Object.entries(r.byKind).sort()) out.push(`  ${line(`  ${kind}`, c).slice(2)}`);
  out.push(
    `  time per summary: mean ${r.msPerSummary.mean.toFixed(2)} ms, p95 ${r.msPerSummary.p95.toFixed(2)} ms, max ${r.msPerSummary.max.toFixed(2)} ms`,
  );
  if (opts.misses && r.misses.length) out.push('  differences:', ...r.misses.map((m) => `    - ${m}`));
  return out.join('\n');
}
