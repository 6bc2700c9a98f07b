import type { Block, Inline } from "./ast";
import { type ProseMode, proseBlocks } from "./prose";

/** The only elements prose ever becomes. */
export type ProseTag = "p" | "br" | "ul" | "ol" | "li" | "em" | "strong" | "code" | "pre" | "blockquote" | "a";
export type ProseElement = { tag: ProseTag; href?: string; start?: number; children: ProseNode[] };
export type ProseSlot = { slot: true };
export type ProseNode = string | ProseElement | ProseSlot;

/** Links to other sites pass no referrer, no opener and no endorsement. */
export const LINK_REL = "nofollow noopener noreferrer";

const el = (tag: ProseTag, children: ProseNode[]): ProseElement => ({ tag, children });

function inlineNode(node: Inline): ProseNode {
  switch (node.type) {
    case "text":
      return node.value;
    case "emphasis":
      return el("em", node.children.map(inlineNode));
    case "strong":
      return el("strong", node.children.map(inlineNode));
    case "code":
      return el("code", [node.value]);
    case "link":
      return { tag: "a", href: node.href, children: node.children.map(inlineNode) };
    case "break":
      return el("br", []);
    case "slot":
      return { slot: true };
  }
}

// An item's first paragraph needs no <p> unless another paragraph follows it, as in a tight CommonMark list.
function itemNode(item: Block[]): ProseElement {
  const [first, second] = item;
  if (first?.type !== "paragraph" || second?.type === "paragraph") return el("li", item.map(blockNode));
  return el("li", [...first.children.map(inlineNode), ...item.slice(1).map(blockNode)]);
}

function blockNode(block: Block): ProseElement {
  switch (block.type) {
    case "paragraph":
      return el("p", block.children.map(inlineNode));
    case "codeBlock":
      return el("pre", [el("code", [block.value])]);
    case "quote":
      return el("blockquote", block.children.map(blockNode));
    case "list":
      return block.ordered
        ? { tag: "ol", ...(block.start !== 1 ? { start: block.start } : {}), children: block.items.map(itemNode) }
        : el("ul", block.items.map(itemNode));
  }
}

/** A prose text as elements from the list above: blocks, or in inline mode the content of one line. */
export function proseTree(src: string, mode: ProseMode = {}): ProseNode[] {
  const blocks = proseBlocks(src, mode);
  if (!mode.inline) return blocks.map(blockNode);
  const [line] = blocks;
  return line?.type === "paragraph" ? line.children.map(inlineNode) : [];
}

export const isSlot = (node: ProseNode): node is ProseSlot => typeof node !== "string" && "slot" in node;
