import { createElement, Fragment, type ReactNode } from "react";
import { isSlot, LINK_REL, type ProseNode, proseTree } from "@/lib/markdown/tree";

function toReact(nodes: ProseNode[], after: ReactNode): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === "string") return node;
    if (isSlot(node)) return <Fragment key={key}>{after}</Fragment>;
    const props = { key, href: node.href, rel: node.href && LINK_REL, start: node.start };
    return node.tag === "br" ? createElement("br", { key }) : createElement(node.tag, props, ...toReact(node.children, after));
  });
}

/**
 * A prose field's Markdown as React elements: no raw HTML, links only to http, https or mailto. Block
 * mode wraps paragraphs and lists in a div.md (styled by record.css, so it never sits inside a <p>);
 * inline mode gives phrasing content for a sentence or a table cell. `after` (citation marks) ends
 * the last paragraph.
 */
export function Prose({ text, inline = false, after, className }: { text: string; inline?: boolean; after?: ReactNode; className?: string }) {
  const nodes = toReact(proseTree(text, { inline, slot: after !== undefined }), after);
  return inline ? <>{nodes}</> : <div className={className ? `md ${className}` : "md"}>{nodes}</div>;
}
