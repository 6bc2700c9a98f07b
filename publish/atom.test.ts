import { beforeAll, describe, expect, it } from "vitest";
import type { StoredIncident } from "@/db/read/incident";
import type { CardView } from "@/view/card";
import { renderAtomFeed } from "./atom";
import { cardOf, loadGlm, withRecord } from "@/tests/support/publish-kit";

const opts = { baseUrl: "https://example.org/aftermath/", feedUrl: "https://example.org/aftermath/feed.xml", locale: "en" } as const;
let glmStored: StoredIncident;
let glm: CardView;
beforeAll(async () => {
  glmStored = await loadGlm();
  glm = cardOf(glmStored);
});

/** A second incident: another slug, and a later minute-precision event. */
function later(): CardView {
  const record = glmStored.record;
  const note = { key: "late-note", at: "2026-11-02T09:15Z", precision: "minute", phase: "follow-up", title: "A late note", detail: null, cites: [0] } as const;
  const events = [...record.events, { ...note, cites: [...note.cites] }];
  const edited = { ...withRecord(glmStored, { ...record, events, incident: { ...record.incident, slug: "another-incident", title: "Another & later" } }), updatedAt: "2026-11-03T10:20:30.456Z" };
  return cardOf(edited);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A minimal well-formedness check: balanced tags, quoted attributes, only known entities, no stray "<". */
function checkWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, "");
  const stack: string[] = [];
  let last = 0;
  for (const m of body.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const between = body.slice(last, m.index);
    expect(between, "text between tags").not.toMatch(/[<>]/);
    expect(between).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
    last = (m.index ?? 0) + m[0].length;
    const [, closing, name = "", , selfClosing] = m;
    if (closing) expect(stack.pop(), `</${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(body.slice(last).trim()).toBe("");
  expect(stack).toEqual([]);
}

describe("renderAtomFeed", () => {
  let feed = "";
  let entries: string[] = [];
  beforeAll(() => {
    feed = renderAtomFeed([glm, later()], opts);
    entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((m) => m[0]);
  });

  it("is a well-formed Atom 1.0 document", () => {
    expect(feed.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">')).toBe(true);
    checkWellFormed(feed);
    expect(feed).toContain("<id>tag:aftermath.invalid,2026:feed</id>");
    expect(feed).toContain("<title>Aftermath postmortems</title>");
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="https://example.org/aftermath/feed.xml"/>');
  });

  it("has one entry per document, with unique tag ids", () => {
    expect(entries).toHaveLength(2);
    const ids = entries.map((e) => /<id>([^<]+)<\/id>/.exec(e)?.[1]);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toContain("tag:aftermath.invalid,2026:incident/glm-5-3-kv-cache-exposure");
  });

  it("orders entries by their latest dated event, dates each by its record's last edit (RFC 3339, to the second), and the feed by the newest edit", () => {
    const updated = [...feed.matchAll(/<updated>([^<]+)<\/updated>/g)].map((m) => m[1] ?? "");
    for (const u of updated) expect(u).toMatch(RFC3339);
    // The later incident (newest event) comes first though GLM's record was edited after it.
    expect(entries[0]).toContain("another-incident");
    expect(updated).toEqual(["2026-11-30T12:00:00Z", "2026-11-03T10:20:30Z", "2026-11-30T12:00:00Z"]);
  });

  it("links each entry to its page and summarises it by its impact", () => {
    const entry = entries.find((e) => e.includes("glm-5-3")) ?? "";
    expect(entry).toContain('<link rel="alternate" type="text/html" href="https://example.org/aftermath/incidents/glm-5-3-kv-cache-exposure/"/>');
    expect(entry).toContain("<summary>155 responses to requests over 681,280 tokens contained fragments");
    expect(entry).toContain("<author><name>Aftermath</name></author>");
    expect(entry).toMatch(/<content type="text">155 responses to requests over 681,280 tokens[^<]* Affected responses on record: 155 \(sample data\)\.<\/content>/);
    expect(feed).toContain("<title>Another &amp; later</title>");
  });

  it("is the same bytes whatever order the documents come in", () => {
    expect(renderAtomFeed([later(), cardOf(glmStored)], opts)).toBe(feed);
  });

  it("is still a valid feed with no incidents", () => {
    const empty = renderAtomFeed([], opts);
    checkWellFormed(empty);
    expect(empty).toContain("<updated>1970-01-01T00:00:00Z</updated>");
    expect(empty).not.toContain("<entry>");
  });
});
