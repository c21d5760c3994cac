import { describe, expect, test } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown.ts';

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
});
