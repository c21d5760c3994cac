/** One text run from pdf.js: [text, x, baseline y (from the bottom), width, font size]. */
export type RawItem = [string, number, number, number, number];
export interface RawPage {
  width: number;
  height: number;
  items: RawItem[];
}

interface Line {
  y: number;
  x0: number;
  x1: number;
  size: number;
  items: RawItem[];
}

/**
 * Groups runs into lines (same baseline, within a third of the font size), top to bottom,
 * then left to right. Runs are sorted first: pdf.js gives them in content-stream order,
 * which for tables and headers is often not reading order.
 */
function groupLines(items: RawItem[]): Line[] {
  const sorted = [...items].sort((a, b) => b[2] - a[2] || a[1] - b[1]);
  const lines: Line[] = [];
  for (const item of sorted) {
    const [, x, y, w, size] = item;
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - y) <= Math.max(2, Math.min(last.size, size) * 0.35)) {
      last.items.push(item);
      last.x0 = Math.min(last.x0, x);
      last.x1 = Math.max(last.x1, x + w);
      last.size = Math.max(last.size, size);
    } else {
      lines.push({ y, x0: x, x1: x + w, size, items: [item] });
    }
  }
  for (const line of lines) line.items.sort((a, b) => a[1] - b[1]);
  return mergeOffsetCells(lines);
}

/**
 * Table cells are often centred vertically in their row, so a score sits half a line above
 * the criterion it belongs to, and a superscript ("30th") above its line. A line that is
 * closer than two thirds of the font size to the next one and does not overlap it
 * horizontally is merged into it.
 */
function mergeOffsetCells(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    if (!line) continue;
    if (
      next &&
      line.y - next.y <= Math.max(line.size, next.size) * 0.66 &&
      !line.items.some(([, x, , w]) => next.items.some(([, nx, , nw]) => x < nx + nw && nx < x + w))
    ) {
      next.items = [...line.items, ...next.items].sort((a, b) => a[1] - b[1]);
      next.x0 = Math.min(next.x0, line.x0);
      next.x1 = Math.max(next.x1, line.x1);
      next.size = Math.max(next.size, line.size);
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Joins a line's runs, putting a space where the gap between two runs is visible. */
function lineText(line: Line): string {
  let out = '';
  let end = -Infinity;
  for (const [str, x, , w, size] of line.items) {
    if (out !== '' && x - end > size * 0.15 && !out.endsWith(' ') && !str.startsWith(' ')) {
      // A wide gap inside a line separates table cells or a label from its value.
      out += x - end > size * 2 ? '   ' : ' ';
    }
    out += str;
    end = Math.max(end, x + w);
  }
  return out.replace(/\s+$/, '');
}

/**
 * Finds a vertical gutter between two text columns: an x band in the middle half of the page
 * that (almost) no run covers, with enough wide lines on both sides. Returns the band or
 * undefined for a one-column page. Narrow right-hand cells (a points column in a table)
 * do not count as a column.
 */
function findGutter(page: RawPage): { left: number; right: number } | undefined {
  const { width, items } = page;
  if (items.length < 12 || width <= 0) return undefined;
  const step = 2;
  const from = Math.floor((width * 0.3) / step);
  const to = Math.ceil((width * 0.7) / step);
  const cover = new Array<number>(to - from + 1).fill(0);
  for (const [, x, , w] of items) {
    const a = Math.max(from, Math.floor(x / step));
    const b = Math.min(to, Math.ceil((x + w) / step));
    for (let i = a; i <= b; i++) cover[i - from] = (cover[i - from] ?? 0) + 1;
  }
  const allowed = Math.max(1, Math.floor(items.length * 0.03));
  let best: { a: number; b: number } | undefined;
  let runStart = -1;
  for (let i = 0; i <= cover.length; i++) {
    const free = i < cover.length && (cover[i] ?? 0) <= allowed;
    if (free && runStart < 0) runStart = i;
    if (!free && runStart >= 0) {
      if (!best || i - runStart > best.b - best.a) best = { a: runStart, b: i };
      runStart = -1;
    }
  }
  if (!best || (best.b - best.a) * step < 8) return undefined;
  const gutter = { left: (best.a + from) * step, right: (best.b + from) * step };
  const leftLines = groupLines(items.filter(([, x, , w]) => x + w <= gutter.left + step));
  const rightLines = groupLines(items.filter(([, x]) => x >= gutter.right - step));
  const wide = (lines: Line[]) => lines.filter((l) => l.x1 - l.x0 >= width * 0.2).length;
  if (wide(leftLines) < 5 || wide(rightLines) < 5) return undefined;
  return gutter;
}

/**
 * A page's text in reading order. On a two-column page, the runs that cross the gutter
 * (titles, full-width paragraphs) split the page into bands; each band is read left column
 * first, then right column.
 */
export function layoutPage(page: RawPage): string {
  const lines = groupLines(page.items);
  const gutter = findGutter(page);
  if (!gutter) return lines.map(lineText).join('\n');
  const mid = (gutter.left + gutter.right) / 2;
  const out: string[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    out.push(...left.map(lineText), ...right.map(lineText));
    left = [];
    right = [];
  };
  const part = (line: Line, items: RawItem[]): Line => ({ ...line, items });
  for (const line of lines) {
    if (line.items.some(([, x, , w]) => x < mid && x + w > mid)) {
      flush();
      out.push(lineText(line));
      continue;
    }
    const l = line.items.filter(([, x]) => x < mid);
    const r = line.items.filter(([, x]) => x >= mid);
    if (l.length > 0) left.push(part(line, l));
    if (r.length > 0) right.push(part(line, r));
  }
  flush();
  return out.join('\n');
}
