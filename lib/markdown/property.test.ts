import fc from "fast-check";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import { type Block, type Inline, linesParagraph, mergeAdjacent } from "./ast";
import { proseMarkdown } from "./markdown";
import { prosePlain } from "./plain";
import { proseBlocks } from "./prose";
import { anyText, keepsAllLetters, letters, unescapedIndexes } from "@/tests/support/text-kit";
import { safeHref } from "./url";

const both = fc.record({ src: anyText, inline: fc.boolean() });
const RUNS = { numRuns: 400 };

const MARKDOWN_NODES = new Set(["root", "paragraph", "text", "emphasis", "strong", "inlineCode", "break", "link", "list", "listItem", "blockquote", "code"]);

function expectSafeMarkdownNodes(node: Nodes) {
  expect(MARKDOWN_NODES).toContain(node.type);
  if (node.type === "link") expect(safeHref(node.url)).not.toBeNull();
  if ("children" in node) for (const child of node.children) expectSafeMarkdownNodes(child);
}

// What the Markdown renderer deliberately writes differently: soft line breaks as spaces, and code
// holding "<" (or "|" inline) as text.
function normalInline(node: Inline): Inline[] {
  if (node.type === "code" && /[<|]/.test(node.value)) return [{ type: "text", value: node.value }];
  if ("children" in node) return [{ ...node, children: normalInlines(node.children) }];
  return [node];
}
const collapse = (node: Inline): Inline => (node.type === "text" ? { ...node, value: node.value.replace(/[ \t\r\n]+/g, " ") } : node);
const normalInlines = (nodes: Inline[]) => mergeAdjacent(nodes.flatMap(normalInline)).map(collapse);

// Markdown drops the spaces that start or end a paragraph.
function trimEdges(nodes: Inline[]): Inline[] {
  const out = nodes.map((n, i) =>
    n.type !== "text" ? n : { ...n, value: n.value.replace(i === 0 ? /^ / : /$^/, "").replace(i === nodes.length - 1 ? / $/ : /$^/, "") },
  );
  return mergeAdjacent(out);
}

function normal(blocks: Block[]): Block[] {
  return blocks.flatMap((b): Block[] => {
    if (b.type === "paragraph") return b.children.length ? [{ ...b, children: trimEdges(normalInlines(b.children)) }] : [];
    if (b.type === "codeBlock") return b.value.includes("<") ? normal([linesParagraph(b.value)]) : [b];
    if (b.type === "quote") return [{ ...b, children: normal(b.children) }];
    return [{ ...b, items: b.items.map(normal) }];
  });
}


describe("prose rendering, for any text", () => {
  it("Markdown has no unescaped <, and read again it has no HTML, image or unsafe link", () => {
    fc.assert(
      fc.property(both, ({ src, inline }) => {
        const md = proseMarkdown(src, { inline });
        expect(unescapedIndexes(md, "<")).toEqual([]);
        expectSafeMarkdownNodes(fromMarkdown(md));
        if (inline) expect(md).not.toMatch(/[\r\n]/);
      }),
      RUNS,
    );
  });

  it("Markdown read again is the same prose", () => {
    fc.assert(
      fc.property(both, ({ src, inline }) => {
        expect(normal(proseBlocks(proseMarkdown(src, { inline }), { inline }))).toEqual(normal(proseBlocks(src, { inline })));
      }),
      RUNS,
    );
  });

  it("loses no letter of the text in plain text", () => {
    fc.assert(
      fc.property(both.filter(({ src }) => keepsAllLetters(src)), ({ src }) => {
        expect(letters(prosePlain(src))).toBe(letters(src));
      }),
      RUNS,
    );
  });
});
