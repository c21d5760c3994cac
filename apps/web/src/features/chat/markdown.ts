/**
 * The small Markdown subset the chat replies use (paragraphs, bullet and numbered lists with one
 * level of nesting, headings, GitHub-style pipe tables, **bold**, *italic*, `code`, [links](…),
 * backslash escapes), parsed into a tree that React renders as elements. No HTML is ever produced from the text, so a reply
 * cannot inject markup; links are limited to in-app paths, http(s) and mailto.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; internal: boolean; children: Inline[] };

export interface ListItem {
  inlines: Inline[];
  sublist?: List;
}
export interface List {
  type: 'list';
  ordered: boolean;
  start: number;
  items: ListItem[];
}
export type Align = 'left' | 'center' | 'right' | null;
/**
 * A pipe table. `rowHeaders` is set when the top-left header cell is empty (a two-way table such
 * as the chat's comparison): the first cell of each body row then names its row.
 */
export interface Table {
  type: 'table';
  align: Align[];
  head: Inline[][];
  rows: Inline[][][];
  rowHeaders: boolean;
}
export type Block =
  { type: 'paragraph'; inlines: Inline[] } | { type: 'heading'; level: number; inlines: Inline[] } | List | Table;

/** An in-app path (`/tender-notice/x`), an http(s) URL or a mailto: link; anything else is not a link. */
export function safeHref(raw: string): { href: string; internal: boolean } | null {
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href)) return { href, internal: true };
  if (/^https?:\/\//i.test(href) || /^mailto:[^\s]+$/i.test(href)) return { href, internal: false };
  return null;
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!<>|]/;

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    const rest = src.slice(i);
    if (c === '\\' && ESCAPABLE.test(src[i + 1] ?? '')) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (rest.startsWith('**')) {
      const end = findClosing(src, i + 2, '**');
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(src.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && src[i + 1] !== c && src[i + 1] !== ' ') {
      const end = findClosing(src, i + 1, c);
      if (end > i + 1 && src[end - 1] !== ' ') {
        flush();
        out.push({ type: 'em', children: parseInline(src.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = findClosing(src, i + 1, ']');
      if (close > i && src[close + 1] === '(') {
        const paren = src.indexOf(')', close + 2);
        if (paren > close) {
          const label = src.slice(i + 1, close);
          const target = safeHref(src.slice(close + 2, paren));
          flush();
          if (target) out.push({ type: 'link', ...target, children: parseInline(label) });
          else out.push(...parseInline(label));
          i = paren + 1;
          continue;
        }
      }
    }
    text += c;
    i += 1;
  }
  flush();
  return out;
}

/** Index of the next unescaped `marker` from `from`, or -1. */
function findClosing(src: string, from: number, marker: string): number {
  for (let j = from; j < src.length; j++) {
    if (src[j] === '\\') {
      j++;
      continue;
    }
    if (src.startsWith(marker, j)) return j;
  }
  return -1;
}

/**
 * The cells of a table row: split on pipes that are not escaped (`\|` stays in the cell and
 * becomes a plain pipe when the cell is parsed), without the optional outer pipes.
 */
export function splitRow(line: string): string[] {
  let src = line.trim();
  if (src.startsWith('|')) src = src.slice(1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\' && i + 1 < src.length) {
      cell += c + src[i + 1];
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += c;
    }
  }
  // A trailing pipe closes the last cell; without one, the rest is the last cell.
  if (cell.trim() !== '' || !line.trim().endsWith('|')) cells.push(cell.trim());
  return cells;
}

const DELIMITER_CELL = /^:?-+:?$/;

/** The alignments of a delimiter row (`|---|:--:|`), or null when the line is not one. */
function delimiterRow(line: string): Align[] | null {
  if (!line.includes('-')) return null;
  const cells = splitRow(line);
  if (cells.length === 0 || !cells.every((c) => DELIMITER_CELL.test(c))) return null;
  return cells.map((c) =>
    c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : null,
  );
}

const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,3})[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

export function parseMarkdown(src: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  // `as`: assigned inside the helpers below, so TypeScript must not narrow it to null here.
  let list = null as List | null;

  const endParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', inlines: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = null;
  };

  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] ?? '';
    if (line.trim() === '') {
      endParagraph();
      endList();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const indent = (bullet?.[1] ?? numbered?.[1] ?? '').length;
      const ordered = numbered !== null;
      const text = bullet ? (bullet[2] ?? '') : (numbered?.[3] ?? '');
      const item: ListItem = { inlines: parseInline(text) };
      const current = list;
      const parent = current?.items.at(-1);
      if (current && indent >= 2 && parent) {
        parent.sublist ??= { type: 'list', ordered, start: Number(numbered?.[2] ?? 1), items: [] };
        parent.sublist.items.push(item);
      } else if (current && current.ordered === ordered) {
        current.items.push(item);
      } else {
        endList();
        list = { type: 'list', ordered, start: Number(numbered?.[2] ?? 1), items: [item] };
      }
      continue;
    }
    // A table: a row with pipes, then a delimiter row with as many cells; rows run to a blank line.
    const align = line.includes('|') ? delimiterRow(lines[n + 1] ?? '') : null;
    if (align && splitRow(line).length === align.length) {
      endParagraph();
      endList();
      const width = align.length;
      const fit = (cells: string[]) => Array.from({ length: width }, (_, i) => parseInline(cells[i] ?? ''));
      const head = fit(splitRow(line));
      const rows: Inline[][][] = [];
      n += 2;
      while (n < lines.length && (lines[n] ?? '').trim() !== '' && (lines[n] ?? '').includes('|')) {
        rows.push(fit(splitRow(lines[n] ?? '')));
        n++;
      }
      n--; // the loop's n++ moves to the line after the table
      blocks.push({ type: 'table', align, head, rows, rowHeaders: head[0]?.length === 0 });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      blocks.push({ type: 'heading', level: heading[1]?.length ?? 1, inlines: parseInline(heading[2] ?? '') });
      continue;
    }
    // A line after a list item without a blank line continues the item's text.
    const last = list?.items.at(-1);
    if (last && /^\s+/.test(line)) {
      last.inlines.push({ type: 'text', text: ' ' }, ...parseInline(line.trim()));
      continue;
    }
    endList();
    paragraph.push(line);
  }
  endParagraph();
  endList();
  return blocks;
}
