import { describe, expect, it } from "vitest";
import { proseMarkdown } from "./markdown";

describe("proseMarkdown", () => {
  it("writes the constructs again", () => {
    expect(proseMarkdown("A **b** *c* `d` [e](https://example.org/(x))\nsoft  \nhard")).toBe(
      "A **b** *c* `d` [e](https://example.org/\\(x\\)) soft\\\nhard",
    );
    expect(proseMarkdown("- a\n  - b\n- c\n\n10. d\n    ```\n    e\n    ```\n\n> q\n>\n> - r")).toBe(
      "- a\n  * b\n- c\n\n10. d\n\n    ```\n    e\n    ```\n\n> q\n>\n> - r",
    );
  });

  it("escapes every text so it opens nothing, the payload included", () => {
    expect(proseMarkdown(`<img src=x onerror=alert(1)> "q" & 'single'`)).toBe(`\\<img src=x onerror=alert(1)\\> "q" \\& 'single'`);
    expect(proseMarkdown("\\# not a heading\n\n\\- not a list\n\n1\\. not a list either")).toBe(
      "\\# not a heading\n\n\\- not a list\n\n1\\. not a list either",
    );
    expect(proseMarkdown("a\\\n\\- b")).toBe("a\\\n\\- b");
    expect(proseMarkdown("wow\\![x](https://example.org/)")).toBe("wow\\![x](https://example.org/)");
  });

  it("never writes an unescaped <: code holding one is written as escaped text", () => {
    expect(proseMarkdown("`a<b` and `a|b` and `` a`b ``")).toBe("a\\<b and a\\|b and ``a`b``");
    expect(proseMarkdown("```\n<x>\n  y\n```")).toBe("\\<x\\>\\\ny");
  });

  it("keeps emphasis that would not read as emphasis again, by writing the letter beside it as a reference", () => {
    expect(proseMarkdown("**a.**&#x78; and *&#32;b*")).toBe("**a.**&#x78; and *&#x20;b*");
    expect(proseMarkdown("*a*_b_")).toBe("*ab*");
  });

  it("never writes nested bullets as a rule", () => {
    expect(proseMarkdown("- * *")).toBe("- * -");
  });

  it("keeps two lists in a row apart", () => {
    expect(proseMarkdown("- a\n\n* b\n\n+ c")).toBe("- a\n\n* b\n\n- c");
    expect(proseMarkdown("1. a\n\n1) b")).toBe("1. a\n\n1) b");
  });

  it("in inline mode writes one line, for a table cell or a list item", () => {
    expect(proseMarkdown("a\n\n- b\n- c\n\n```\nx\ny\n```", { inline: true, after: "[^1]" })).toBe("a b; c `x y`[^1]");
    expect(proseMarkdown("1. first", { inline: true })).toBe("1\\. first");
  });

  it("puts `after` at the end of the last paragraph", () => {
    expect(proseMarkdown("a\n\nb", { after: "[^1]" })).toBe("a\n\nb[^1]");
    expect(proseMarkdown("- a", { after: "[^1]" })).toBe("- a\n\n[^1]");
  });
});
