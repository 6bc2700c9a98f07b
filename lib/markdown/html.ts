import { escapeHtml } from "../escape";
import { LINK_REL, type ProseNode, isSlot, proseTree } from "./tree";

function nodeHtml(node: ProseNode): string {
  if (typeof node === "string") return escapeHtml(node);
  if (isSlot(node)) return "";
  if (node.tag === "br") return "<br>";
  const attrs = node.tag === "a" && node.href ? ` href="${escapeHtml(node.href)}" rel="${LINK_REL}"` : node.start !== undefined ? ` start="${node.start}"` : "";
  return `<${node.tag}${attrs}>${node.children.map(nodeHtml).join("")}</${node.tag}>`;
}

/** A prose field's Markdown as an HTML string, with the same elements and link rules as the page (an email's HTML part). */
export const proseHtml = (src: string): string => proseTree(src).map(nodeHtml).join("");
