import { describe, expect, it } from "vitest";
import { INCIDENT_PATH } from "./support/contract";
import { attributeValues, textsOf, visibleText } from "./support/html";
import { fileServer } from "./support/file-server";

const baseURL = fileServer().baseURL;
const text = async (path: string) => (await fetch(new URL(path, baseURL))).text();

/** Each section of a record by its heading's id, as HTML: page and export share the same markup around them. */
function sections(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<section aria-labelledby="([^"]+)"/g)) {
    const start = m.index ?? 0;
    found.set(m[1] ?? "", html.slice(start, html.indexOf("</section>", start)));
  }
  return found;
}

/** What a chart says of itself: its id and the name (the <title>) of its first drawing. */
const charts = (html: string) => attributeValues(html, "data-chart").map((id) => [id, textsOf(html.slice(html.indexOf(`data-chart="${id}"`)), "title")[0]]);

describe("the incident page and its export.html", () => {
  it("carry the same sections, in the same order, saying the same: figures, timeline, durations, counts, sources", async () => {
    const page = sections(await text(INCIDENT_PATH));
    const exported = sections(await text(`${INCIDENT_PATH}/export.html`));
    expect([...exported.keys()]).toEqual([...page.keys()]);
    expect(page.size).toBe(9);
    // The page's own ways to the lookup (in the affected section, after the advice it carries out) are no part of the record the export carries.
    const pageOnly = (html: string) => html.replace(/<p class="no-print"><a href="\/incidents\/[^"]+\/lookup"[\s\S]*?<\/p>/g, "");
    // A translation's original: the page fetches it when opened, the export (no server behind it) carries it.
    const originals = /(<details class="rt-original"[^>]*><summary>[^<]*<\/summary>)[\s\S]*?<\/details>/g;
    const withoutOriginals = (html: string) => html.replace(originals, "$1</details>");
    for (const [id, html] of page) expect(visibleText(withoutOriginals(exported.get(id) ?? "")), id).toBe(visibleText(withoutOriginals(pageOnly(html))));
    const count = (html: string, what: RegExp) => [...html.matchAll(what)].length;
    const all = [...page.values()].join("");
    expect(count(all, /<details class="rt-original" data-original="\/[^"]+">/g)).toBeGreaterThan(20);
    expect(count([...exported.values()].join(""), /<details class="rt-original"><summary>[^<]*<\/summary><div lang="ru">/g)).toBe(count(all, /<details class="rt-original"/g));
  });

  it("draw the same charts from the same numbers, and the same duration table", async () => {
    const page = await text(INCIDENT_PATH);
    const exported = await text(`${INCIDENT_PATH}/export.html`);
    expect(charts(exported)).toEqual(charts(page));
    expect(charts(page).map(([id]) => id)).toEqual(["durations-minutes", "durations-days", "affected-per-day", "affected-measure-prompt_tokens"]);
    const rows = (html: string) => attributeValues(html, "id").filter((id) => id.startsWith("duration-"));
    expect(rows(exported)).toEqual(rows(page));
    expect(rows(page).length).toBe(11);
  });
});
