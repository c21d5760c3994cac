/**
 * Turning user text into search terms. We never hand user text to FTS5 or to_tsquery: we cut
 * it into words ourselves (Unicode letters and digits only), so quotes, `*`, `NEAR(`, `OR`,
 * `title:`, SQL or emoji can never be query syntax. The folding matches the indexes (FTS5
 * `unicode61 remove_diacritics 2`, PostgreSQL `unaccent` + `simple`): lower case, no accents.
 */

export const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 60;

/** One word of the query with the spellings that count as the same word. */
export interface SearchTerm {
  word: string;
  /** The word plus its singular/plural, so "project" finds "projects" (the indexes don't stem). */
  variants: string[];
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/** Lower case without diacritics: "Québec" → "quebec", "ingénierie" → "ingenierie". */
export function fold(text: string): string {
  // ASCII has nothing to decompose: the common case (English notices) skips NFKD.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * A cheaper fold for scoring candidate texts: lower case, and accents removed only when the
 * text has accented Latin letters (enough to compare with folded words).
 */
export function foldFast(text: string): string {
  const lower = text.toLowerCase();
  return /[\u00c0-\u024f]/.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Whether `word` (folded) occurs as a whole word in `folded` text: no tokenizing, no Set. */
export function hasWord(folded: string, word: string): boolean {
  for (let i = folded.indexOf(word); i !== -1; i = folded.indexOf(word, i + 1)) {
    if (!isWordChar(folded[i - 1]) && !isWordChar(folded[i + word.length])) return true;
  }
  return false;
}

/** Folded words of a text. Lone surrogates, punctuation and symbols are separators. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

// Function words that match nearly every notice and mean nothing on their own (EN + FR).
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by for from has have in into is it its of on or that the their this to was were will with within without ' +
    'we you our your they them these those there any all some such via per than then so not no do does also other ' +
    'le la les l de des du d un une et ou en au aux pour par sur dans avec sans ce ces cette qui que se sa son ses est'
  ).split(' '),
);

/**
 * Search terms of a keyword string: folded words minus stop words (all of them if only stop
 * words are left). "IT" written in capitals is the field, not the pronoun, so it stays.
 */
export function searchTerms(keywords: string): SearchTerm[] {
  const raw = keywords.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const all: string[] = [];
  const meaningful: string[] = [];
  for (const original of raw) {
    for (const word of words(original)) {
      if (word.length > MAX_TERM_LENGTH || all.includes(word)) continue;
      all.push(word);
      if (!STOP_WORDS.has(word) || original === 'IT') meaningful.push(word);
    }
  }
  const chosen = (meaningful.length > 0 ? meaningful : all).slice(0, MAX_TERMS);
  return chosen.map((word) => ({ word, variants: variantsOf(word) }));
}

/** English plural/singular spellings; a light stand-in for a stemmer that works in both indexes. */
export function variantsOf(word: string): string[] {
  if (word.length < 3 || !/^\p{L}+$/u.test(word)) return [word];
  if (word.length > 4 && word.endsWith('ies')) return [word, `${word.slice(0, -3)}y`];
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return [word, word.slice(0, -1)];
  if (word.endsWith('y') && word.length > 3 && !/[aeiou]y$/.test(word)) return [word, `${word.slice(0, -1)}ies`];
  if (/(ss|x|z|ch|sh)$/.test(word)) return [word, `${word}es`];
  return [word, `${word}s`];
}
