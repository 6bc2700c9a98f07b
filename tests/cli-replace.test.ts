import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { importAffectedList } from "@/db/write/affected";
import { importRecord } from "@/db/write/record";
import { generateSample } from "@/lib/sample-list";
import { callApi, tokenAdd } from "./support/api";
import { runScript } from "./support/export-run";
import { visibleText } from "./support/html";
import { everyListPage } from "./support/list-pages";
import { linksFor, postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";
import { withFileStore } from "./support/file-store";

// An incident of this test's own that carries a generated sample list, as the seed's does; the CLI
// then replaces it with a real list while the server runs.
const slug = `relisted-${randomBytes(4).toString("hex")}`;
const baseURL = fileServer().baseURL;
const ACCOUNT = randomBytes(16).toString("hex");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-cli-replace-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = async (p: string) => (await fetch(new URL(p, baseURL))).text();
// Other files publish incidents on this server too: the front page and the feed are read whole, page by page.
const pages = () => Promise.all([get(`/incidents/${slug}`), everyListPage(baseURL), get(`/incidents/${slug}/incident.json`), everyListPage(baseURL, "/feed.xml")]);
const entryOf = (feed: string) => feed.match(new RegExp(`<entry>(?:(?!</entry>)[\\s\\S])*incident/${slug}</id>[\\s\\S]*?</entry>`))?.[0] ?? "";
const TITLE = `Relisted incident ${slug}`;
/** The incident's card on the front page, as text: from its title to the next card. */
const cardOf = (front: string) => {
  const text = visibleText(front);
  const start = text.indexOf(TITLE);
  expect(start).toBeGreaterThan(-1);
  return text.slice(start, start + 700);
};

beforeAll(async () => {
  const { record, sample } = readSeedIncident("glm-5-3-kv-cache-exposure");
  if (!sample) throw new Error("no sample.json");
  const seed = { kind: "system", name: "seed" } as const;
  await withFileStore(async (store) => {
    await importRecord({ store, actor: seed, input: { record: { ...record, incident: { ...record.incident, slug, title: TITLE } } } });
    await importAffectedList({ store, actor: seed, slug, version: null, rows: { values: generateSample(sample) }, replace: true, sample, secret: inject("lookupSecret") });
  });
});

describe("npm run import:affected -- --replace while the server runs", () => {
  it("shows the real list at once on the page, the front page, incident.json, the feed and the lookup, with one audit entry and no sample label", async () => {
    const [page, front, json, feed] = await pages();
    expect(visibleText(page)).toContain("155 sample affected responses");
    expect(cardOf(front)).toContain("Affected responses (sample data) 155");
    expect(JSON.parse(json).affected).toMatchObject({ total: 155, sample: true });
    expect(entryOf(feed)).toContain("Affected responses on record: 155 (sample data).");
    const token = tokenAdd("read");
    const history = async () => (await callApi("GET", `/incidents/${slug}/history`, { token })).body.entries as Array<{ action: string; entity: string; actor: string }>;
    const before = (await history()).length;

    const csv = path.join(dir, "real.csv");
    const rows = ["account_id,request_id,occurred_at,prompt_tokens,role"];
    for (let i = 0; i < 5; i++) rows.push(`${i < 2 ? ACCOUNT : randomBytes(16).toString("hex")},real-${i},2026-09-0${i + 1}T10:00:00Z,${700_000 + i},recipient`);
    fs.writeFileSync(csv, rows.join("\n") + "\n");
    const out = runScript("import-affected", ["--incident", slug, "--file", csv, "--replace"], fileServer().databaseUrl, inject("lookupSecret"));
    expect(out).toContain("removed first (--replace): 155");

    const [pageAfter, frontAfter, jsonAfter, feedAfter] = await pages();
    const shown = visibleText(pageAfter);
    expect(shown).toContain("5 recorded affected responses");
    expect(shown).not.toMatch(/sample/i);
    expect(cardOf(frontAfter)).toContain("Affected responses 5");
    expect(cardOf(frontAfter)).not.toContain("sample");
    expect(JSON.parse(jsonAfter).affected).toMatchObject({ total: 5, sample: false, note: null });
    expect(entryOf(feedAfter)).toContain("Affected responses on record: 5.</content>");
    const [link] = await linksFor(slug, [ACCOUNT]);
    const lookup = await postLookup(slug, { link });
    expect(lookup.response.status).toBe(200);
    expect(lookup.body).toMatchObject({ affected: true, affectedRows: 2, sampleData: false });
    expect(visibleText(await get(`/incidents/${slug}/lookup`))).not.toMatch(/sample/i);

    const entries = await history();
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({ action: "import", entity: "affected" });
    expect(entries.at(-1)?.actor).toMatch(/^system:import-affected by /);
  });
});
