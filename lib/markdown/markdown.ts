import { type Block, linesParagraph } from "./ast";
import { inlinesMd, longestRun } from "./markdown-inline";
import { type ProseMode, proseBlocks } from "./prose";

/** Every line after the first indented, so it stays inside a list item. */
const indent = (body: string, width: number) => body.replace(/\n(?=.)/g, `\n${" ".repeat(width)}`);
const quoteLines = (body: string) => body.replace(/^(?=.)/gm, "> ").replace(/^$/gm, ">");

function codeBlockMd(value: string, after: string): string {
  if (value.includes("<")) return inlinesMd(linesParagraph(value).children, after);
  const fence = "`".repeat(Math.max(3, longestRun(value) + 1));
  return value === "" ? `${fence}\n${fence}` : `${fence}\n${value}\n${fence}`;
}

// Two lists in a row alternate their markers, or Markdown would read them as one; nested bullets
// alternate too, or "- - -" would be a rule.
function listMd(block: Extract<Block, { type: "list" }>, alternate: boolean, depth: number, after: string): string {
  const items = block.items.map((item, i) => {
    const marker = block.ordered ? `${block.start + i}${alternate ? ")" : "."}` : (depth % 2 === 1) !== alternate ? "*" : "-";
    const body = blocksMd(item, after, depth + 1, true);
    return body ? indent(`${marker} ${body}`, marker.length + 1) : marker;
  });
  return items.join("\n");
}

// Inside an item a list follows its paragraph on the next line, as typed; only a list that can
// interrupt a paragraph may (one starting at 1 with a first item that is not empty).
const interrupts = (prev: Block | undefined, next: Block) =>
  prev?.type === "paragraph" && next.type === "list" && (!next.ordered || next.start === 1) && (next.items[0]?.length ?? 0) > 0;

function blockMd(block: Block, alternate: boolean, depth: number, after: string): string {
  switch (block.type) {
    case "paragraph":
      return inlinesMd(block.children, after);
    case "codeBlock":
      return codeBlockMd(block.value, after);
    case "quote":
      return quoteLines(blocksMd(block.children, after, depth));
    case "list":
      return listMd(block, alternate, depth, after);
  }
}

function blocksMd(blocks: Block[], after: string, depth = 0, inItem = false): string {
  let alternate = false;
  return blocks
    .map((b, i) => {
      const prev = blocks[i - 1];
      alternate = b.type === "list" && prev?.type === "list" && prev.ordered === b.ordered ? !alternate : false;
      const md = blockMd(b, alternate, depth, after);
      return i === 0 ? md : (inItem && interrupts(prev, b) ? "\n" : "\n\n") + md;
    })
    .join("");
}

/**
 * A prose field as Markdown that means what the field means: its constructs written again, every
 * text escaped so it opens nothing, and no unescaped "<" anywhere. `after` (footnote references)
 * is placed at the end of the last paragraph. In inline mode the result is one line.
 */
export function proseMarkdown(src: string, { inline = false, after }: { inline?: boolean; after?: string } = {}): string {
  const mode: ProseMode = { inline, slot: after !== undefined };
  return blocksMd(proseBlocks(src, mode), after ?? "");
}
