import type { Sentence } from './sentences.ts';

/**
 * Money amounts in a notice, with what they are: the contract's estimated value, a ceiling
 * ("not to exceed", "up to", "maximum"), a budget, or an amount that is not the contract's value
 * at all (insurance cover, a bid bond, a fee, an hourly rate). Only the first kinds become the
 * summary's value; nothing is ever guessed when the notice states no amount.
 */

export type ValueKind = 'estimated' | 'maximum' | 'budget' | 'minimum' | 'stated';

export interface FoundAmount {
  amount: number;
  /** Canadian dollars unless the notice says US dollars ("USD $412,000", "US$5,000", "5 000 $ US"). */
  currency: 'CAD' | 'USD';
  kind: ValueKind;
  /** Offsets of the amount's sentence in the field text. */
  sentence: Sentence;
  /** Offsets of the amount itself. */
  start: number;
  end: number;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
const SCALE = String.raw`(k|m|mm|b|thousand|millions?|milliards?|billions?)`;
const PREFIXED = new RegExp(String.raw`(?:\$\s?|CAD\s?\$?\s?|C\$\s?)${NUMBER}(?:\s?${SCALE}(?![\p{L}]))?`, 'giu');
const SUFFIXED = new RegExp(
  String.raw`(?<![\d.,])${NUMBER}(?:\s?${SCALE})?\s?(?:de\s)?(?:\$|dollars(?![\p{L}])|CAD(?![\p{L}]))`,
  'giu',
);

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
  return 1e6;
}

// Words that make an amount something other than the contract's value.
const NOT_CONTRACT_VALUE =
  /\b(?:insurance|insured|liability|coverage|indemnit|bid bond|performance bond|payment bond|surety|bid security|security deposit|deposit|holdback|fee|fees|penalt|per hour|hourly|per day|daily rate|per diem|per month|monthly|per unit|unit price|per kilomet|per km|claim|damages|assurance|responsabilité civile|cautionnement|garantie de soumission|dépôt|frais|pénalit|par heure|taux horaire|par jour|par mois|prix unitaire)/i;

const KINDS: Array<[ValueKind, RegExp]> = [
  [
    'estimated',
    /\b(?:estimated|estimate|approximate|approximately|anticipated|expected|valued at|value of|total value|contract value|valeur (?:totale |estimée|approximative|du contrat)|estimée? à)\b/i,
  ],
  [
    'maximum',
    /\b(?:not to exceed|shall not exceed|will not exceed|must not exceed|maximum|ceiling|up to|limitation of expenditure|no more than|capped at|plafond|jusqu'à|jusqu’à|ne (?:doit|devra) pas dépasser|n'excédant pas|n’excédant pas|maximale?)\b/i,
  ],
  ['budget', /\b(?:budget|funding|funds available|available funding|financement|enveloppe)\b/i],
  ['minimum', /\b(?:minimum|at least|au moins|minimale?)\b/i],
  ['stated', /\b(?:contract|cost|costs|worth|price|total|value|contrat|coût|valeur|montant|amount)\b/i],
];

const RANK: Record<ValueKind, number> = { estimated: 5, maximum: 4, budget: 4, minimum: 2, stated: 1 };

/** Every plausible amount in the sentences, classified; amounts that are not the contract's value are left out. */
export function findAmounts(text: string, sentences: Sentence[]): FoundAmount[] {
  if (!/\$|dollars|CAD/i.test(text)) return [];
  const found: FoundAmount[] = [];
  for (const sentence of sentences) {
    if (!/\$|dollars|CAD/i.test(sentence.text)) continue;
    const seen = new Set<number>();
    for (const re of [PREFIXED, SUFFIXED]) {
      for (const m of sentence.text.matchAll(re)) {
        const start = sentence.start + m.index;
        if (seen.has(start)) continue;
        seen.add(start);
        const amount = Math.round(parseNumber(m[1] ?? '') * scaleOf(m[2]) * 100) / 100;
        if (!Number.isFinite(amount) || amount < MIN_PLAUSIBLE || amount > MAX_PLAUSIBLE) continue;
        // The words just before the amount say what it is; the whole sentence says what it is not.
        const before = sentence.text.slice(Math.max(0, m.index - 90), m.index);
        const clause = sentence.text.slice(
          Math.max(0, m.index - 90),
          Math.min(sentence.text.length, m.index + m[0].length + 60),
        );
        if (NOT_CONTRACT_VALUE.test(clause)) continue;
        const kind = KINDS.find(([, re2]) => re2.test(before))?.[0] ?? KINDS.find(([, re2]) => re2.test(clause))?.[0];
        if (!kind) continue; // a bare amount with no word saying it is the contract's
        const around =
          sentence.text.slice(Math.max(0, m.index - 6), m.index) +
          '|' +
          sentence.text.slice(m.index, m.index + m[0].length + 14);
        const currency =
          /\b(?:USD|US|U\.S\.)\s?\$?\|/i.test(around) ||
          /\|[^|]*(?:\$\s?US\b|\bUSD\b|\bUS dollars\b|\bU\.S\. dollars\b)/i.test(around)
            ? 'USD'
            : 'CAD';
        found.push({ amount, currency, kind, sentence, start, end: start + m[0].length });
      }
    }
  }
  return found;
}

/** The amount that best states the contract's value: estimated first, then a ceiling or budget. */
export function bestValue(amounts: FoundAmount[]): FoundAmount | undefined {
  let best: FoundAmount | undefined;
  for (const a of amounts) {
    if (
      !best ||
      RANK[a.kind] > RANK[best.kind] ||
      (RANK[a.kind] === RANK[best.kind] && a.amount > best.amount && a.kind !== 'minimum')
    )
      best = a;
  }
  return best;
}
