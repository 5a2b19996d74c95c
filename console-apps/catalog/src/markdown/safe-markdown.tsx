import type { Definition, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { Fragment, useMemo, type ReactNode } from 'react';

/**
 * Where a link may lead: the web, mail and phone, and the console's own pages. Anything else
 * (javascript:, data:, vbscript:, protocol-relative //host) is shown as the link's text only.
 */
export function safeHref(url: string): string | undefined {
  const href = url.trim();
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme === 'https' || scheme === 'http' || scheme === 'mailto' || scheme === 'tel'
    ? href
    : undefined;
}

interface RenderContext {
  definitions: ReadonlyMap<string, Definition>;
  /** The heading level a markdown "#" becomes, so content headings sit under the page's. */
  topHeadingLevel: number;
}

const headingTags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function children(node: { children: Nodes[] }, ctx: RenderContext): ReactNode[] {
  return node.children.map((child, index) => (
    <Fragment key={index}>{renderNode(child, ctx)}</Fragment>
  ));
}

function link(href: string | undefined, content: ReactNode[], title?: string | null) {
  const safe = href === undefined ? undefined : safeHref(href);
  if (safe === undefined) return <>{content}</>;
  const external = !safe.startsWith('/');
  return (
    <a
      href={safe}
      title={title ?? undefined}
      rel="noopener noreferrer"
      {...(external ? { target: '_blank' } : {})}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {content}
    </a>
  );
}

/**
 * One markdown node as React elements, from an allow-list: text and its emphasis, paragraphs,
 * headings, lists, quotes, code, breaks and links. Raw HTML and images are left out altogether,
 * and every text goes through React, which escapes it; nothing is ever set as HTML.
 */
function renderNode(node: Nodes, ctx: RenderContext): ReactNode {
  switch (node.type) {
    case 'root':
      return children(node, ctx);
    case 'text':
      return node.value;
    case 'paragraph':
      return <p>{children(node, ctx)}</p>;
    case 'heading': {
      const Tag = headingTags[Math.min(ctx.topHeadingLevel + node.depth - 2, 5)] ?? 'h6';
      return <Tag className="font-semibold text-ink">{children(node, ctx)}</Tag>;
    }
    case 'emphasis':
      return <em>{children(node, ctx)}</em>;
    case 'strong':
      return <strong>{children(node, ctx)}</strong>;
    case 'delete':
      return <del>{children(node, ctx)}</del>;
    case 'inlineCode':
      return <code className="rounded bg-surface-muted px-1">{node.value}</code>;
    case 'code':
      return (
        <pre className="overflow-x-auto rounded bg-surface-muted p-3">
          <code>{node.value}</code>
        </pre>
      );
    case 'break':
      return <br />;
    case 'thematicBreak':
      return <hr className="border-line" />;
    case 'blockquote':
      return (
        <blockquote className="border-l-4 border-line pl-3 text-ink-muted">
          {children(node, ctx)}
        </blockquote>
      );
    case 'list':
      return node.ordered ? (
        <ol className="list-decimal pl-6" start={node.start ?? undefined}>
          {children(node, ctx)}
        </ol>
      ) : (
        <ul className="list-disc pl-6">{children(node, ctx)}</ul>
      );
    case 'listItem':
      return <li>{children(node, ctx)}</li>;
    case 'link':
      return link(node.url, children(node, ctx), node.title);
    case 'linkReference': {
      const definition = ctx.definitions.get(node.identifier);
      return link(definition?.url, children(node, ctx), definition?.title);
    }
    // Refused: markup the merchant could use to run script, load a remote image or restyle the
    // console. An image's alt text is not shown either: the content must read well without it.
    case 'html':
    case 'image':
    case 'imageReference':
    case 'definition':
      return null;
    default:
      // Anything else CommonMark may produce later: its text, if it has any, and nothing more.
      return 'children' in node ? children(node as { children: Nodes[] }, ctx) : null;
  }
}

function collectDefinitions(root: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return found;
}

export interface SafeMarkdownProps {
  /** Markdown from the catalog (a product's description, terms or instructions). */
  markdown: string;
  /** The level a top-level "#" heading takes (3 under a page's h1 and a section's h2). */
  topHeadingLevel?: number;
  className?: string;
}

/**
 * Markdown the catalog sends, shown as text: parsed by mdast-util-from-markdown (CommonMark),
 * then rendered through the allow-list above. No raw HTML, no images; links open with
 * rel="noopener noreferrer", and only to the web, mail, phone or the console itself.
 */
export function SafeMarkdown({ markdown, topHeadingLevel = 3, className = '' }: SafeMarkdownProps) {
  const content = useMemo(() => {
    const root = fromMarkdown(markdown);
    return renderNode(root, { definitions: collectDefinitions(root), topHeadingLevel });
  }, [markdown, topHeadingLevel]);
  return (
    <div className={`flex flex-col gap-3 text-sm leading-6 text-ink ${className}`}>{content}</div>
  );
}
