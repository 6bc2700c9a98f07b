/** A prose text as the renderers see it: only the constructs they may show, everything else already text. */
export type Inline =
  | { type: "text"; value: string }
  | { type: "emphasis" | "strong"; children: Inline[] }
  | { type: "code"; value: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" }
  /** Where the caller's addition (citation marks) goes. */
  | { type: "slot" };

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "codeBlock"; value: string }
  | { type: "quote"; children: Block[] };

export type Paragraph = Extract<Block, { type: "paragraph" }>;

export const text = (value: string): Inline => ({ type: "text", value });

/**
 * Adjacent texts as one, so an escape at the start of a text sees what really starts the line; and
 * adjacent emphasis (or strong) as one, which reads the same and is the only way Markdown can write it.
 */
export function mergeAdjacent(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === "text" && last?.type === "text") out[out.length - 1] = text(last.value + node.value);
    else if ((node.type === "emphasis" || node.type === "strong") && last?.type === node.type) {
      out[out.length - 1] = { type: node.type, children: mergeAdjacent([...last.children, ...node.children]) };
    } else if (node.type !== "text" || node.value !== "") out.push(node);
  }
  return out;
}

/** Text that keeps its line breaks: a paragraph of its lines, each trimmed, joined by hard breaks. */
export function linesParagraph(value: string): Paragraph {
  const lines = value.trim().split(/\r\n|\r|\n/).map((l) => l.trim());
  return { type: "paragraph", children: mergeAdjacent(lines.flatMap((l, i) => (i === 0 ? [text(l)] : [{ type: "break" }, text(l)]))) };
}
