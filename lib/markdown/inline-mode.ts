import { type Block, type Inline, mergeAdjacent, text } from "./ast";

function joinWith(parts: Inline[][], separator: string): Inline[] {
  return parts.filter((p) => p.length > 0).flatMap((p, i) => (i === 0 ? p : [text(separator), ...p]));
}

function unbreak(node: Inline): Inline {
  if (node.type === "break") return text(" ");
  if ("children" in node) return { ...node, children: mergeAdjacent(node.children.map(unbreak)) };
  return node;
}

function flatBlock(block: Block): Inline[] {
  switch (block.type) {
    case "paragraph":
      return block.children.map(unbreak);
    case "codeBlock":
      // An empty code block has nothing to show, and an empty code span cannot be written.
      return block.value ? [{ type: "code", value: block.value.replace(/\r\n|\r|\n/g, " ") }] : [];
    case "quote":
      return flatten(block.children);
    case "list":
      return joinWith(
        block.items.map((item, i) => {
          const content = flatten(item);
          return block.ordered ? [text(`${block.start + i}.${content.length ? " " : ""}`), ...content] : content;
        }),
        "; ",
      );
  }
}

/**
 * Inline mode: the blocks as one line with their inline formatting, for a table cell or a sentence
 * in a list item. Paragraphs are joined by a space, list items by "; " (ordered ones keep their
 * number), line breaks become spaces; no text is dropped.
 */
export function flatten(blocks: Block[]): Inline[] {
  return mergeAdjacent(joinWith(blocks.map(flatBlock), " "));
}
