import { describe, expect, it } from "vitest";
import { proseHtml } from "./html";

describe("proseHtml", () => {
  it("renders Markdown with every text escaped", () => {
    expect(proseHtml("**bold** & *em* `a<b`\n\n- one\n- two")).toBe(
      "<p><strong>bold</strong> &amp; <em>em</em> <code>a&lt;b</code></p><ul><li>one</li><li>two</li></ul>",
    );
    expect(proseHtml("2. a\n3. b\n\n> q\n\n```\n<b>\n```")).toBe(
      '<ol start="2"><li>a</li><li>b</li></ol><blockquote><p>q</p></blockquote><pre><code>&lt;b&gt;</code></pre>',
    );
  });

  it("shows the payload as text and never makes a javascript: link", () => {
    expect(proseHtml(`<img src=x onerror=alert(1)> "q" & 'single'`)).toBe(
      "<p>&lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &amp; &#39;single&#39;</p>",
    );
    expect(proseHtml("[x](javascript:alert(1)) [y](https://example.org/?a=1&b=\"2\")")).toBe(
      '<p>[x](javascript:alert(1)) <a href="https://example.org/?a=1&amp;b=%222%22" rel="nofollow noopener noreferrer">y</a></p>',
    );
  });

  it("puts `after` in the last paragraph, or in one of its own after a list", () => {
    expect(proseHtml("a\n\nb", { after: "<sup>1</sup>" })).toBe("<p>a</p><p>b<sup>1</sup></p>");
    expect(proseHtml("- a", { after: "<sup>1</sup>" })).toBe("<ul><li>a</li></ul><p><sup>1</sup></p>");
  });

  it("in inline mode gives phrasing content only", () => {
    expect(proseHtml("a  \nb\n\n- *c*\n- d", { inline: true, after: "!" })).toBe("a b <em>c</em>; d!");
  });

  it("gives a multi-paragraph list item its paragraphs", () => {
    expect(proseHtml("- a\n\n  b\n- c\n  - d")).toBe("<ul><li><p>a</p><p>b</p></li><li>c<ul><li>d</li></ul></li></ul>");
  });
});
