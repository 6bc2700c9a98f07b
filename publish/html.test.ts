import { beforeAll, describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import { attrValues, tagsOf, textOf } from "@/tests/support/text-kit";
import { renderIncidentHtml } from "./html";
import { loadGlm, viewOf, withRecord } from "@/tests/support/publish-kit";

let stored: StoredIncident;
let html: string;
beforeAll(async () => {
  stored = await loadGlm();
  html = renderIncidentHtml(viewOf(stored), 2);
});

const SECTIONS = [
  ["lead-heading", "What happened"],
  ["figures-heading", "In numbers"],
  ["timeline-heading", "Timeline"],
  ["durations-heading", "How long"],
  ["affected-heading", "Affected responses"],
  ["assessments-heading", "Assessments"],
  ["advice-heading", "What to do"],
  ["context-heading", "The model"],
  ["sources-heading", "Sources"],
];

function h2s(page: string): string[][] {
  return [...page.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map((m) => [m[1] ?? "", textOf(m[2] ?? "")]);
}

function figure(page: string, id: string): string {
  const start = page.indexOf(`data-chart="${id}"`);
  return start < 0 ? "" : page.slice(start, page.indexOf("</figure>", start));
}

describe("renderIncidentHtml, the GLM-5.3 incident", () => {
  it("is one HTML5 document with its metadata and the page's stylesheet inline", () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charSet="utf-8"/>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain(`<title>GLM-5.3 cross-tenant KV-cache exposure on Workers AI · Aftermath</title>`);
    expect(html).toMatch(/<meta name="description" content="155 responses to requests over 681,280 tokens/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toMatch(/@media screen and \(prefers-color-scheme: dark\)/);
    expect(html).toMatch(/@media print \{[^]*break-before: page/);
  });

  it("has no script and fetches nothing: no url(), no @import, no src", () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/url\(|@import/);
    expect(attrValues(html, "src")).toEqual([]);
    expect(tagsOf(html).flatMap((t) => t.attrs.map(([k]) => k)).filter((k) => /^on/i.test(k))).toEqual([]);
  });

  it("links only within the page or to a source's own address", () => {
    const sourceUrls = new Set(stored.record.sources.flatMap((s) => (s.url ? [s.url] : [])));
    for (const href of attrValues(html, "href")) expect(href.startsWith("#") || sourceUrls.has(href), href).toBe(true);
  });

  it("has unique ids, and every in-page link lands on one", () => {
    const ids = attrValues(html, "id");
    expect(new Set(ids).size).toBe(ids.length);
    for (let k = 0; k <= 12; k++) expect(ids).toContain(`source-${k}`);
    const targets = attrValues(html, "href").filter((h) => h.startsWith("#"));
    expect(targets).toContain("#source-3");
    for (const t of targets) expect(ids, t).toContain(t.slice(1));
  });

  it("has the page's nine sections, ids and headings in order, the context under the title the record gives it", () => {
    expect(h2s(html)).toEqual(SECTIONS);
    expect(html.indexOf("<h1>")).toBeLessThan(html.indexOf("<h2"));
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it("never skips a heading level going down", () => {
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it("draws the four charts as named inline SVG images", () => {
    for (const id of ["durations-minutes", "durations-days", "affected-per-day", "affected-measure-prompt_tokens"]) {
      expect(figure(html, id), id).toMatch(/<svg viewBox="[^"]+" role="img"><title>[^<]{20,}<\/title>/);
    }
  });

  it("draws the incident's own thresholds, and says which lie outside the drawn range", () => {
    const fig = figure(html, "affected-measure-prompt_tokens");
    expect(fig).toMatch(/class="thr thr-0"/);
    expect(fig).toContain("GPU KV cache used for prefill: 681,280");
    expect(fig).toContain("GLM-5.3&#x27;s context window: 1,048,576");
    expect(textOf(fig)).toContain("so not drawn: Tokens currently in the prefill pool: 2.04 million (2,040,000 tokens)");
  });

  it("labels the generated affected responses as sample data, and speaks of the exposure window it has", () => {
    expect(html).toContain('<span class="badge">Sample data</span>');
    expect(textOf(html)).toContain("Sample data. The source article gives no list of affected accounts");
    expect(textOf(html)).toContain("155 sample affected responses: ");
    expect(textOf(figure(html, "affected-per-day"))).toContain("across the exposure window (27 Aug 2026 – 9 Sep 2026) — sample data");
  });

  it("shows the computed lengths and the contested count beside Cloudflare's", () => {
    for (const length of ["5 h 40 min", "about 20 hours", "13 days", "47 days"]) expect(html).toContain(length);
    const text = textOf(html);
    expect(text).toContain("Outage 9 September 2026, 14:00 UTC – 9 September 2026, 19:40 UTC: 5 h 40 min, by Aftermath's count");
    expect(text).toContain("Exposure window 27 August 2026 – 9 September 2026: 13 days");
    expect(text).toContain("Some accounts (unnamed in the article): about 20 hours");
    expect(text).toContain("Two counts of the outage disagree");
    expect(text).toContain("Attack Not established. The source article's own view (\"our view\"), not Cloudflare's words");
  });

  it("keeps each date as precise as the record: months as months, minutes in UTC", () => {
    expect(html).toContain('<time dateTime="2021-12"');
    expect(textOf(html)).toContain("December 2021");
    expect(html).toContain('<time dateTime="2026-09-09T14:00Z" data-precision="minute">9 September 2026, 14:00 UTC</time>');
    expect(html).not.toContain("December 2021, 00:00");
    expect(textOf(html)).toContain("13 days later 27 August 2026");
    expect(textOf(html)).toContain("3 years 7 months later July 2025");
    expect(textOf(html)).toContain("that day, time not given");
    expect(textOf(html)).toContain("Expected, no date yet");
  });

  it("lists every source with its byline and missing links said plainly", () => {
    const text = textOf(html);
    expect(text).toContain("Cross-request KV cache exposure in the GLM-5.3 Workers AI model (155 responses) Cloudflare · 26 Oct 2026 · no link known");
    expect(text).toContain("unite.ai, Miles Okada · 26 Oct 2026");
    expect(text).toContain("BigGo Finance · 27 Oct 2026");
    expect(text).not.toContain("BigGo Finance, BigGo Finance");
  });

  it("cites figures with marks into the source list", () => {
    expect(html).toContain('Confirmed affected responses\u2060<sup class="cite"><a href="#source-0" aria-label="Source 0">[0]</a><a href="#source-3" aria-label="Source 3">[3]</a></sup>');
  });

  it("is under 250 KB and the same bytes every time", () => {
    expect(Buffer.byteLength(html, "utf8")).toBeLessThan(250_000);
    expect(renderIncidentHtml(viewOf(stored), 2)).toBe(html);
  });
});

describe("renderIncidentHtml, other records", () => {
  it("has no affected section when no list has been published, and labels nothing as a sample", () => {
    const page = renderIncidentHtml(viewOf({ ...stored, affected: null }), 2);
    expect(h2s(page).map(([id]) => id)).not.toContain("affected-heading");
    expect(page).not.toContain("No affected list has been published");
    expect(page).not.toContain("Sample data");
    expect(page).not.toContain('data-chart="affected-');
  });

  it("links a source's web address", () => {
    const sources = stored.record.sources.map((s) => (s.number === 3 ? { ...s, url: "https://example.com/report?a=1&b=2" } : s));
    const page = renderIncidentHtml(viewOf(withRecord(stored, { ...stored.record, sources })), 2);
    expect(page).toContain('<a href="https://example.com/report?a=1&amp;b=2" rel="noreferrer">');
    expect(attrValues(page, "href").filter((h) => !h.startsWith("#"))).toEqual(["https://example.com/report?a=1&b=2"]);
  });

  it("draws no threshold lines for a record that marks none, and names none as outside", () => {
    const figures = stored.record.figures.map((f) => ({ ...f, threshold: null }));
    const page = renderIncidentHtml(viewOf(withRecord(stored, { ...stored.record, figures })), 2);
    expect(figure(page, "affected-measure-prompt_tokens")).not.toContain('class="thr ');
    expect(page).not.toContain("so not drawn");
    expect(page).not.toContain("against the token thresholds");
  });

  it("leaves out a section with nothing in it, from the page and its contents list", () => {
    const page = renderIncidentHtml(viewOf(withRecord(stored, { ...stored.record, context: [], findings: [], reactions: [] })), 2);
    expect(h2s(page).map(([id]) => id)).toEqual(SECTIONS.map(([id]) => id).filter((id) => id !== "context-heading" && id !== "assessments-heading"));
    expect(attrValues(page, "href")).not.toContain("#context-heading");
    expect(page).not.toContain("context-heading");
  });
});
