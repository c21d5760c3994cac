import { fileURLToPath } from 'node:url';
import { evaluate, formatReport } from '../features/ai/eval/run-eval.ts';

// `npm run eval:ai`: precision and recall of the offline BreezeAI engine per field, on the
// checked-in evaluation set and on the real CanadaBuys sample rows. `--misses` lists every difference.
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const evalDir = '../features/ai/eval/';
const showMisses = process.argv.includes('--misses');

const sets = [
  ['Evaluation set (eval-tenders.csv)', here(`${evalDir}eval-tenders.csv`), here(`${evalDir}eval-answers.json`)],
  ['Real CanadaBuys rows (newTenderNotice_2024-12-09_20rows.csv)', here('../../../../../shared/data/canadabuys/newTenderNotice_2024-12-09_20rows.csv'), here(`${evalDir}real-sample-answers.json`)],
] as const;

for (const [title, csv, answers] of sets) {
  try {
    console.log(formatReport(title, evaluate(csv, answers), { misses: showMisses }));
  } catch (err) {
    console.log(`${title}: skipped (${(err as Error).message})`);
  }
  console.log('');
}
