import { foldFast, hasWord, type SearchTerm } from './search-terms.ts';

/**
 * Match score, 0..10, so that `search_score × 10` is a match percentage (spec §9, ADR 0004):
 *
 *   score = 10 × Σ_t idf(t) · field(t) / Σ_t idf(t)   (× 0.8 when a value bound was asked for
 *                                                      and the tender states no amount)
 *   field(t) = 1.0 the word is in the title, 0.7 in the organisation/codes/notice type,
 *              0.4 only in the description, 0 nowhere
 *   idf(t)   = ln(1 + N / (df(t) + 0.5)), N = notices in the searched index, df capped
 *
 * So 100% means every word of the query is in the title; a word that half the notices contain
 * weighs little. It is computed the same way on both databases; the engine's own rank (bm25 or
 * ts_rank_cd) only breaks ties between equal scores.
 */
export const FIELD_WEIGHTS = { title: 1, codes: 0.7, description: 0.4 } as const;
export const UNKNOWN_VALUE_FACTOR = 0.8;

export interface WeightedTerm extends SearchTerm {
  idf: number;
  /** Document frequency in the searched index (capped), when known. */
  df?: number;
  /** Every match contains it (AND); optional words were dropped to find any match. */
  required: boolean;
}

/** A matching notice, before its full row is loaded. */
export interface Candidate {
  key: number | string;
  titleText: string;
  codeText: string;
  /** The engine's rank, higher is better. */
  nativeRank: number;
  estimatedValue: number | null;
}

export function idf(scopeSize: number, df: number): number {
  return Math.log(1 + Math.max(1, scopeSize) / (df + 0.5));
}

export function scoreCandidate(c: Candidate, terms: WeightedTerm[], valueBound: boolean): number {
  const title = foldFast(c.titleText);
  const codes = foldFast(c.codeText);
  let got = 0;
  let total = 0;
  for (const t of terms) {
    total += t.idf;
    const has = (text: string) => t.variants.some((v) => hasWord(text, v));
    if (has(title)) got += t.idf * FIELD_WEIGHTS.title;
    else if (has(codes)) got += t.idf * FIELD_WEIGHTS.codes;
    // The index matched it, and it is in neither short field: it is in the description.
    else if (t.required) got += t.idf * FIELD_WEIGHTS.description;
  }
  const coverage = total > 0 ? got / total : 0;
  const factor = valueBound && c.estimatedValue === null ? UNKNOWN_VALUE_FACTOR : 1;
  return roundScore(10 * coverage * factor);
}

/** Score of a browse result (no keywords): it meets every criterion. */
export const browseScore = (estimatedValue: number | null, valueBound: boolean) =>
  roundScore(valueBound && estimatedValue === null ? 10 * UNKNOWN_VALUE_FACTOR : 10);

export const roundScore = (v: number) => Math.min(10, Math.max(0, Math.round(v * 100) / 100));

export interface Ranked {
  candidate: Candidate;
  score: number;
}

/** Best first: score, then the engine's rank, then the order the engine gave (newest first). */
export function rank(candidates: Candidate[], terms: WeightedTerm[], valueBound: boolean): Ranked[] {
  return candidates
    .map((candidate, i) => ({ candidate, score: scoreCandidate(candidate, terms, valueBound), i }))
    .sort((a, b) => b.score - a.score || b.candidate.nativeRank - a.candidate.nativeRank || a.i - b.i)
    .map(({ candidate, score }) => ({ candidate, score }));
}
