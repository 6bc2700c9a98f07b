import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { proseHtml } from "@/lib/markdown/html";
import { anyText } from "@/lib/markdown/test-support";
import { Prose } from "./prose";

// React's own spelling of the same HTML: classes dropped, <br/>, &#x27;.
const asExport = (html: string) =>
  html.replace(/ class="[^"]*"/g, "").replace(/<br\/>/g, "<br>").replace(/&#x27;/g, "&#39;").replace(/^<div>([^]*)<\/div>$/, "$1");

describe("Prose", () => {
  it("renders Markdown as elements, never raw HTML", () => {
    const html = renderToStaticMarkup(<Prose text={"**b** [x](javascript:alert(1)) [y](https://example.org/) <img src=x onerror=alert(1)>"} />);
    expect(html).toBe(
      '<div class="space-y-2"><p><strong>b</strong> [x](javascript:alert(1)) <a class="text-blue-700 underline dark:text-blue-300" href="https://example.org/" ' +
        'rel="nofollow noopener noreferrer">y</a> &lt;img src=x onerror=alert(1)&gt;</p></div>',
    );
  });

  it("puts `after` at the end of the last paragraph, and in inline mode gives no block", () => {
    expect(renderToStaticMarkup(<Prose text={"a\n\nb"} after={<sup>1</sup>} />)).toBe('<div class="space-y-2"><p>a</p><p>b<sup>1</sup></p></div>');
    expect(renderToStaticMarkup(<Prose text={"- a\n- *b*"} inline after={<sup>1</sup>} />)).toBe("a; <em>b</em><sup>1</sup>");
  });

  it("gives the same elements as the HTML export, for any text", () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, inline) => {
        expect(asExport(renderToStaticMarkup(<Prose text={text} inline={inline} />))).toBe(proseHtml(text, { inline }));
      }),
      { numRuns: 300 },
    );
  });
});
