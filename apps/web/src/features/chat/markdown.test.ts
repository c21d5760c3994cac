import { describe, expect, test } from 'vitest';
import { parseInline, parseMarkdown, safeHref, splitRow } from './markdown.ts';

describe('chat Markdown', () => {
  test('links to tenders are in-app; escaped brackets stay text', () => {
    expect(parseInline('[Snow \\[removal\\]](/tender-notice/abc-1)')).toEqual([
      {
        type: 'link',
        href: '/tender-notice/abc-1',
        internal: true,
        children: [{ type: 'text', text: 'Snow [removal]' }],
      },
    ]);
  });

  test('bold, italic and code', () => {
    expect(parseInline('I found **12** *open* `x`')).toEqual([
      { type: 'text', text: 'I found ' },
      { type: 'strong', children: [{ type: 'text', text: '12' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'open' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'x' },
    ]);
  });

  test('javascript: and other schemes are not links, only their text is kept', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
    expect(safeHref('mailto:a@b.ca')).toEqual({ href: 'mailto:a@b.ca', internal: false });
  });

  test('HTML stays text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', inlines: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });

  test('paragraphs, numbered lists and nested bullets', () => {
    const blocks = parseMarkdown('Head:\n\n1. One\n2. Two\n\n- **A:** a\n- **R:**\n  - r1\n  - r2\n\nTail');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list', 'list', 'paragraph']);
    const [, numbered, bullets] = blocks;
    expect(numbered).toMatchObject({ ordered: true, start: 1, items: [{}, {}] });
    expect(bullets).toMatchObject({ ordered: false });
    if (bullets?.type !== 'list') throw new Error('expected a list');
    expect(bullets.items).toHaveLength(2);
    expect(bullets.items[1]?.sublist?.items).toHaveLength(2);
  });

  test('a pipe table: column headers, row headers when the corner is empty, links and escaped pipes in cells', () => {
    // The offline engine's comparison of two tenders (offline-chat.ts compare()).
    const src = [
      'Here is the comparison:',
      '| | [Snow removal](/tender-notice/cb-1) | [Road salt \\| sand](/tender-notice/cb-2) |',
      '|---|:---:|--:|',
      '| Buyer | City of **Ottawa** | Ville de Gatineau |',
      '| Value | $1,000 \\| estimate | Not stated |',
      '',
      '[Snow removal](/tender-notice/cb-1) closes first.',
    ].join('\n');
    const blocks = parseMarkdown(src);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'table', 'paragraph']);
    const table = blocks[1];
    if (table?.type !== 'table') throw new Error('expected a table');
    expect(table.align).toEqual([null, 'center', 'right']);
    expect(table.rowHeaders).toBe(true);
    expect(table.head[0]).toEqual([]);
    expect(table.head[1]).toEqual([
      { type: 'link', href: '/tender-notice/cb-1', internal: true, children: [{ type: 'text', text: 'Snow removal' }] },
    ]);
    expect(table.head[2]).toEqual([
      {
        type: 'link',
        href: '/tender-notice/cb-2',
        internal: true,
        children: [{ type: 'text', text: 'Road salt | sand' }],
      },
    ]);
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0]?.[0]).toEqual([{ type: 'text', text: 'Buyer' }]);
    expect(table.rows[0]?.[1]).toEqual([
      { type: 'text', text: 'City of ' },
      { type: 'strong', children: [{ type: 'text', text: 'Ottawa' }] },
    ]);
    expect(table.rows[1]?.[1]).toEqual([{ type: 'text', text: '$1,000 | estimate' }]);
  });

  test('table rows are padded or cut to the header width; no outer pipes is still a table; a line without pipes ends it', () => {
    const blocks = parseMarkdown('a | b\n--- | ---\n1 |\n2 | 3 | 4\nafter');
    // A line without a pipe ends the table.
    expect(blocks.map((b) => b.type)).toEqual(['table', 'paragraph']);
    const [table] = blocks;
    if (table?.type !== 'table') throw new Error('expected a table');
    expect(table.rowHeaders).toBe(false);
    expect(table.rows.map((r) => r.map((c) => c.map((i) => (i.type === 'text' ? i.text : '')).join('')))).toEqual([
      ['1', ''],
      ['2', '3'],
    ]);
  });

  test('not a table: pipes without a delimiter row, or a delimiter row of another width, stay text', () => {
    expect(parseMarkdown('a | b\nc | d').map((b) => b.type)).toEqual(['paragraph']);
    expect(parseMarkdown('| a | b |\n|---|\n| 1 | 2 |').map((b) => b.type)).toEqual(['paragraph']);
    expect(splitRow('| a | b \\| c |')).toEqual(['a', 'b \\| c']);
  });

  test('HTML and unsafe links inside table cells stay text', () => {
    const [table] = parseMarkdown('| x | y |\n|---|---|\n| <script>alert(1)</script> | [go](javascript:alert(1)) |');
    if (table?.type !== 'table') throw new Error('expected a table');
    expect(table.rows[0]?.[0]).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    expect(table.rows[0]?.[1]?.some((i) => i.type === 'link')).toBe(false);
  });
});
