/** Spec §9: match percentage = search_score × 10, capped at 100; 85 when there is no score. */
export const DEFAULT_MATCH = 85;

export function matchPercent(score: number | null | undefined): number {
  if (score === null || score === undefined || !Number.isFinite(score)) return DEFAULT_MATCH;
  return Math.min(100, Math.max(0, Math.round(score * 10)));
}

export type MatchBand = 'high' | 'medium' | 'low';

/** Spec §9 colour bands: 90 and above, 75 and above, below 75. */
export function matchBand(percent: number): MatchBand {
  if (percent >= 90) return 'high';
  if (percent >= 75) return 'medium';
  return 'low';
}

/** Spec §9: max relevance = max_score × 10 with one decimal (null when there is no score). */
export function maxRelevance(maxScore: number | null | undefined): number | null {
  if (maxScore === null || maxScore === undefined || !Number.isFinite(maxScore)) return null;
  return Math.round(maxScore * 100) / 10;
}

/** The query without the words a parsed part came from ("IT in Ontario" − "in Ontario" → "IT"). */
export function withoutPart(q: string, text: string): string {
  const part = text.trim();
  if (!part) return q.trim();
  let at = q.indexOf(part);
  if (at < 0) at = q.toLowerCase().indexOf(part.toLowerCase());
  if (at < 0) return q.trim();
  return `${q.slice(0, at)} ${q.slice(at + part.length)}`
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
