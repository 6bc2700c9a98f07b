import type { Nodes, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { type Block, type Inline, linesParagraph, mergeAdjacent, text } from "./ast";
import { safeHref } from "./url";

/** The source of a node exactly as typed, for constructs shown literally. */
function sourceOf(node: Nodes, src: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? "" : src.slice(start, end);
}

function inlines(nodes: PhrasingContent[], src: string): Inline[] {
  return mergeAdjacent(nodes.flatMap((n) => inline(n, src)));
}

function inline(node: PhrasingContent, src: string): Inline[] {
  switch (node.type) {
    case "text":
      return [text(node.value)];
    case "emphasis":
    case "strong":
      return [{ type: node.type, children: inlines(node.children, src) }];
    case "inlineCode":
      // Line endings in code spans read as spaces (CommonMark); the value keeps them.
      return [{ type: "code", value: node.value.replace(/\r\n|\r|\n/g, " ") }];
    case "break":
      return [{ type: "break" }];
    case "link": {
      const href = safeHref(node.url);
      // A link that could run script or go nowhere useful is shown as typed, URL and all: never a
      // live link, and nothing the editor wrote silently disappears.
      if (href === null) return [text(sourceOf(node, src))];
      const children = inlines(node.children, src);
      return [{ type: "link", href, children: children.length ? children : [text(node.url)] }];
    }
    case "html":
      return [text(node.value)];
    default:
      // Images, references and anything else: the source as text.
      return [text(sourceOf(node, src))];
  }
}

function blocks(nodes: RootContent[], src: string): Block[] {
  return nodes.map((n) => block(n, src));
}

function block(node: RootContent, src: string): Block {
  switch (node.type) {
    case "paragraph":
      return { type: "paragraph", children: inlines(node.children, src) };
    case "list":
      return { type: "list", ordered: node.ordered === true, start: node.start ?? 1, items: node.children.map((item) => blocks(item.children, src)) };
    case "blockquote":
      return { type: "quote", children: blocks(node.children, src) };
    case "code":
      // A fence's info string (a language name) is not content and is not kept.
      return { type: "codeBlock", value: node.value };
    case "html":
      return linesParagraph(node.value);
    default:
      // Headings, thematic breaks, definitions and anything else: the source as text, line by line.
      return linesParagraph(sourceOf(node, src));
  }
}

/**
 * A prose field read as CommonMark, keeping only paragraphs, line breaks, lists, emphasis, strong,
 * code, block quotes and links to http, https or mailto. Raw HTML, links to anything else and
 * every other construct stay as the text that was typed.
 */
export function parseProse(src: string): Block[] {
  return blocks(fromMarkdown(src).children, src);
}
