import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Align, type Block, type Inline, type List, parseMarkdown, type Table } from '../markdown.ts';

function inlines(nodes: Inline[]): ReactNode {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inlines(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return node.internal ? (
          <Link key={i} to={node.href}>
            {inlines(node.children)}
          </Link>
        ) : (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
            {inlines(node.children)}
          </a>
        );
    }
  });
}

function ListView({ list }: { list: List }) {
  const items = list.items.map((item, i) => (
    <li key={i}>
      {inlines(item.inlines)}
      {item.sublist && <ListView list={item.sublist} />}
    </li>
  ));
  return list.ordered ? <ol start={list.start}>{items}</ol> : <ul>{items}</ul>;
}

const alignClass = (align: Align | undefined) => (align ? `chat-md__cell--${align}` : undefined);

/**
 * A table with column headers (and row headers when the top-left cell is empty, as in the
 * comparison of two tenders). It scrolls sideways on a narrow screen, so its frame is a named,
 * focusable region that the keyboard can scroll.
 */
function TableView({ table }: { table: Table }) {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-md__table" role="region" aria-label={t('table')} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {table.head.map((cell, i) =>
              // An empty corner cell heads nothing.
              cell.length === 0 ? (
                <td key={i} />
              ) : (
                <th key={i} scope="col" className={alignClass(table.align[i])}>
                  {inlines(cell)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 && table.rowHeaders ? (
                  <th key={i} scope="row" className={alignClass(table.align[i])}>
                    {inlines(cell)}
                  </th>
                ) : (
                  <td key={i} className={alignClass(table.align[i])}>
                    {inlines(cell)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  if (block.type === 'list') return <ListView list={block} />;
  if (block.type === 'table') return <TableView table={block} />;
  // Headings inside a chat bubble are emphasis, not page structure.
  if (block.type === 'heading') return <p className="chat-md__heading">{inlines(block.inlines)}</p>;
  return <p>{inlines(block.inlines)}</p>;
}

/** A chat reply's Markdown as React elements (never as HTML). */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="chat-md">
      {parseMarkdown(source).map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
