/**
 * Sentence splitting for tender notices, English and French, with character offsets into the
 * original text so that every statement can cite exactly where it came from.
 *
 * Notices are messy: hard-wrapped lines mid-sentence, headings without punctuation ("OBJECTIVE"),
 * numbered and bulleted lists, tables pasted as tab-separated lines, abbreviations ("Inc.",
 * "e.g.", "No.", "M."). A sentence ends at . ! ? followed by space and an upper-case start (not
 * after a known abbreviation or an initial), at a blank line, or at a line break when the line
 * looks finished (ends with punctuation, is a short heading, or the next line starts a list item).
 */

export interface Sentence {
  /** Offsets into the original text, [start, end), trimmed of whitespace and list markers. */
  start: number;
  end: number;
  text: string;
  /** True for a short line without a verb-like ending, such as "Objective:" or "SCOPE OF WORK". */
  heading: boolean;
}

const ABBREVIATIONS = new Set(
  [
    'e.g',
    'i.e',
    'etc',
    'inc',
    'ltd',
    'ltée',
    'corp',
    'co',
    'no',
    'nos',
    'st',
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'jr',
    'sr',
    'approx',
    'art',
    'sect',
    'vol',
    'min',
    'max',
    'dept',
    'govt',
    'est',
    'fig',
    'ref',
    'tel',
    'p',
    'pp',
    'vs',
    'al',
    'm',
    'mme',
    'mmes',
    'mlle',
    'n°',
    'c.-à-d',
    'p. ex',
    'ex',
    'env',
    'av',
    'boul',
    'ch',
    'u.s',
    'u.k',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'gc',
    'ca',
  ].map((a) => a.toLowerCase()),
);

/** A list marker at the start of a line: "1.", "a)", "(ii)", "•", "-", "o", "?" (a lost bullet glyph). */
const LIST_MARKER =
  /^(?:[•·▪◦●○■□☐☒✓✔*?\u2022\u2023\u25E6\u2043-]|o(?=\s)|\(?[0-9]{1,2}(?:\.[0-9]{1,2})*[.)](?=\s|$|\p{Lu})|\(?[a-z][.)](?=\s)|\(?[A-Z]\)(?=\s)|\(?(?:i{1,3}|iv|v|vi{1,3}|ix|x)[.)](?=\s))\s*/u;

function endsWithAbbreviation(text: string, dotIndex: number): boolean {
  // The word before the dot, letters/dots only.
  let i = dotIndex - 1;
  while (i >= 0 && /[\p{L}.°'-]/u.test(text[i] ?? '')) i--;
  const word = text.slice(i + 1, dotIndex).toLowerCase();
  if (!word) return /\d/.test(text[dotIndex - 1] ?? '') && /^\s*\d/.test(text.slice(dotIndex + 1, dotIndex + 4)); // 1. 5
  if (ABBREVIATIONS.has(word)) return true;
  if (/^\p{L}$/u.test(word)) return true; // an initial: "J. Smith", "A. Annex"
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) return true; // "U.S", "p.ex"
  return false;
}

/** Splits `text` into lines with their offsets (\r\n, \n and \r all end a line). */
function linesOf(text: string): Array<{ start: number; end: number }> {
  const lines: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lines.push({ start, end: i });
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  lines.push({ start, end: text.length });
  return lines;
}

const TERMINAL = /[.!?:;»"”)\]]$/;

function isHeadingLine(line: string): boolean {
  const t = line.trim();
  if (!t || t.length > 70) return false;
  if (/:$/.test(t)) return true;
  const letters = t.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 3 && letters === letters.toUpperCase()) return true; // OBJECTIVE, SCOPE OF WORK
  return !TERMINAL.test(t) && t.split(/\s+/).length <= 6 && /^\p{Lu}/u.test(t);
}

/** Groups lines into blocks: a block is one paragraph whose lines belong to the same sentences. */
function blocksOf(text: string): Array<{ start: number; end: number }> {
  const blocks: Array<{ start: number; end: number }> = [];
  let current: { start: number; end: number } | null = null;
  let previous = '';
  let previousTabbed = false;
  for (const line of linesOf(text)) {
    const content = text.slice(line.start, line.end);
    const trimmed = content.trim();
    if (!trimmed) {
      if (current) blocks.push(current);
      current = null;
      previous = '';
      previousTabbed = false;
      continue;
    }
    const joins =
      current !== null &&
      !TERMINAL.test(previous) &&
      !isHeadingLine(previous) &&
      !LIST_MARKER.test(trimmed) &&
      !/\t/.test(content) &&
      !previousTabbed &&
      (/^[\p{Ll}(,&]/u.test(trimmed) ||
        /[,\-–&/]$|\b(?:and|or|of|the|to|for|with|in|et|ou|de|des|du|la|le|les|à|pour)$/i.test(previous) ||
        previous.length > 60);
    if (current && joins) {
      current.end = line.end;
    } else {
      if (current) blocks.push(current);
      current = { start: line.start, end: line.end };
    }
    previous = trimmed;
    previousTabbed = /\t/.test(content);
  }
  if (current) blocks.push(current);
  return blocks;
}

function pushTrimmed(out: Sentence[], text: string, start: number, end: number): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  const marker = LIST_MARKER.exec(text.slice(s, e));
  if (marker && marker[0].length < e - s) s += marker[0].length;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  if (e - s < 2 || !/[\p{L}\p{N}]/u.test(text.slice(s, e))) return;
  const sentence = text.slice(s, e);
  out.push({ start: s, end: e, text: sentence, heading: isHeadingLine(sentence) && !/[.!?]$/.test(sentence) });
}

export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const block of blocksOf(text)) {
    let start = block.start;
    for (let i = block.start; i < block.end; i++) {
      const c = text[i];
      if (c === '\n' || c === '\r') {
        // A line break inside a block is a space, unless the line is a tab-separated table row.
        continue;
      }
      if (c !== '.' && c !== '!' && c !== '?') continue;
      // A "?" after a space or tab is a bullet glyph lost in encoding, not a question.
      if (c === '?' && /\s/.test(text[i - 1] ?? ' ')) continue;
      // Closing quotes and brackets belong to the sentence.
      let end = i + 1;
      while (end < block.end && /["”’)\]]/.test(text[end] ?? '')) end++;
      const next = text.slice(end, end + 3);
      if (end < block.end && !/^\s/.test(next)) continue; // 1.5, e.g.X, www.canada.ca
      if (c === '.' && endsWithAbbreviation(text, i)) continue;
      // "1." or "a)" alone is the list number of the sentence that follows.
      if (/^\s*\(?[0-9a-zA-Z]{1,3}(?:\.[0-9]{1,2})*[.)]$/.test(text.slice(start, end))) continue;
      // The next sentence starts with an upper-case letter, a digit, a quote or a bullet.
      let j = end;
      while (j < block.end && /\s/.test(text[j] ?? '')) j++;
      if (j < block.end && !/[\p{Lu}\p{N}"“«(•\u2022?-]/u.test(text[j] ?? '')) continue;
      pushTrimmed(out, text, start, end);
      start = end;
    }
    pushTrimmed(out, text, start, block.end);
  }
  return out;
}

/** Collapses runs of whitespace (line breaks inside a wrapped sentence) for display. */
export function displayText(sentence: string): string {
  return sentence.replace(/\s+/g, ' ').trim();
}

/** Shortens to at most `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}
