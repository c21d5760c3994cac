// The CanadaBuys file has no value column, so the estimate comes from the notice text:
// "$1,250,000.00", "$50K", "$2.5 million", "50 000 $", "1,5 million de dollars".

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
const SCALE = String.raw`(k|mm|m|b|thousand|millions?|milliards?|billions?)`;

/** `$` before the number (English usage). */
const PREFIXED = new RegExp(String.raw`\$\s?${NUMBER}(?:\s?${SCALE}\b)?`, 'gi');
/** `$` or "dollars" after the number (French usage, and "2.5 million dollars"). */
const SUFFIXED = new RegExp(String.raw`(?<![\d.,])${NUMBER}(?:\s?${SCALE})?\s?(?:de\s)?(?:\$|dollars\b)`, 'gi');

/** Below this an amount is a fee or a unit price, above the upper bound a misread. */
const MIN_PLAUSIBLE = 1_000;
const MAX_PLAUSIBLE = 50_000_000_000;

function parseNumber(raw: string): number {
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(raw)) return Number(raw.replace(/,/g, ''));
  return Number(raw.replace(/[ \u00a0\u202f]/g, '').replace(',', '.'));
}

function scaleOf(word: string | undefined): number {
  const w = word?.toLowerCase();
  if (!w) return 1;
  if (w === 'k' || w === 'thousand') return 1e3;
  if (w === 'b' || w.startsWith('billion') || w.startsWith('milliard')) return 1e9;
  return 1e6; // m, mm, million(s)
}

function* amounts(text: string): Generator<number> {
  for (const re of [PREFIXED, SUFFIXED]) {
    for (const m of text.matchAll(re)) {
      const value = parseNumber(m[1] ?? '') * scaleOf(m[2]);
      if (Number.isFinite(value)) yield value;
    }
  }
}

/** The largest plausible dollar amount in the texts, rounded to cents; null when there is none. */
export function extractEstimatedValue(...texts: Array<string | null>): number | null {
  let best: number | null = null;
  for (const t of texts) {
    if (!t || (!t.includes('$') && !/dollars/i.test(t))) continue;
    for (const v of amounts(t)) {
      if (v >= MIN_PLAUSIBLE && v <= MAX_PLAUSIBLE && (best === null || v > best)) best = v;
    }
  }
  return best === null ? null : Math.round(best * 100) / 100;
}
