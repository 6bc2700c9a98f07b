import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { anyText, decodeEntities, keepsAllLetters, letters, textOf } from "@/tests/support/text-kit";
import { LINK_REL } from "@/lib/markdown/tree";
import { safeHref } from "@/lib/markdown/url";
import { Prose } from "./prose";

const both = fc.record({ src: anyText, inline: fc.boolean() });
const RUNS = { numRuns: 400 };
const TAG = /^<(\/?)(div|p|br|ul|ol|li|em|strong|code|pre|blockquote|a)((?: [a-z]+="[^"<>]*")*)\/?>$/;

/** Fails unless the HTML is whitelisted tags, escaped text, and links only to http, https or mailto. */
function expectSafeHtml(html: string) {
  for (const token of html.match(/<[^<>]*>|[^<>]+|[<>]/g) ?? []) {
    if (!token.startsWith("<")) {
      expect(token).not.toMatch(/[<>"]|&(?!(?:amp|lt|gt|quot|#x27);)/);
      continue;
    }
    const [, closing, name, attrs = ""] = TAG.exec(token) ?? expect.fail(`not whitelisted: ${token}`);
    for (const [, key = "", value = ""] of attrs.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      expect(closing).toBe("");
      if (key === "href" && name === "a") expect(safeHref(decodeEntities(value))).toBe(decodeEntities(value));
      else if (key === "rel" && name === "a") expect(value).toBe(LINK_REL);
      else if (key === "start" && name === "ol") expect(value).toMatch(/^\d+$/);
      else if (key === "class" && name === "div") expect(value).toBe("md");
      else expect.fail(`attribute ${key} on ${name}`);
    }
  }
}

const html = (text: string, inline = false, after?: React.ReactNode) => renderToStaticMarkup(<Prose text={text} inline={inline} after={after} />);

describe("Prose", () => {
  it("renders Markdown as elements, never raw HTML", () => {
    expect(html("**b** [x](javascript:alert(1)) [y](https://example.org/) <img src=x onerror=alert(1)>")).toBe(
      '<div class="md"><p><strong>b</strong> [x](javascript:alert(1)) <a href="https://example.org/" rel="nofollow noopener noreferrer">y</a> ' +
        "&lt;img src=x onerror=alert(1)&gt;</p></div>",
    );
  });

  it("puts `after` at the end of the last paragraph, and in inline mode gives no block", () => {
    expect(html("a\n\nb", false, <sup>1</sup>)).toBe('<div class="md"><p>a</p><p>b<sup>1</sup></p></div>');
    expect(html("- a\n- *b*", true, <sup>1</sup>)).toBe("a; <em>b</em><sup>1</sup>");
  });

  it("has only whitelisted tags, no attribute but a safe href, rel and start, and escaped text, for any text", () => {
    fc.assert(fc.property(both, ({ src, inline }) => expectSafeHtml(html(src, inline))), RUNS);
  });

  it("loses no letter of the text, in either mode", () => {
    fc.assert(
      fc.property(both.filter(({ src }) => keepsAllLetters(src)), ({ src, inline }) => {
        expect(letters(textOf(html(src, inline)))).toBe(letters(src));
      }),
      RUNS,
    );
  });
});
