import { execFileSync } from 'node:child_process';

/**
 * An extraction independent of ours, to check citations against (issue 8: "every citation's quoted
 * text found on the cited page"): Debian's poppler-utils `pdftotext` (scripts/test.sh installs it),
 * one page at a time, in its reading-order and in its `-layout` mode. Comparing a quote with the
 * analyser's own page text would only prove the analyser agrees with itself.
 */
export function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2022': ' ',
  '\u00a0': ' ',
};

/** Both texts folded alike: Unicode compatibility forms (ligatures), quotes and dashes, whitespace. */
export const fold = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u00a0]/g, (c) => FOLD[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();

const cache = new Map<string, string[]>();

/** Page `page` (1-based) of `file` as pdftotext reads it: [reading order, layout], folded. */
export function pdftotextPage(file: string, page: number): string[] {
  const key = `${file}#${page}`;
  let texts = cache.get(key);
  if (!texts) {
    const run = (layout: boolean) =>
      fold(
        execFileSync(
          'pdftotext',
          [...(layout ? ['-layout'] : []), '-f', String(page), '-l', String(page), '-enc', 'UTF-8', file, '-'],
          { encoding: 'utf8' },
        ),
      );
    texts = [run(false), run(true)];
    cache.set(key, texts);
  }
  return texts;
}

/**
 * Whether `quote` is printed on the page, whitespace aside (the libraries space "G -" and `words"A`
 * differently). Verbatim in either of pdftotext's modes, or, where the two libraries order a table
 * row or two columns differently, as consecutive pieces: the quote is split greedily into the
 * longest runs of words found on the page, every word must be found, and runs of three words or
 * more must make up most of it (a quote cannot be assembled from scattered words).
 */
export function foundOnPage(quote: string, pageTexts: string[]): { ok: boolean; pieces: string[]; missing: string[] } {
  const q = fold(quote);
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const pages = pageTexts.map(squeeze);
  const on = (s: string) => pages.some((t) => t.includes(squeeze(s)));
  if (on(q)) return { ok: true, pieces: [q], missing: [] };
  const words = q.split(' ');
  const pieces: string[] = [];
  const missing: string[] = [];
  let i = 0;
  while (i < words.length) {
    let j = i;
    while (j < words.length && on(words.slice(i, j + 1).join(' '))) j++;
    if (j === i) {
      missing.push(words[i] ?? '');
      i++;
    } else {
      pieces.push(words.slice(i, j).join(' '));
      i = j;
    }
  }
  const inRuns = pieces.filter((p) => p.split(' ').length >= 3).reduce((n, p) => n + p.split(' ').length, 0);
  const ok = missing.length === 0 && (words.length < 6 || inRuns >= words.length * 0.6);
  return { ok, pieces, missing };
}
