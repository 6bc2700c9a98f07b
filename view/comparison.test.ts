import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { COMPARED, comparisonView } from "./comparison";

const glm = readSeedIncident("glm-5-3-kv-cache-exposure").record;
const chatgpt = readSeedIncident("chatgpt-redis-py-cross-user-exposure").record;
const measures = comparisonView([glm, chatgpt], null, "en");
const cell = (role: string, slug: string) => measures.find((m) => m.role === role)?.cells.find((c) => c.incident.slug === slug);

describe("comparisonView", () => {
  it("has every compared measure for every incident, in the order given", () => {
    expect(measures.map((m) => m.role)).toEqual(COMPARED.map((c) => c.role));
    for (const m of measures) expect(m.cells.map((c) => c.incident.slug)).toEqual([glm.incident.slug, chatgpt.incident.slug]);
  });

  it("keeps a length a record does not have as missing, not as zero", () => {
    for (const role of ["detection", "declaration", "outage"]) expect(cell(role, chatgpt.incident.slug)?.row, role).toBeNull();
    expect(cell("outage", glm.incident.slug)?.row?.length).toBe("5 h 40 min");
  });

  it("keeps a count that disputes a compared length beside it", () => {
    expect(cell("outage", glm.incident.slug)?.disputes.map((d) => [d.key, d.length])).toEqual([["outage-20-hours", "about 20 hours"]]);
    expect(measures.find((m) => m.role === "outage")?.unit?.name).toBe("hours");
  });

  it("gives each length at its own precision, with the range its dates allow", () => {
    const exposure = measures.find((m) => m.role === "exposure");
    expect(exposure?.unit?.name).toBe("days");
    expect(cell("exposure", glm.incident.slug)).toMatchObject({ range: "12–14 days", between: "27 Aug 2026 → 9 Sep 2026" });
    expect(cell("exposure", chatgpt.incident.slug)).toMatchObject({ range: null });
    expect(cell("exposure", chatgpt.incident.slug)?.row?.length).toBe("9 h");
    expect(cell("report", chatgpt.incident.slug)?.row?.length).toBe("4 days");
    expect(cell("report", glm.incident.slug)?.row?.display).toBe("47 days (about 7 weeks)");
  });

  it("speaks the page's language: Russian names, lengths, ranges and dates", () => {
    const ru = comparisonView([glm, chatgpt], null, "ru");
    const exposure = ru.find((m) => m.role === "exposure");
    expect(exposure?.label).toBe("Утечка");
    expect(exposure?.cells[0]).toMatchObject({ range: "12–14 дн.", between: "27 авг. 2026 г. → 9 сент. 2026 г." });
    expect(ru.find((m) => m.role === "outage")?.cells[0]?.row?.length).toBe("5 ч 40 мин");
    expect(ru.find((m) => m.role === "report")?.cells[0]?.row?.display).toBe("47 дней (примерно 7 недель)");
  });
});
