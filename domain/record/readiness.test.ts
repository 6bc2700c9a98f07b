import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { publishGaps } from "./readiness";
import { sayIn } from "../say-in";

const { record } = readSeedIncident("glm-5-3-kv-cache-exposure");

describe("publishGaps", () => {
  it("finds nothing missing in a shipped record", () => {
    expect(publishGaps(record)).toEqual([]);
  });

  it("names each gap with the section that fixes it", () => {
    const empty = { ...record, sources: [], events: [], incident: { ...record.incident, cites: [] } };
    expect(publishGaps(empty).map((g) => g.section)).toEqual(["sources", "events", "incident"]);
    expect(publishGaps({ ...record, events: [] })).toEqual([{ section: "events", said: { key: "editor.publish.gaps.noEvent" } }]);
    expect(sayIn("ru", { key: "editor.publish.gaps.noEvent" })).toBe("Нет событий: на странице не будет хронологии.");
  });
});
