export type PageItem = number | 'gap';

/** Spec §2: every page number up to 5 pages; beyond, the first, the last and the current ±1 with ellipses. */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 5) return Array.from({ length: count }, (_, i) => i + 1);
  const near =
    current <= 3
      ? [1, 2, 3, 4]
      : current >= count - 2
        ? [count - 3, count - 2, count - 1, count]
        : [current - 1, current, current + 1];
  const pages = [...new Set([1, ...near, count])].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1]! > 1) items.push('gap');
    items.push(p);
  });
  return items;
}
