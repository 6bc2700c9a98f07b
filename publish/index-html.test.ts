import { beforeAll, describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import { attrValues, textOf } from "@/tests/support/text-kit";
import { renderIndexHtml } from "./html";
import { cardOf, loadGlm } from "@/tests/support/publish-kit";

let stored: StoredIncident;
let html: string;
beforeAll(async () => {
  stored = await loadGlm();
  html = renderIndexHtml([cardOf(stored)], { feedHref: "feed.xml", locale: "en" });
});

describe("renderIndexHtml", () => {
  it("is a self-contained HTML5 page without script", () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).not.toMatch(/<script|url\(|@import/i);
    expect(attrValues(html, "src")).toEqual([]);
  });

  it("links only relatively: the incident's page, Markdown and JSON, and the feed", () => {
    const hrefs = attrValues(html, "href");
    for (const h of hrefs) expect(h, h).not.toMatch(/^[a-z]+:|^\/|^\/\//i);
    expect(hrefs).toEqual([
      "feed.xml",
      "incidents/glm-5-3-kv-cache-exposure/index.html",
      "incidents/glm-5-3-kv-cache-exposure/index.html",
      "incidents/glm-5-3-kv-cache-exposure/postmortem.md",
      "incidents/glm-5-3-kv-cache-exposure/incident.json",
    ]);
  });

  it("gives each incident the card of the front page: title, impact, headline figures, lengths by role, affected count labelled as sample", () => {
    const text = textOf(html);
    expect(text).toContain("GLM-5.3 cross-tenant KV-cache exposure on Workers AI");
    expect(text).toContain("155 responses to requests over 681,280 tokens contained fragments");
    expect(text).toContain("Confirmed affected responses 155 responses");
    expect(text).toContain("Exposure window 13 days");
    expect(text).toContain("Outage 5 h 40 min");
    expect(text).toContain("Affected responses (sample data) 155");
  });

  it("shows no affected count for an incident without a list, says when nothing was exported, and is deterministic", () => {
    expect(textOf(renderIndexHtml([cardOf({ ...stored, affected: null })], { feedHref: null, locale: "en" }))).not.toContain("Affected responses");
    expect(textOf(renderIndexHtml([], { feedHref: null, locale: "en" }))).toContain("No incidents have been exported.");
    expect(renderIndexHtml([cardOf(stored)], { feedHref: "feed.xml", locale: "en" })).toBe(html);
  });
});
