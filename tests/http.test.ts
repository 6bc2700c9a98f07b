import { beforeAll, describe, expect, it } from "vitest";
import { CHARTS, INCIDENT_PATH as INCIDENT, SECTION_HEADINGS, TITLE } from "./support/contract";
import { attributeValues, elementWith, elementsWith, textsOf, visibleText } from "./support/html";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
const DURATIONS = ["5 h 40 min", "about 20 hours", "13 days", "12 days", "5 h 22 min", "38 min", "47 days", "65 days"];
const FIGURES = ["155", "1,048,576", "128K", "2.04 million", "14:00–19:40 UTC"];

async function get(path: string, headers: Record<string, string> = {}): Promise<{ response: Response; html: string }> {
  const response = await fetch(new URL(path, baseURL), { redirect: "manual", headers });
  return { response, html: await response.text() };
}

describe("GET /", () => {
  let page: { response: Response; html: string };
  beforeAll(async () => {
    page = await get("/");
  });

  it("is an HTML page", () => {
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("lists the incident and links to its record", () => {
    expect(visibleText(page.html)).toContain(TITLE);
    expect(attributeValues(page.html, "href")).toContain(INCIDENT);
  });
});

describe(`GET ${INCIDENT}`, () => {
  let page: { response: Response; html: string };
  let text: string;
  beforeAll(async () => {
    page = await get(INCIDENT);
    text = visibleText(page.html);
  });

  it("is an HTML page", () => {
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("is headed by the incident's title", () => {
    expect(textsOf(page.html, "h1")).toEqual([TITLE]);
  });

  it.each(SECTION_HEADINGS)("has the section heading #%s", (id) => {
    const found = elementsWith(page.html, "id", id);
    expect(found.map((e) => e.name)).toHaveLength(1);
    expect(found[0]?.name).toMatch(/^h[2-6]$/);
    expect(visibleText(elementWith(page.html, "id", id) ?? "")).not.toBe("");
  });

  it("lists sources 0 to 12, each as a list item with its own id", () => {
    for (let n = 0; n <= 12; n++) {
      expect(elementsWith(page.html, "id", `source-${n}`).map((e) => e.name), `source-${n}`).toEqual(["li"]);
    }
  });

  it("has every citation link point at a source that is on the page", () => {
    const ids = new Set(attributeValues(page.html, "id"));
    const citations = attributeValues(page.html, "href").filter((h) => h.startsWith("#source-"));
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.filter((h) => !ids.has(h.slice(1)))).toEqual([]);
  });

  it("has no two elements with the same id", () => {
    const ids = attributeValues(page.html, "id");
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(DURATIONS)("shows the duration %s", (duration) => {
    expect(text).toContain(duration);
  });

  it.each(FIGURES)("shows the figure %s", (figure) => {
    expect(text).toContain(figure);
  });

  it("labels the generated rows as sample data", () => {
    expect(text).toContain("Sample data");
  });

  it.each(CHARTS)("renders the %s chart as SVG before any JavaScript", (chart) => {
    const element = elementWith(page.html, "data-chart", chart);
    expect(element, `no element with data-chart="${chart}"`).not.toBeNull();
    const images = elementsWith(element ?? "", "role", "img").filter((e) => e.name === "svg");
    // Drawn at three widths; the stylesheet shows the one that fits. Each is named by its <title>.
    expect(images).toHaveLength(3);
    const names = [...(element ?? "").matchAll(/<svg[^>]*role="img"[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1] ?? "");
    expect(names.map((name) => name.length > 20)).toEqual([true, true, true]);
  });

  it("is kept by the server and the same on every request, revalidated by its ETag, never kept by a browser unchecked", async () => {
    const headers = page.response.headers;
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headers.get("vary")).toMatch(/Accept-Encoding/);
    const etag = headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(INCIDENT);
    expect(again.response.status).toBe(200);
    expect(again.html).toBe(page.html);
    const revalidated = await fetch(new URL(INCIDENT, baseURL), { headers: { "if-none-match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBe(headers.get("content-security-policy"));
  });
});

describe("an incident that does not exist", () => {
  it("answers 404 with the not-found page to a browser, and problem+json to anything else", async () => {
    const { response: plain } = await get("/incidents/no-such-incident");
    expect([plain.status, plain.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
    const { response, html } = await get("/incidents/no-such-incident", { accept: "text/html" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    // In the HTML itself, not only in the RSC payload that JavaScript renders later.
    expect(textsOf(html, "h1"), "h1 elements in the 404 page's HTML").toContain("Not found");
  });
});
