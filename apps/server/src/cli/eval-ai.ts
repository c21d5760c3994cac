import { fileURLToPath } from 'node:url';
import { evaluateHoldout, formatHoldoutReport } from '../features/ai/eval/holdout.ts';
import { evaluate, formatReport } from '../features/ai/eval/run-eval.ts';

// `npm run eval:ai`: precision and recall of the offline BreezeAI engine per field and per
// requirement kind, on the tuning set (the evaluation set written with the engine, and the
// real CanadaBuys sample rows) and, separately, on the independent hold-out set
// (eval/holdout/, never used to tune the engine). `--misses` lists every difference.
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const evalDir = '../features/ai/eval/';
const showMisses = process.argv.includes('--misses');

const sets = [
  ['Evaluation set (eval-tenders.csv)', here(`${evalDir}eval-tenders.csv`), here(`${evalDir}eval-answers.json`)],
  [
    'Real CanadaBuys rows (newTenderNotice_2024-12-09_20rows.csv)',
    here('../../../../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv'),
    here(`${evalDir}real-sample-answers.json`),
  ],
] as const;

console.log('--- Tuning set: the answers the engine was written against ---\n');
for (const [title, csv, answers] of sets) {
  try {
    console.log(formatReport(title, evaluate(csv, answers), { misses: showMisses }));
  } catch (err) {
    console.log(`${title}: skipped (${(err as Error).message})`);
  }
  console.log('');
}

console.log('--- Hold-out set: written independently, never used to tune the engine ---\n');
const holdout = `${evalDir}holdout/`;
try {
  console.log(
    formatHoldoutReport(
      'Hold-out set (holdout/holdout-tenders.csv)',
      evaluateHoldout(
        here(`${holdout}holdout-tenders.csv`),
        here(`${holdout}holdout-answers.json`),
        here(`${holdout}holdout-notes.json`),
      ),
      { misses: showMisses },
    ),
  );
} catch (err) {
  console.log(`Hold-out set: failed (${(err as Error).message})`);
  process.exitCode = 1;
}
