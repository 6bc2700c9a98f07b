import { describe, expect, it } from "vitest";
import { generateSample } from "@/lib/sample-list";
import { readSeedIncident } from "./read";
import { recordTexts } from "./record-texts";

// Issue 12's audit of the GLM-5.3 record against the source article (../shared/source-article/facts.md):
// each statement says what the article says, with the certainty and the owner it gives it.
const { record, sample } = readSeedIncident("glm-5-3-kv-cache-exposure");
const texts = recordTexts(record);
const saying = (pattern: RegExp) => texts.filter(([, text]) => pattern.test(text));
const event = (key: string) => record.events.find((e) => e.key === key);

describe("the GLM-5.3 record says what the article says, attributed as it attributes it", () => {
  it("gives the article's own view (the cause, neither the model nor an attack, the weights played no part) as the article's", () => {
    const view = saying(/not an attack|neither the model nor an attack|weights played no|configuration choice combined/i);
    expect(view.length).toBeGreaterThan(0);
    for (const [where, text] of view) expect(text, where).toMatch(/article's own view|source article's own view/i);
    expect(record.incident.attackNote).toMatch(/not Cloudflare's words/);
    expect(record.incident.isAttack).toBeNull();
  });

  it("counts all 155 responses as recipients of other customers' data, and invents no exposed side", () => {
    const rows = generateSample(sample ?? expect.fail("no sample"));
    expect(rows.filter((r) => r.role === "recipient")).toHaveLength(155);
    expect(rows.filter((r) => r.role === "exposed")).toHaveLength(0);
    expect(sample?.note).toMatch(/no rows of the exposed side/);
  });

  it("never says the list of affected accounts is not public: the article says only that it gives none", () => {
    expect(saying(/not public/i)).toEqual([]);
    expect(sample?.note).toMatch(/gives no list of affected accounts or requests/);
  });

  it("does not call the 2.04M pool the size after the fix, nor the fix and the pool the provider's completed remediation", () => {
    expect(saying(/after the fix/i).filter(([where]) => where.includes("2.04"))).toEqual([]);
    const pool = record.figures.find((f) => f.value === "2.04 million");
    expect(pool?.label).toBe("Tokens currently in the prefill pool");
    expect(pool?.note).toMatch(/does not say when, or by whom/);
    expect(record.recommendations.filter((r) => r.audience === "provider" || r.status === "done")).toEqual([]);
    const condition = record.recommendations.find((r) => /SGLang v0\.5\.22/.test(r.text));
    expect(condition).toMatchObject({ audience: "watch", status: "open" });
    expect(condition?.text).toMatch(/base case/);
  });

  it("watches the number of affected systems, as the article words it, not of responses", () => {
    const watch = record.recommendations.filter((r) => r.audience === "watch").map((r) => r.text);
    expect(watch).toContain("Any change in the number of affected systems.");
    expect(watch.some((t) => /affected responses/.test(t))).toBe(false);
  });

  it("cites the July 2025 rebrand to the article, not to a reference published in May 2024", () => {
    expect(event("zai-rebrand")?.cites).toEqual([0]);
    expect(record.sources.find((s) => s.number === 6)?.publishedOn).toBe("2024-05-04");
  });

  it("keeps \"only one day\" as the article's words for the response after the report, the length to the fix as Aftermath's", () => {
    const oneDay = record.durations.filter((d) => [d.countedBy, d.method, d.note ?? ""].some((t) => /only one day/.test(t)));
    expect(oneDay.map((d) => d.key)).toEqual(["report-to-fix"]);
    expect(oneDay[0]).toMatchObject({ kind: "interval", from: "researcher-report", to: "model-restored" });
    expect(oneDay[0]?.countedBy).toBe("Aftermath, computed from the timeline");
    expect(oneDay[0]?.note).toMatch(/The article puts .*"only one day"; it does not say at which event that day ends/);
    expect(record.durations.find((d) => d.key === "report-to-declaration")?.countedBy).toBe("Aftermath, computed from the timeline");
  });

  it("credits a length the timeline gives to Aftermath's computation, and the article only with its own rounder words", () => {
    const report = record.durations.find((d) => d.key === "fix-to-report");
    expect(report?.countedBy).toBe("Aftermath, computed from the timeline");
    expect(report?.note).toMatch(/"about seven weeks"/);
    // Every length between two events is Aftermath's arithmetic, whoever gives the events' times.
    for (const d of record.durations.filter((x) => x.kind === "interval")) expect(d.countedBy, d.key).toMatch(/^Aftermath\b/);
    const exposure = record.durations.find((d) => d.key === "exposure-window");
    expect(exposure?.note).toMatch(/"about two weeks"\. 13 days .* is Aftermath's arithmetic, not a count the article or Cloudflare gives/);
    expect(record.durations.find((d) => d.key === "outage")?.method).toMatch(/the outage's length is set from Cloudflare's own data; it gives the times, not a length/);
  });

  it("cites the article first for every fact, so no reference nobody here read is a fact's only source", () => {
    const facts: Array<[string, number[]]> = [
      ["incident", record.incident.cites],
      ...record.events.map((e): [string, number[]] => [`event ${e.key}`, e.cites]),
      ...record.figures.map((f): [string, number[]] => [`figure ${f.label}`, f.cites]),
      ...record.durations.map((d): [string, number[]] => [`duration ${d.key}`, d.cites]),
      ...record.findings.map((f, n): [string, number[]] => [`finding ${n}`, f.cites]),
      ...record.reactions.map((r, n): [string, number[]] => [`reaction ${n}`, r.cites]),
      ...record.recommendations.map((r, n): [string, number[]] => [`recommendation ${n}`, r.cites]),
      ...record.context.map((c, n): [string, number[]] => [`context ${n}`, c.cites]),
    ];
    expect(facts.filter(([, cites]) => cites[0] !== 0).map(([name]) => name)).toEqual([]);
  });

  it("names no one the article does not as the one who began the investigation", () => {
    expect(event("investigation-begins")?.detail).toMatch(/the article does not say who began it/);
    expect(saying(/Cloudflare begins investigating/)).toEqual([]);
  });

  it("gives the CAISI assessment's day as its reference's date, labelled an inference", () => {
    expect(event("caisi-assessment")?.detail).toMatch(/The article's text gives no date; the day is that of its reference 8 .*: an inference\.$/);
    expect(event("caisi-assessment")?.detail).toContain(`"${record.sources.find((s) => s.number === 8)?.title}"`);
  });

  it("keeps \"at maximum performance\" as the article's words, and its \"1\" without a unit", () => {
    expect(saying(/performs best/i)).toEqual([]);
    expect(record.figures.find((f) => f.value === "128K")?.note).toMatch(/does not say whether it means speed or quality/);
    const one = record.figures.find((f) => f.value === "1");
    expect(one?.unit).toBeNull();
    expect(one?.note).toMatch(/this concerns this model, since other deployments use larger cache pools/);
    expect(saying(/models affected|only this model/i)).toEqual([]);
  });

  it("names nothing the article does not: no expansion of CAISI, no country for Jake Williams", () => {
    expect(saying(/Center for AI Standards/i)).toEqual([]);
    expect(record.findings.every((f) => f.assessor === "CAISI, a unit of the US standards body NIST")).toBe(true);
    const williams = record.reactions.find((r) => r.who === "Jake Williams");
    expect(williams?.affiliation).toMatch(/does not say of which country/);
  });

  it("says the Workers AI price is missing from the article's data, cited to the article, with its ambiguity", () => {
    const price = record.context.find((c) => /Workers AI's price/.test(c.statement));
    expect(price?.cites).toEqual([0]);
    expect(price?.statement).toMatch(/not listed at all/);
  });

  it("labels as an inference that the leak ended when the model went offline", () => {
    expect(event("leak-ends")?.detail).toMatch(/is an inference/);
  });

  it("attributes to Z.ai's model card what only the model card says", () => {
    expect(event("glm-5-3-launch")?.detail).toMatch(/According to Z.ai's model card/);
    expect(record.context.find((c) => /Code Bench/.test(c.statement))?.statement).toMatch(/^Z.ai's model card claims/);
  });

  it("carries what the article adds: its framing and lesson, who the model suits, its verdict, its outlook", () => {
    const view = record.context.filter((c) => c.topic === "The article's view").map((c) => c.statement).join(" ");
    expect(view).toMatch(/a green status code is no proof of a correct response/);
    expect(view).toMatch(/Who it suits/);
    expect(view).toMatch(/but that does not mean it was ruled out/);
    expect(view).toMatch(/erode trust/);
    expect(record.context.filter((c) => c.topic === "The article's view").every((c) => c.cites.join() === "0")).toBe(true);
  });
});
