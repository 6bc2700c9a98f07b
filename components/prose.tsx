import { createElement, Fragment, type ReactNode } from "react";
import { isSlot, LINK_REL, type ProseNode, type ProseTag, proseTree } from "@/lib/markdown/tree";

const CLASS: Partial<Record<ProseTag, string>> = {
  ul: "list-disc space-y-1 pl-5",
  ol: "list-decimal space-y-1 pl-5",
  blockquote: "border-l-4 border-slate-300 pl-3 text-slate-700 dark:border-slate-700 dark:text-slate-300",
  pre: "overflow-x-auto rounded bg-slate-100 p-3 text-sm dark:bg-slate-900",
  code: "font-mono text-[0.9em]",
  a: "text-blue-700 underline dark:text-blue-300",
};

function toReact(nodes: ProseNode[], after: ReactNode): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === "string") return node;
    if (isSlot(node)) return <Fragment key={key}>{after}</Fragment>;
    const props = { key, className: CLASS[node.tag], href: node.href, rel: node.href && LINK_REL, start: node.start };
    return node.tag === "br" ? createElement("br", { key }) : createElement(node.tag, props, ...toReact(node.children, after));
  });
}

/**
 * A prose field's Markdown as React elements, from the same tree as the HTML export: no raw HTML,
 * links only to http, https or mailto. Block mode wraps paragraphs and lists in a div (so it never
 * sits inside a <p>); inline mode gives phrasing content for a sentence or a table cell. `after`
 * (citation marks) ends the last paragraph.
 */
export function Prose({ text, inline = false, after, className }: { text: string; inline?: boolean; after?: ReactNode; className?: string }) {
  const nodes = toReact(proseTree(text, { inline, slot: after !== undefined }), after);
  return inline ? <>{nodes}</> : <div className={`space-y-2 ${className ?? ""}`.trim()}>{nodes}</div>;
}
