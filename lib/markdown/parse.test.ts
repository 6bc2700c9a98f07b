import { describe, expect, it } from "vitest";
import type { Block, Inline } from "./ast";
import { parseProse } from "./parse";
import { proseBlocks } from "./prose";

const para = (...children: Inline[]): Block => ({ type: "paragraph", children });
const t = (value: string) => ({ type: "text" as const, value });

describe("parseProse", () => {
  it("keeps the whitelisted constructs", () => {
    expect(parseProse("A **b** *c* `d`\nsoft  \nhard")).toEqual([
      para(t("A "), { type: "strong", children: [t("b")] }, t(" "), { type: "emphasis", children: [t("c")] }, t(" "), { type: "code", value: "d" }, t("\nsoft"), { type: "break" }, t("hard")),
    ]);
    expect(parseProse("- a\n- b\n\n3. c\n\n> q\n\n```js\nx < 1\n```")).toEqual([
      { type: "list", ordered: false, start: 1, items: [[para(t("a"))], [para(t("b"))]] },
      { type: "list", ordered: true, start: 3, items: [[para(t("c"))]] },
      { type: "quote", children: [para(t("q"))] },
      { type: "codeBlock", value: "x < 1" },
    ]);
  });

  it("shows raw HTML, inline and block, as the text that was typed", () => {
    expect(parseProse(`<img src=x onerror=alert(1)> "q" & 'single'`)).toEqual([para(t(`<img src=x onerror=alert(1)> "q" & 'single'`))]);
    expect(parseProse("<script>\nalert(1)\n</script>")).toEqual([para(t("<script>"), { type: "break" }, t("alert(1)"), { type: "break" }, t("</script>"))]);
  });

  it("shows headings, rules, definitions, images and references literally", () => {
    const src = "# Title\n\n***\n\n[r]: https://example.org\n\n![alt](https://example.org/a.png) and [r] and [x][r]";
    expect(parseProse(src)).toEqual([
      para(t("# Title")),
      para(t("***")),
      para(t("[r]: https://example.org")),
      para(t("![alt](https://example.org/a.png) and [r] and [x][r]")),
    ]);
  });

  it("links only to http, https and mailto, normalised; any other link is shown as typed", () => {
    expect(parseProse("[a](https://example.org/x y) [b](HTTP://Example.org) <c@example.org>")).toEqual([
      para(t("[a](https://example.org/x y) "), { type: "link", href: "http://example.org/", children: [t("b")] }, t(" "), { type: "link", href: "mailto:c@example.org", children: [t("c@example.org")] }),
    ]);
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,x", "/relative", "#frag", "vbscript:x", "java%0ascript:x"]) {
      expect(parseProse(`[**x**](<${url}>)`)).toEqual([para(t(`[**x**](<${url}>)`))]);
    }
    expect(parseProse("[](https://example.org/)")).toEqual([para({ type: "link", href: "https://example.org/", children: [t("https://example.org/")] })]);
  });
});

describe("inline mode", () => {
  it("puts everything on one line, paragraphs and items joined, nothing dropped", () => {
    expect(proseBlocks("One\ntwo  \nthree\n\n1. a\n2. **b**\n\n- c\n- d\n\n```\nx\ny\n```", { inline: true })).toEqual([
      para(t("One\ntwo three 1. a; 2. "), { type: "strong", children: [t("b")] }, t(" c; d "), { type: "code", value: "x y" }),
    ]);
  });

  it("leaves a slot at the end of the last paragraph, or in a paragraph of its own", () => {
    expect(proseBlocks("a\n\nb", { slot: true })).toEqual([para(t("a")), para(t("b"), { type: "slot" })]);
    expect(proseBlocks("- a", { slot: true }).at(-1)).toEqual(para({ type: "slot" }));
    expect(proseBlocks("- a", { slot: true, inline: true })).toEqual([para(t("a"), { type: "slot" })]);
  });
});
