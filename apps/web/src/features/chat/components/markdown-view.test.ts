import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { MarkdownView } from './markdown-view.tsx';

/** The chat's Markdown as the browser gets it: elements only, never markup from the text. */
const render = (source: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MarkdownView, { source })));

describe('MarkdownView', () => {
  test('a comparison renders as a table with column and row headers and in-app links', () => {
    const html = render(
      [
        '| | [Snow removal](/tender-notice/cb-1) | [Road salt](/tender-notice/cb-2) |',
        '|---|---|---|',
        '| Buyer | City of Ottawa | Ville de Gatineau |',
        '| Closing | March 3, 2026 | — |',
      ].join('\n'),
    );
    expect(html).toContain('<table>');
    expect(html).toContain(
      '<thead><tr><td></td><th scope="col"><a href="/tender-notice/cb-1" data-discover="true">Snow removal</a></th>',
    );
    expect(html).toContain('<tr><th scope="row">Buyer</th><td>City of Ottawa</td><td>Ville de Gatineau</td></tr>');
    expect(html).toMatch(/<div class="chat-md__table" role="region" aria-label="[^"]+" tabindex="0">/);
    expect(html).not.toContain('|');
  });

  test('HTML in a table cell or a paragraph is escaped text, never an element', () => {
    const html = render(
      '<img src=x onerror=alert(1)>\n\n| a | b |\n|---|---|\n| <script>x()</script> | [go](javascript:alert(1)) |',
    );
    expect(html).not.toMatch(/<img|<script|href="javascript/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<td>&lt;script&gt;x()&lt;/script&gt;</td>');
  });
});
