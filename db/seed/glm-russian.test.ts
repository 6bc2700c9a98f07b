import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { entryOf } from "@/domain/record/translation";
import { SEED_DIR, readSeedIncident } from "./read";

// GLM-5.3's Russian comes from its source article (seed/<slug>/source-article.md says how): what
// is marked the source's own wording is the article's, sentence by sentence, and so is every
// passage quoted in «…»; what is ours (our arithmetic, our notes) is not marked so.
const SLUG = "glm-5-3-kv-cache-exposure";
const article = fs.readFileSync(path.join(SEED_DIR, SLUG, "source-article.ru.txt"), "utf8");
const { translations } = readSeedIncident(SLUG);
const russian = translations.ru ?? {};

/** Every text of the Russian translation with where it is, and whether it is marked original. */
function entries(): Array<{ where: string; text: string; original: boolean; quote: boolean }> {
  const own = Object.entries(russian.incident ?? {}).map(([field, e]) => ({ where: `incident.${field}`, ...entryOf(e) }));
  const items = COLLECTION_NAMES.flatMap((c) =>
    Object.entries(russian[c] ?? {}).flatMap(([ref, fields]) => Object.entries(fields).map(([field, e]) => ({ where: `${c}.${ref}.${field}`, ...entryOf(e) }))),
  );
  return [...own, ...items];
}

/** A sentence or passage as the article has it: "…" marks where the article's sentence goes on; a passage may start with a capital where the article's does not. */
const inArticle = (passage: string) => {
  const bare = passage.trim().replace(/^…\s*/, "").replace(/\s*…$/, "").trim();
  return article.includes(bare) || article.includes(bare.charAt(0).toLowerCase() + bare.slice(1));
};
const sentences = (text: string) => text.split(/(?<=[.!?…])\s+/).filter((s) => s.trim() !== "");

describe("the GLM-5.3 record in Russian", () => {
  const all = entries();

  it("is there, and most of it is the article's own wording", () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((e) => e.original).length).toBeGreaterThan(25);
  });

  it("gives each text marked the source's own word for word as the article has it", () => {
    const off = all.filter((e) => e.original).flatMap((e) => sentences(e.text).filter((s) => !inArticle(s)).map((s) => `${e.where}: ${s}`));
    expect(off).toEqual([]);
  });

  it("quotes the article word for word in every «…»", () => {
    const off = all.flatMap((e) => [...e.text.matchAll(/«([^«»]*)»/g)].map((m) => (m[1] ?? "").replace(/\.$/, "")).filter((q) => !inArticle(q)).map((q) => `${e.where}: «${q}»`));
    expect(off).toEqual([]);
  });

  it("gives the reactions' statements as quotes whose Russian is the original", () => {
    const reactions = all.filter((e) => /^reactions\.\d+\.statement$/.test(e.where));
    expect(reactions).toHaveLength(3);
    for (const r of reactions) expect(r, r.where).toMatchObject({ original: true, quote: true });
  });

  it("marks nothing of ours as the article's: Aftermath's counts and notes, the attributions, the titles", () => {
    const ours = all.filter((e) => /Aftermath|по статье|статья не/i.test(e.text) || /\.(title|label|countedBy)$/.test(e.where));
    expect(ours.length).toBeGreaterThan(20);
    expect(ours.filter((e) => e.original).map((e) => e.where)).toEqual([]);
  });
});
