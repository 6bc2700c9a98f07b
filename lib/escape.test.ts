import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, escapeMarkdown, escapeMarkdownText, escapeXml } from "./escape";
import { unescapedIndexes } from "@/tests/support/text-kit";

describe("escapeHtml", () => {
  it("escapes the five characters that can start markup or end an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
  });

  it("leaves other text, including non-ASCII, as it is", () => {
    expect(escapeHtml("Запуск GLM-5.3 — 14:00–19:40 UTC, $1.40")).toBe("Запуск GLM-5.3 — 14:00–19:40 UTC, $1.40");
  });

  it("never outputs a raw <, >, quote or a bare &", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const out = escapeHtml(s);
        expect(out).not.toMatch(/[<>"']/);
        expect(out).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
      }),
    );
  });
});

describe("escapeXml", () => {
  it("escapes markup characters with XML's own entities", () => {
    expect(escapeXml(`<x a="1" b='2'>&</x>`)).toBe("&lt;x a=&quot;1&quot; b=&apos;2&apos;&gt;&amp;&lt;/x&gt;");
  });

  it("drops characters XML 1.0 cannot carry and keeps tabs, newlines and astral characters", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\uFFFEe\t\n\r😀")).toBe("abcde\t\n\r😀");
    expect(escapeXml("lone \uD800 and \uDC00 surrogates")).toBe("lone  and  surrogates");
  });
});

describe("escapeMarkdown", () => {
  it("escapes every Markdown-active character", () => {
    expect(escapeMarkdown("\\ ` * _ [ ] < > # | ~ & $")).toBe("\\\\ \\` \\* \\_ \\[ \\] \\< \\> \\# \\| \\~ \\& \\$");
  });

  it("turns raw HTML and links into text", () => {
    expect(escapeMarkdown("<img src=x onerror=alert(1)> [a](javascript:x)")).toBe("\\<img src=x onerror=alert(1)\\> \\[a\\](javascript:x)");
  });

  it("escapes a leading list marker, ordered-list number or heading underline", () => {
    expect(escapeMarkdown("- item")).toBe("\\- item");
    expect(escapeMarkdown("+ item")).toBe("\\+ item");
    expect(escapeMarkdown("= heading")).toBe("\\= heading");
    expect(escapeMarkdown("12. item")).toBe("12\\. item");
    expect(escapeMarkdown("3) item")).toBe("3\\) item");
    expect(escapeMarkdown("12.")).toBe("12\\.");
    expect(escapeMarkdown("2.04 million")).toBe("2.04 million");
    expect(escapeMarkdown("GLM-5.3 has 1,048,576 tokens - 2.04M")).toBe("GLM-5.3 has 1,048,576 tokens - 2.04M");
  });

  it("escapeMarkdownText keeps spaces, and escapes a marker that starts the line after indentation", () => {
    expect(escapeMarkdownText(" a *b* ")).toBe(" a \\*b\\* ");
    expect(escapeMarkdownText("   - item")).toBe("   \\- item");
    expect(escapeMarkdownText("\t1. item")).toBe("\t1\\. item");
  });

  it("folds line breaks into spaces so a text cannot end a table row or list item", () => {
    expect(escapeMarkdown("  one\n\ntwo\r\n- three  ")).toBe("one two - three");
  });

  it("leaves no active character unescaped and no line break, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = escapeMarkdown(s);
        expect(out).not.toMatch(/[\r\n]/);
        for (const c of "`*_[]<>#|~&$") expect(unescapedIndexes(out, c)).toEqual([]);
      }),
    );
  });
});
