import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type Block, type Inline, type List, parseMarkdown } from '../markdown.ts';

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

function BlockView({ block }: { block: Block }) {
  if (block.type === 'list') return <ListView list={block} />;
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
