import { createElement, Fragment, type ReactNode } from "react";
import { isSlot, LINK_REL, type ProseNode } from "@/lib/markdown/prose-node";

/** Prose's tree as React elements: `after` (citation marks) where the tree has its slot. No parser here, so a client component can draw a tree it was given. */
export function proseElements(nodes: ProseNode[], after?: ReactNode): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === "string") return node;
    if (isSlot(node)) return <Fragment key={key}>{after}</Fragment>;
    const props = { key, href: node.href, rel: node.href && LINK_REL, start: node.start };
    return node.tag === "br" ? createElement("br", { key }) : createElement(node.tag, props, ...proseElements(node.children, after));
  });
}
