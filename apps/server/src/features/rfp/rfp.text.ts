/**
 * A document's text as the analyser reads it: pages of lines, with helpers that turn a match
 * into a citation (page number plus the quoted line(s), exactly as extracted, whitespace
 * collapsed). Every value the analyser reports comes from a `Hit`, so every value has a page
 * and a quote.
 */

export interface Line {
  page: number; // 1-based
  /** Index in `DocText.lines`. */
  index: number;
  text: string;
}

export interface Hit {
  page: number;
  /** Whole line(s) around the match, whitespace collapsed: the citation's quote. */
  quote: string;
  /** The regex match (groups included), on the joined window text. */
  match: RegExpExecArray;
  /** First and last line index of the window the match was found in. */
  from: number;
  to: number;
}

export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const MAX_QUOTE = 400;

/** True for a table-of-contents line ("2.6 RFP Schedule ........ 9"). */
export const isTocLine = (text: string) => /\.{5,}\s*\d*\s*$/.test(text) || /\.{5,}/.test(text);

export class DocText {
  readonly lines: Line[] = [];
  /** Lines of each page, by page number - 1. */
  readonly pageLines: Line[][] = [];

  constructor(readonly pages: string[]) {
    pages.forEach((text, i) => {
      const own: Line[] = [];
      for (const raw of text.split('\n')) {
        const line = { page: i + 1, index: this.lines.length, text: raw };
        this.lines.push(line);
        own.push(line);
      }
      this.pageLines.push(own);
    });
  }

  /** Joins lines [from, to] of one page with single spaces. */
  window(from: number, to: number): string {
    const first = this.lines[from];
    if (!first) return '';
    const parts: string[] = [];
    for (let i = from; i <= to; i++) {
      const line = this.lines[i];
      if (!line || line.page !== first.page) break;
      parts.push(line.text);
    }
    return parts.join(' ');
  }

  /** The quote for lines [from, to]: trimmed to MAX_QUOTE characters around `focus`. */
  quote(from: number, to: number, focus?: string): string {
    const text = collapse(this.window(from, to));
    if (text.length <= MAX_QUOTE) return text;
    const at = focus ? text.indexOf(collapse(focus)) : 0;
    const start = Math.max(0, Math.min(at - 80, text.length - MAX_QUOTE));
    return text.slice(start, start + MAX_QUOTE).trim();
  }

  /**
   * Finds `re` in a sliding window of `span` lines (so a phrase broken across lines still
   * matches), starting at line `start`. The window never crosses a page.
   */
  find(re: RegExp, opts: { start?: number; end?: number; span?: number; skipToc?: boolean } = {}): Hit | undefined {
    const span = opts.span ?? 2;
    const end = Math.min(opts.end ?? this.lines.length, this.lines.length);
    const flags = re.flags.replace('g', '');
    const single = new RegExp(re.source, flags);
    for (let i = opts.start ?? 0; i < end; i++) {
      const line = this.lines[i];
      if (!line) continue;
      if (opts.skipToc && isTocLine(line.text)) continue;
      // Try the line alone first, so the quote stays as short as possible.
      for (let extra = 0; extra < span; extra++) {
        const last = this.lines[i + extra];
        if (!last || last.page !== line.page) break;
        const text = this.window(i, i + extra);
        const m = single.exec(text);
        if (!m) continue;
        // Only report a multi-line match at its first line.
        if (extra > 0 && m.index >= (this.lines[i]?.text.length ?? 0) + 1) break;
        return { page: line.page, quote: this.quote(i, i + extra, m[0]), match: m, from: i, to: i + extra };
      }
    }
    return undefined;
  }

  findAll(
    re: RegExp,
    opts: { start?: number; end?: number; span?: number; skipToc?: boolean; limit?: number } = {},
  ): Hit[] {
    const hits: Hit[] = [];
    let start = opts.start ?? 0;
    for (;;) {
      const hit = this.find(re, { ...opts, start });
      if (!hit) return hits;
      hits.push(hit);
      if (opts.limit !== undefined && hits.length >= opts.limit) return hits;
      start = hit.to + 1;
    }
  }

  /** Sentence containing the match at line `i`: extends to the previous/next full stop within a few lines. */
  sentenceAt(i: number, maxLines = 4): { from: number; to: number; text: string } {
    const line = this.lines[i];
    if (!line) return { from: i, to: i, text: '' };
    let from = i;
    while (from > i - maxLines) {
      const prev = this.lines[from - 1];
      if (!prev || prev.page !== line.page || /[.:;?!]\s*$/.test(prev.text) || /^\s*$/.test(prev.text)) break;
      // A short line above a capitalised one is a heading or an address line, not a wrapped sentence.
      if (prev.text.trim().length < 50 && /^\s*[A-Z"“(]/.test(this.lines[from]?.text ?? '')) break;
      if (/^\s*(\d+(\.\d+)*\.?|[a-z]\)|\(?[a-z0-9]\)|•|o|■)\s/.test(this.lines[from]?.text ?? '')) break;
      from--;
    }
    let to = i;
    while (to < i + maxLines && !/[.;?!]\s*$/.test(this.lines[to]?.text ?? '.')) {
      const next = this.lines[to + 1];
      if (!next || next.page !== line.page) break;
      if (/^\s*(\d+(\.\d+)+|[a-z]\)|•|■)\s/.test(next.text)) break;
      to++;
    }
    return { from, to, text: collapse(this.window(from, to)) };
  }

  /** The sentence(s) of lines [from, to] that contain `needle`; the whole window when none does. */
  sentenceContaining(from: number, to: number, needle: string): string {
    const text = collapse(this.window(from, to));
    const n = collapse(needle);
    const parts = text.split(/(?<=[.;!?])\s+(?=[A-Z(•"“])/);
    const hit = parts.find((p) => p.includes(n));
    return hit ?? text;
  }
}
