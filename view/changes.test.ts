import { describe, expect, it } from "vitest";
import { type PublicEntry, publicChangeLines } from "./changes";

const at = (minute: number) => `2026-12-01T14:${String(minute).padStart(2, "0")}:00.000Z`;
const incident = (fields: Record<string, unknown>) => JSON.stringify({ title: "Storage outage", status: "investigating", severity: null, isAttack: null, cause: "Unknown.", ...fields });

describe("the public changes, in readers' words", () => {
  it("says which fields an edit changed, with the new status, severity and attack answer, and never a text's value", () => {
    const entries: PublicEntry[] = [
      { at: at(2), action: "create", entity: "incident", before: null, after: incident({}) },
      { at: at(10), action: "update", entity: "incident", before: incident({}), after: incident({ status: "mitigated", cause: "A full metadata volume." }) },
      { at: at(30), action: "update", entity: "incident", before: incident({ status: "mitigated" }), after: incident({ status: "resolved", severity: "high", isAttack: false }) },
    ];
    expect(publicChangeLines(entries, "en")).toEqual([
      { at: at(2), summary: "Record created" },
      { at: at(10), summary: "Status: mitigated; Cause changed" },
      { at: at(30), summary: "Status: resolved; Severity: high; Attack: no" },
    ]);
    expect(JSON.stringify(publicChangeLines(entries, "en"))).not.toContain("metadata volume");
  });

  it("counts edits of one kind in a row as one line, at the last one's time", () => {
    const item = (minute: number, entity: string, action: PublicEntry["action"] = "create"): PublicEntry => ({ at: at(minute), action, entity, before: null, after: "{}" });
    expect(publicChangeLines([item(3, "sources"), item(4, "events"), item(5, "events"), item(6, "events", "delete"), item(7, "affected", "import")], "en")).toEqual([
      { at: at(3), summary: "Source added" },
      { at: at(5), summary: "2 events added" },
      { at: at(6), summary: "Event removed" },
      { at: at(7), summary: "Affected list imported" },
    ]);
  });
});
