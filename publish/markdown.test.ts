import { beforeAll, describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import { textOf, unescapedIndexes } from "@/tests/support/text-kit";
import { renderIncidentHtml } from "./html";
import { renderMarkdown } from "./markdown";
import { hostile, loadGlm, viewOf } from "@/tests/support/publish-kit";

const SECTIONS = ["What happened", "In numbers", "Timeline", "How long", "Affected responses", "Assessments", "What to do", "The model", "Sources"];
let stored: StoredIncident;
let text: string;
let lines: string[];
beforeAll(async () => {
  stored = await loadGlm();
  text = renderMarkdown(viewOf(stored), 2);
  lines = text.split("\n");
});

/** Cells in a table line: pipes a backslash escapes do not count. */
const cellCount = (line: string) => unescapedIndexes(line, "|").length - 1;

function tables(source: string): string[][] {
  const found: string[][] = [];
  const current: string[] = [];
  for (const line of [...source.split("\n"), ""]) {
    if (line.startsWith("|")) current.push(line);
    else if (current.length) found.push(current.splice(0));
  }
  return found;
}

function footnotes(source: string) {
  const defs = [...source.matchAll(/^\[\^(\d+)\]:/gm)].map((m) => Number(m[1]));
  const body = source.replace(/^\[\^\d+\]:/gm, "");
  const refs = new Set([...body.matchAll(/\[\^(\d+)\]/g)].map((m) => Number(m[1])));
  return { defs, refs };
}

describe("renderMarkdown, the GLM-5.3 incident", () => {
  it("opens with the title, then the HTML export's section headings in the same order", () => {
    expect(lines[0]).toBe("# GLM-5.3 cross-tenant KV-cache exposure on Workers AI");
    const headings = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3));
    const html = renderIncidentHtml(viewOf(stored), 2);
    const h2 = [...html.matchAll(/<h2 id="[^"]+">([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1] ?? ""));
    expect(headings).toEqual(h2);
    expect(headings).toEqual(SECTIONS);
  });

  it("defines a footnote for every source, and every reference has its definition", () => {
    const { defs, refs } = footnotes(text);
    expect(defs).toEqual(stored.record.sources.map((s) => s.number));
    expect([...refs].sort((a, b) => a - b)).toEqual([...defs].sort((a, b) => a - b));
    expect(text).toContain('[^3]: Cloudflare, "Cross-request KV cache exposure in the GLM-5.3 Workers AI model (155 responses)", 26 Oct 2026.');
    expect(text.indexOf("[^0]:")).toBeGreaterThan(text.indexOf("## Sources"));
  });

  it("numbers the sources in a list", () => {
    expect(text).toMatch(/^0\. \*\*Запуск GLM-5\.3/m);
    expect(text).toMatch(/^12\. \*\*Powering the agents: Workers AI now runs large models, starting with Kimi K2\.5\*\* — Cloudflare, Michelle Chen · 19 Mar 2026 · no link known\. Known only from its title and date; the article's text does not mention it\.\[\^12\]$/m);
  });

  it("gives every table row the header's number of cells", () => {
    const found = tables(text);
    expect(found.length).toBeGreaterThanOrEqual(4); // figures, durations, per day, prompt length
    for (const t of found) {
      const width = cellCount(t[0] ?? "");
      for (const row of t) expect(cellCount(row), row).toBe(width);
    }
  });

  it("carries the lead, the figures, the timeline and the lengths", () => {
    expect(text).toContain("- **Exposure window:** 27 August 2026 – 9 September 2026: **13 days**, by Aftermath's count[^0][^3].");
    expect(text).toContain("- **Attack:** Not established. The source article's own view (\"our view\"), not Cloudflare's words");
    expect(text).toContain("**5 h 40 min**, by Aftermath's count[^0][^3]. Some accounts (unnamed in the article): **about 20 hours**[^0].");
    expect(text).toContain("| Confirmed affected responses[^0][^3] | 155 responses | Each contained fragments of other customers' sessions; together they cover all requests over 681,280 tokens. |");
    expect(text).toContain("### Background (Dec 2021 – 14 Aug 2026)");
    expect(text).toContain("- *13 days later*\\\n  **27 August 2026** · exposure — **Leak begins**[^0][^3]\\\n  Start of the exposure window");
    expect(text).toContain("**December 2021** · background");
    expect(text).toContain("**9 September 2026** (that day, time not given)");
    for (const length of ["5 h 40 min", "about 20 hours", "13 days", "47 days (about 7 weeks)"]) expect(text).toContain(length);
  });

  it("gives counts only for the affected responses, labelled as sample data", () => {
    expect(text).toContain("**Sample data.** The source article gives no list of affected accounts");
    expect(text).toContain("| 27 Aug 2026 | 16 | 0 | 16 |");
    expect(text).toContain("- GPU KV cache used for prefill: 681,280 (681,280 tokens): inside the range above");
    expect(text).toContain("- Tokens currently in the prefill pool: 2.04 million (2,040,000 tokens): outside it (650,000–1,050,000)");
    expect(text).toContain("### Per day (UTC), across the exposure window (27 Aug 2026 – 9 Sep 2026) — sample data");
    expect(text).not.toMatch(/[0-9a-f]{32}/); // no account ids
  });

  it("escapes Markdown in the data, e.g. the $ of a price", () => {
    expect(text).toContain("Z.ai lists \\$1.40 per million input tokens");
  });

  it("is the same text every time", () => {
    expect(renderMarkdown(viewOf(stored), 2)).toBe(text);
  });
});

describe("renderMarkdown, a record full of Markdown", () => {
  const evil = "- | # *a* _b_ [c](javascript:x) `d` ~~e~~ <b>f</b> $g$ &amp; \\| [^3]\n\n## h";
  let out = "";
  beforeAll(async () => {
    out = renderMarkdown(viewOf(await hostile(evil)), 2);
  });

  it("keeps the document's own structure: nine sections, same footnotes, tables intact", () => {
    expect(out.split("\n").filter((l) => l.startsWith("## ")).length).toBe(SECTIONS.length);
    const { defs, refs } = footnotes(out);
    expect([...refs].sort((a, b) => a - b)).toEqual([...defs].sort((a, b) => a - b));
    for (const t of tables(out)) for (const row of t) expect(cellCount(row)).toBe(cellCount(t[0] ?? ""));
  });

  it("leaves no active character of a plain text unescaped", () => {
    const escaped = "\\- \\| \\# \\*a\\* \\_b\\_ \\[c\\](javascript:x) \\`d\\` \\~\\~e\\~\\~ \\<b\\>f\\</b\\> \\$g\\$ \\&amp; \\\\\\| \\[^3\\] \\#\\# h";
    expect(out).toContain(`# ${escaped}`);
    expect(unescapedIndexes(out, "<")).toEqual([]);
    expect(unescapedIndexes(out.replaceAll("`d`", ""), "`")).toEqual([]);
    expect(unescapedIndexes(out, "~")).toEqual([]);
  });

  it("keeps a prose field's Markdown, shows its javascript: link as escaped text and escapes its HTML and headings", () => {
    const line = "\\| \\# *a* *b* \\[c\\](javascript:x) `d` \\~\\~e\\~\\~ \\<b\\>f\\</b\\> \\$g\\$ \\& \\| \\[^3\\] \\#\\# h";
    expect(out).toContain(`- **Impact:** ${line}\n`);
    expect(out).toContain(`## What happened\n\n- ${line.replace(" \\#\\# h", "")}\n\n\\#\\# h[^0][^3]\n`);
    expect(out).not.toMatch(/(?<!\\)\]\(javascript/);
  });
});
