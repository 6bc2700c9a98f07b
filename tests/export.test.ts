import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import vnu from "vnu-jar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { CHARTS, SECOND_SLUG, SECTION_HEADINGS, SLUG, THIRD_SLUG, THIRD_TITLE } from "./support/contract";
import { decodeEntities } from "./support/html";
import { readTree, runScript } from "./support/export-run";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

/** The shipped incidents, newest first as the index and the feed list them. */
const SLUGS = [SLUG, SECOND_SLUG, THIRD_SLUG];
const FILES = [
  "index.html",
  "feed.xml",
  ...SLUGS.flatMap((s) => [`incidents/${s}/index.html`, `incidents/${s}/postmortem.md`, `incidents/${s}/incident.json`, `incidents/${s}/incident.schema.json`]),
  // Russian beside it, under ru/; the JSON is the same in every language and written once.
  "ru/index.html",
  "ru/feed.xml",
  ...SLUGS.flatMap((s) => [`ru/incidents/${s}/index.html`, `ru/incidents/${s}/postmortem.md`]),
];

let dir: string;
let out: string;
let browser: Browser;
const file = (name: string) => fs.readFileSync(path.join(out, name), "utf8");

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-export-"));
  out = path.join(dir, "out");
  runScript("prepare-db", [], path.join(dir, "a.db"));
  runScript("export", ["--out", out], path.join(dir, "a.db"));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run export", () => {
  it("writes every file, each page at most 250 KB", () => {
    expect([...readTree(out).keys()].sort()).toEqual([...FILES].sort());
    for (const name of FILES.filter((f) => f.endsWith(".html"))) expect(fs.statSync(path.join(out, name)).size).toBeLessThanOrEqual(250 * 1024);
  });

  it("passes the W3C Nu HTML checker with no errors", () => {
    const pages = FILES.filter((f) => f.endsWith(".html")).map((f) => path.join(out, f));
    const result = spawnSync("java", ["-jar", vnu, "--format", "json", ...pages], { encoding: "utf8" });
    const messages = (JSON.parse(result.stderr || '{"messages":[]}') as { messages: Array<{ type: string; message: string; url: string; lastLine?: number }> }).messages;
    const errors = messages.filter((m) => m.type === "error");
    expect(errors.map((e) => `${path.basename(e.url)}:${e.lastLine}: ${e.message}`)).toEqual([]);
  });

  it("holds no script and links nowhere but in-page anchors, its own files and citation links", () => {
    const sourcesOf = (slug: string) => (JSON.parse(file(`incidents/${slug}/incident.json`)) as { record: { sources: Array<{ url: string | null }> } }).record.sources;
    const sourceUrls = new Set(SLUGS.flatMap(sourcesOf).flatMap((s) => (s.url ? [s.url] : [])));
    for (const name of FILES.filter((f) => f.endsWith(".html"))) {
      const html = file(name);
      expect(html).not.toMatch(/<script/i);
      for (const [, raw] of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) {
        const value = decodeEntities(raw ?? "");
        const local = value?.startsWith("#") || /^(incidents\/[^/]+\/(index\.html|postmortem\.md|incident\.json)|feed\.xml|\.\.\/incidents\/[^/]+\/incident\.json)$/.test(value ?? "");
        expect(local || sourceUrls.has(value ?? ""), `${name}: ${value}`).toBe(true);
      }
    }
  });

  it("writes Markdown with the same section headings as the HTML", () => {
    const h2 = [...file(`incidents/${SLUG}/index.html`).matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, "").trim());
    const md = [...file(`incidents/${SLUG}/postmortem.md`).matchAll(/^## (.+)$/gm)].map((m) => m[1]?.trim());
    expect(h2).toHaveLength(SECTION_HEADINGS.length);
    expect(md).toEqual(h2);
  });

  it("writes a well-formed Atom feed with one entry per incident", async () => {
    const page = await browser.newPage();
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: root.localName,
        ns: root.namespaceURI,
        entries: doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "entry").length,
        titles: [...doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "entry")].map((e) => e.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "title")[0]?.textContent),
      };
    }, file("feed.xml"));
    await page.close();
    expect(parsed).toEqual({
      error: false,
      root: "feed",
      ns: "http://www.w3.org/2005/Atom",
      entries: 3,
      titles: ["GLM-5.3 cross-tenant KV-cache exposure on Workers AI", "ChatGPT cross-user exposure through a redis-py bug", THIRD_TITLE],
    });
  });

  it("with --locale ru writes the Russian files and the language-neutral JSON only, the same bytes as the whole export's", () => {
    const only = path.join(dir, "ru-only");
    runScript("export", ["--out", only, "--locale", "ru"], path.join(dir, "a.db"));
    const tree = readTree(only);
    const expected = FILES.filter((f) => f.startsWith("ru/") || f.endsWith(".json"));
    expect([...tree.keys()].sort()).toEqual(expected.sort());
    for (const [name, bytes] of tree) expect(bytes.equals(fs.readFileSync(path.join(out, name))), name).toBe(true);
    expect(file("ru/index.html")).toContain('<html lang="ru">');
    expect(file(`ru/incidents/${SLUG}/postmortem.md`)).toContain("## Что произошло");
  });

  it("gives the same incident back through import into an empty database: every file identical", () => {
    const db = path.join(dir, "roundtrip.db");
    runScript("prepare-db", ["--no-seed"], db);
    for (const slug of SLUGS) runScript("import-incident", [path.join(out, `incidents/${slug}/incident.json`)], db);
    const again = path.join(dir, "again");
    runScript("export", ["--out", again], db);
    const before = readTree(out);
    const after = readTree(again);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, bytes] of before) expect(after.get(name)?.equals(bytes), name).toBe(true);
  });
});

describe("the exported page in Chromium", () => {
  const url = () => pathToFileURL(path.join(out, `incidents/${SLUG}/index.html`)).href;

  it.each([
    [390, "light"],
    [1440, "dark"],
  ] as const)("shows every section and chart from file:// with JavaScript off at %i px (%s)", async (width, colorScheme) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(url());
    for (const id of SECTION_HEADINGS) await expect(page.locator(`#${id}`).isVisible(), id).resolves.toBe(true);
    const charts = await page.locator("svg[role=img]").evaluateAll((svgs) =>
      svgs.filter((s) => s.getBoundingClientRect().width > 0 && s.getBoundingClientRect().height > 0).length,
    );
    expect(charts).toBeGreaterThanOrEqual(CHARTS.length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(requests).toEqual([url()]);
    await lookAt(page, `export-${width}-${colorScheme}`);
    await context.close();
  });

  it.each(["light", "dark"] as const)("has no axe violations (%s)", async (colorScheme) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(url());
    await expectNoAxeViolations(page, `exported page (${colorScheme})`);
    await page.goto(pathToFileURL(path.join(out, "index.html")).href);
    await expectNoAxeViolations(page, `exported index (${colorScheme})`);
    await context.close();
  });
});

/** A file as two databases holding the same record give it: all but when each last changed it. */
const timeless = (text: string) => text.replace(/"updatedAt": "[^"]+"/g, '"updatedAt": "…"').replace(/<updated>[^<]+<\/updated>/g, "<updated>…</updated>");

describe("the app serves the same files", () => {
  const baseURL = fileServer().baseURL;
  it.each([
    ["export.html", "index.html", "text/html; charset=utf-8"],
    ["postmortem.md", "postmortem.md", "text/markdown; charset=utf-8"],
    ["incident.json", "incident.json", "application/json"],
    ["incident.schema.json", "incident.schema.json", "application/schema+json"],
  ])("/incidents/{slug}/%s", async (route, name, type) => {
    const response = await fetch(new URL(`/incidents/${SLUG}/${route}`, baseURL));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    // The server's database was seeded at another moment than the export's: the record's last change is its own.
    expect(timeless(await response.text())).toBe(timeless(file(`incidents/${SLUG}/${name}`)));
  });

  it("/feed.xml, whose entry for the incident is the exported one", async () => {
    const response = await fetch(new URL("/feed.xml", baseURL));
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    // Other tests publish incidents of their own on this server: compare this incident's entry only.
    const entry = (xml: string) => xml.match(new RegExp(`<entry>(?:(?!</entry>)[\\s\\S])*incident/${SLUG}</id>[\\s\\S]*?</entry>`))?.[0];
    const served = entry(await response.text());
    expect(served).toBeDefined();
    expect(timeless(served ?? "")).toBe(timeless(entry(file("feed.xml")) ?? ""));
  });
});
