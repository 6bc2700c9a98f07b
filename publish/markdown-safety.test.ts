import { micromark } from "micromark";
import { describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import { renderMarkdown } from "./markdown";
import { hostile, viewOf, withRecord } from "@/tests/support/publish-kit";

// postmortem.md read by a CommonMark renderer that lets raw HTML through (as many do, GitHub's
// own before it sanitizes): whatever the record's fields hold, no element or attribute of theirs
// may come out, only the renderer's own markup for the Markdown the export wrote.

const PAYLOADS = [
  `<img src=x onerror=alert(1)> "quoted" & 'single'`,
  "<script>alert(1)</script>",
  '<a href="javascript:alert(1)">x</a> <svg/onload=alert(1)>',
  "[x](javascript:alert(1)) ![i](https://evil.example/x.png) <javascript:alert(1)> <https://example.org/\"onmouseover=alert(1)>",
  "<!-- c --> <?php x ?> <![CDATA[ x ]]> &lt;img src=x&gt; \\<img src=x>",
  "<div>\n\n<img src=x onerror=alert(1)>\n\n</div>",
  "[ref]: javascript:alert(1)\n\n[ref] `<img src=x>` ``<b>``",
];
/** Addresses an older database may hold: what the address check took before it refused them. */
const STORED_URLS = [
  "https://example.com/<img src=x onerror=alert(1)>",
  'https://example.com/a b"c>d',
  "https://example.com/x?q=<script>alert(1)</script>#<b>",
  "https://exämple.com/\u0007path",
];

/** The tags the renderer makes from the Markdown constructs an export uses. */
const OWN_TAGS = new Set(["p", "h1", "h2", "h3", "strong", "em", "a", "ul", "ol", "li", "blockquote", "code", "pre", "br", "hr"]);
const OWN_ATTRIBUTES = /^(?:\s+(?:href|start)="[^"<>]*")*\s*$/;

/** What of the rendered HTML is not the renderer's own: a tag of another name, another attribute, a comment, a non-web link. */
function foreign(html: string): string[] {
  const found: string[] = [];
  for (const [tag, name = "", attributes = ""] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!OWN_TAGS.has(name.toLowerCase()) || !OWN_ATTRIBUTES.test(attributes.replace(/\/$/, ""))) found.push(tag);
  }
  for (const [other] of html.matchAll(/<[!?][^>]*>?/g)) found.push(other);
  for (const [, href = ""] of html.matchAll(/href="([^"]*)"/g)) {
    if (!/^(https?:\/\/|mailto:|#)/.test(href) || /[\s<>"]/.test(href)) found.push(`href ${href}`);
  }
  return found;
}

const rendered = (stored: StoredIncident) => micromark(renderMarkdown(viewOf(stored), 2), { allowDangerousHtml: true });

/** A hostile record as a database written before the address check could hold it: every text the payload, the addresses raw. */
async function stored(payload: string): Promise<StoredIncident> {
  const doc = await hostile(payload);
  const sources = doc.record.sources.map((s, i) => ({ ...s, url: STORED_URLS[i % STORED_URLS.length] ?? null }));
  return withRecord(doc, { ...doc.record, sources });
}

describe("postmortem.md through a CommonMark renderer with raw HTML on", () => {
  it.each(PAYLOADS)("carries no element or attribute from a field holding %j", async (payload) => {
    const html = rendered(await stored(payload));
    expect(foreign(html)).toEqual([]);
  });

  it("writes every source address percent-encoded, as the WHATWG URL serializer does", async () => {
    const markdown = renderMarkdown(viewOf(await stored("plain")), 2);
    for (const url of STORED_URLS) {
      const href = new URL(url).href.replace(/["<>`{}|\\^ ]/g, encodeURIComponent);
      expect(markdown).toContain(`<${href}>`);
      expect(markdown).not.toContain(url);
    }
  });
});
