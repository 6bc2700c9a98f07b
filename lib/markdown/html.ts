import { escapeHtml } from "@/lib/escape";
import { isSlot, LINK_REL, type ProseNode, proseTree } from "./tree";

function nodeHtml(node: ProseNode, after: string): string {
  if (typeof node === "string") return escapeHtml(node);
  if (isSlot(node)) return after;
  if (node.tag === "br") return "<br>";
  const attrs =
    (node.href !== undefined ? ` href="${escapeHtml(node.href)}" rel="${LINK_REL}"` : "") +
    (node.start !== undefined ? ` start="${node.start}"` : "");
  return `<${node.tag}${attrs}>${node.children.map((c) => nodeHtml(c, after)).join("")}</${node.tag}>`;
}

/**
 * A prose field as HTML: every text escaped, only the elements of ProseTag. `after` is trusted HTML
 * (citation marks) placed at the end of the last paragraph.
 */
export function proseHtml(src: string, { inline = false, after }: { inline?: boolean; after?: string } = {}): string {
  return proseTree(src, { inline, slot: after !== undefined })
    .map((n) => nodeHtml(n, after ?? ""))
    .join("");
}
