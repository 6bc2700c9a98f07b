import type { Block } from "./ast";
import { flatten } from "./inline-mode";
import { parseProse } from "./parse";

export type ProseMode = {
  /** One line for a table cell or a sentence (see flatten); otherwise paragraphs and lists as blocks. */
  inline?: boolean;
  /** Leave a slot for the caller's addition at the end of the last paragraph (or in one of its own). */
  slot?: boolean;
};

function appendSlot(blocks: Block[]): Block[] {
  const last = blocks.at(-1);
  if (last?.type === "paragraph") return [...blocks.slice(0, -1), { ...last, children: [...last.children, { type: "slot" }] }];
  return [...blocks, { type: "paragraph", children: [{ type: "slot" }] }];
}

/** A prose text in the requested mode; in inline mode it is always exactly one paragraph. */
export function proseBlocks(src: string, { inline = false, slot = false }: ProseMode = {}): Block[] {
  const blocks = parseProse(src);
  const shaped: Block[] = inline ? [{ type: "paragraph", children: flatten(blocks) }] : blocks;
  return slot ? appendSlot(shaped) : shaped;
}
