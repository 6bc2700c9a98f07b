import { beforeAll, describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import { attrValues, tagsOf, textOf, unescapedIndexes } from "@/tests/support/text-kit";
import { renderAtomFeed } from "./atom";
import { renderIncidentHtml, renderIndexHtml } from "./html";
import { renderMarkdown } from "./markdown";
import { cardOf, hostile, PAYLOAD, viewOf } from "@/tests/support/publish-kit";

let doc: StoredIncident;
beforeAll(async () => {
  doc = await hostile();
});
const html = (s: StoredIncident) => renderIncidentHtml(viewOf(s), 2);
const index = (s: StoredIncident) => renderIndexHtml([cardOf(s)], { feedHref: null, locale: "en" });
const feed = (s: StoredIncident) => renderAtomFeed([cardOf(s)], { baseUrl: "https://example.org/", feedUrl: "https://example.org/feed.xml", locale: "en" });

/** Attribute names across all tags: an injected handler would show up as one. */
const attributeNames = (html: string) => tagsOf(html).flatMap((t) => t.attrs.map(([k]) => k.toLowerCase()));

describe("a record whose every free text is markup", () => {
  it("really does fill every free-text field, optional ones included", () => {
    const r = doc.record;
    expect(r.incident.title).toBe(PAYLOAD);
    expect(r.incident.attackNote).toBe(PAYLOAD);
    expect(r.sources[0]?.author).toBe(PAYLOAD);
    expect(r.events[0]?.detail).toBe(PAYLOAD);
    expect(r.figures[0]?.value).toBe(PAYLOAD);
    expect(r.durations[0]?.countedBy).toBe(PAYLOAD);
    expect(r.reactions[0]?.affiliation).toBe(PAYLOAD);
    expect(r.incident.contextTitle).toBe(PAYLOAD);
    expect(r.context[0]?.topic).toBe(PAYLOAD);
    expect(r.events[0]?.key).toBe("glm-family-begins"); // identifiers stay valid
  });

  it("HTML: no <img, no event-handler attribute, and the text still shown as text", () => {
    for (const page of [html(doc), index(doc)]) {
      expect(page).not.toContain("<img");
      expect(attributeNames(page).filter((k) => k.startsWith("on"))).toEqual([]);
      expect(page).not.toMatch(/<script/i);
      expect(textOf(page)).toContain(PAYLOAD);
    }
  });

  it("HTML: the payload inside attributes (names, labels) stays inside the quotes", () => {
    const page = html(doc);
    const allowed = new Set(["id", "class", "href", "rel", "aria-label", "aria-labelledby", "aria-hidden", "datetime", "data-chart", "data-label", "data-precision", "scope", "lang", "charset", "name", "content", "viewbox", "role", "x", "y", "x1", "y1", "x2", "y2", "rx", "width", "height", "dy", "text-anchor", "type"]);
    expect([...new Set(attributeNames(page))].filter((k) => !allowed.has(k))).toEqual([]);
    expect(page).toContain('aria-label="Disagreement: &lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &#x27;single&#x27;"');
  });

  it("Markdown: no raw HTML, the payload escaped wherever it appears", () => {
    const text = renderMarkdown(viewOf(doc), 2);
    expect(unescapedIndexes(text, "<")).toEqual([]);
    expect(text).toContain("\\<img src=x onerror=alert(1)\\> \"quoted\" \\& 'single'");
  });

  it("Atom: no <img and the payload as escaped text", () => {
    const atom = feed(doc);
    expect(atom).not.toContain("<img");
    expect(atom).toContain("<title>&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; &apos;single&apos;</title>");
  });
});

describe("a record whose every free text is Markdown with a hostile link and raw HTML", () => {
  const md = `**bold** [x](javascript:alert(1)) [ok](https://example.org/) <img src=x onerror=alert(1)>`;
  let mdDoc: StoredIncident;
  beforeAll(async () => {
    mdDoc = await hostile(md);
  });
  const shown = "bold [x](javascript:alert(1)) ok <img src=x onerror=alert(1)>";

  it("HTML: prose renders Markdown, the javascript: link is shown as typed, with no href, the HTML shows as text", () => {
    for (const page of [html(mdDoc), index(mdDoc)]) {
      expect(page).toContain(
        `<strong>bold</strong> [x](javascript:alert(1)) <a href="https://example.org/" rel="nofollow noopener noreferrer">ok</a> &lt;img src=x onerror=alert(1)&gt;`,
      );
      expect(attrValues(page, "href").filter((h) => !/^(#|https:\/\/example\.org\/|incidents\/)/.test(h))).toEqual([]);
      expect(page).not.toContain("<img");
      expect(attributeNames(page).filter((k) => k.startsWith("on"))).toEqual([]);
      expect(textOf(page)).toContain(shown);
    }
  });

  it("HTML: plain texts stay literal, and the description is the impact's plain text", () => {
    const page = html(mdDoc);
    expect(page).toContain(`<h1>**bold** [x](javascript:alert(1)) [ok](https://example.org/) &lt;img src=x onerror=alert(1)&gt;</h1>`);
    expect(page).toContain(`<meta name="description" content="bold [x](javascript:alert(1)) ok &lt;img src=x onerror=alert(1)&gt;"/>`);
  });

  it("Markdown: prose keeps its Markdown, the javascript: link is escaped text, the HTML is escaped", () => {
    const text = renderMarkdown(viewOf(mdDoc), 2);
    expect(text).toContain("- **Impact:** **bold** \\[x\\](javascript:alert(1)) [ok](https://example.org/) \\<img src=x onerror=alert(1)\\>\n");
    expect(text).toContain("# \\*\\*bold\\*\\* \\[x\\](javascript:alert(1)) \\[ok\\](https://example.org/) \\<img src=x onerror=alert(1)\\>\n");
    expect(text).not.toMatch(/(?<!\\)\]\(javascript/);
    expect(unescapedIndexes(text, "<")).toEqual([]);
  });

  it("Atom: the summary is the impact's plain text", () => {
    expect(feed(mdDoc)).toContain("<summary>bold [x](javascript:alert(1)) ok &lt;img src=x onerror=alert(1)&gt;</summary>");
  });
});
