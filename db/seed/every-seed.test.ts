import { describe, expect, it } from "vitest";
import { spanBetween } from "@/lib/durations";
import { readSeedIncident, shippedSlugs } from "./read";
import { recordTexts } from "./record-texts";

// What holds for every shipped incident, whoever wrote it: its facts cite its own sources, its
// lengths run forwards between dated events, and the number of each cited source exists.
describe.each(shippedSlugs())("the shipped incident %s", (slug) => {
  const { record } = readSeedIncident(slug);

  it("is stored under its own slug", () => {
    expect(record.incident.slug).toBe(slug);
  });

  it("cites, for every fact, at least one of its own sources", () => {
    const numbers = new Set(record.sources.map((s) => s.number));
    const facts: Array<[string, number[]]> = [
      ["incident", record.incident.cites],
      ...record.events.map((e): [string, number[]] => [`event ${e.key}`, e.cites]),
      ...record.figures.map((f): [string, number[]] => [`figure ${f.label}`, f.cites]),
      ...record.durations.map((d): [string, number[]] => [`duration ${d.key}`, d.cites]),
      ...record.findings.map((f, i): [string, number[]] => [`finding ${i}`, f.cites]),
      ...record.reactions.map((r, i): [string, number[]] => [`reaction ${i}`, r.cites]),
      ...record.recommendations.map((r, i): [string, number[]] => [`recommendation ${i}`, r.cites]),
      ...record.context.map((c, i): [string, number[]] => [`context ${i}`, c.cites]),
    ];
    const problems = facts.flatMap(([name, cites]) => [
      ...(cites.length === 0 ? [`${name} cites nothing`] : []),
      ...cites.filter((n) => !numbers.has(n)).map((n) => `${name} cites missing source [${n}]`),
    ]);
    expect(problems).toEqual([]);
  });

  it("has every interval run forwards between events that have dates", () => {
    const events = new Map(record.events.map((e) => [e.key, e]));
    for (const d of record.durations) {
      if (d.kind !== "interval") continue;
      const from = events.get(d.from);
      const to = events.get(d.to);
      expect(from && to && spanBetween(from, to), d.key).toBeTruthy();
    }
  });

  it("keeps web addresses only in its sources", () => {
    expect(recordTexts(record).filter(([where, text]) => !where.startsWith("sources.") && /https?:\/\//.test(text))).toEqual([]);
  });
});
