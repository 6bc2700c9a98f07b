import fc from "fast-check";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import { decodeEntities, textOf, unescapedIndexes } from "@/publish/test-support";
import { type Block, type Inline, linesParagraph, mergeAdjacent } from "./ast";
import { proseHtml } from "./html";
import { proseMarkdown } from "./markdown";
import { prosePlain } from "./plain";
import { proseBlocks } from "./prose";
import { LINK_REL } from "./tree";
import { anyText } from "./test-support";
import { safeHref } from "./url";

const both = fc.record({ src: anyText, inline: fc.boolean() });
const RUNS = { numRuns: 400 };

const TAG = /^<(\/?)(p|br|ul|ol|li|em|strong|code|pre|blockquote|a)((?: [a-z]+="[^"<>]*")*)>$/;

/** Fails unless the HTML is whitelisted tags, escaped text, and links only to http, https or mailto. */
function expectSafeHtml(html: string) {
  for (const token of html.match(/<[^<>]*>|[^<>]+|[<>]/g) ?? []) {
    if (!token.startsWith("<")) {
      expect(token).not.toMatch(/[<>"]|&(?!(?:amp|lt|gt|quot|#39);)/);
      continue;
    }
    const [, closing, name, attrs = ""] = TAG.exec(token) ?? expect.fail(`not whitelisted: ${token}`);
    for (const [, key = "", value = ""] of attrs.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      expect(closing).toBe("");
      if (key === "href" && name === "a") expect(safeHref(decodeEntities(value))).toBe(decodeEntities(value));
      else if (key === "rel" && name === "a") expect(value).toBe(LINK_REL);
      else if (key === "start" && name === "ol") expect(value).toMatch(/^\d+$/);
      else expect.fail(`attribute ${key} on ${name}`);
    }
  }
}

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

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).join("");
// Where letters may go on purpose: a link's destination, a character reference, a fence's language.
const keepsAllLetters = (s: string) => !s.includes("](") && !s.includes(";") && !/(`{3}|~{3})[^\n]*\p{L}/u.test(s);

describe("prose rendering, for any text", () => {
  it("HTML has only whitelisted tags, no attribute but a safe href, rel and start, and escaped text", () => {
    fc.assert(fc.property(both, ({ src, inline }) => expectSafeHtml(proseHtml(src, { inline }))), RUNS);
  });

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

  it("loses no letter of the text in HTML, either mode, or in plain text", () => {
    fc.assert(
      fc.property(both.filter(({ src }) => keepsAllLetters(src)), ({ src, inline }) => {
        expect(letters(textOf(proseHtml(src, { inline })))).toBe(letters(src));
        expect(letters(prosePlain(src))).toBe(letters(src));
      }),
      RUNS,
    );
  });
});
