import { describe, expect, it } from "vitest";
import { STATUSPAGE_INCIDENTS, isUnresolved } from "@/domain/statuspage";
import { incidentWrites } from "@/tests/support/incident-writes";
import { testDatabase } from "@/tests/support/test-database";
import { statuspageStatusOf } from "@/view/statuspage";
import { listIncidents } from "./incident";
import { readListedPage } from "./listing";
import { readStatuspage } from "./statuspage";

// The unresolved incidents found in SQL must be exactly those the view calls unresolved: the
// newest update's status, else the incident's own, and only published incidents.
const t = testDatabase("statuspage-read");
const w = incidentWrites(() => t.db);

describe("the Statuspage answers' read", () => {
  it("finds the unresolved incidents by their newest update, else their own status, published ones only", () => {
    w.create("open-own", { severity: "low" });
    w.create("monitoring-own", { status: "mitigated", severity: "high" });
    w.create("resolved-own", { status: "resolved", severity: "critical" });
    w.create("reopened", { status: "resolved" });
    w.update("reopened", "2026-12-01T09:00Z", "investigating");
    w.create("closed-by-update", { severity: "critical" });
    w.update("closed-by-update", "2026-12-01T09:00Z", "investigating");
    w.update("closed-by-update", "2026-12-01T10:00Z", "resolved");
    w.create("postmortem", { severity: "critical" });
    w.update("postmortem", "2026-12-01T11:00Z", "postmortem");
    // Posted in this order in one minute: the later is the newer.
    w.create("same-minute", { severity: "critical" });
    w.update("same-minute", "2026-12-01T12:00Z", "identified");
    w.update("same-minute", "2026-12-01T12:00Z", "resolved");
    w.create("draft", { severity: "critical" });
    for (const slug of ["open-own", "monitoring-own", "resolved-own", "reopened", "closed-by-update", "postmortem", "same-minute"]) w.publish(slug);

    const read = readStatuspage(t.db);
    expect(read.unresolved.map((r) => r.slug).sort()).toEqual(["monitoring-own", "open-own", "reopened"]);
    expect(read.open).toEqual({ count: 3, worst: "major" });
    const published = listIncidents(t.db).map((i) => w.read(i.slug));
    expect(published.filter((s) => isUnresolved(statuspageStatusOf(s))).map((s) => s.slug).sort()).toEqual(read.unresolved.map((r) => r.slug).sort());
  });

  it("lists both in the lists' order, newest first", () => {
    const read = readStatuspage(t.db);
    const all = readListedPage(t.db, { where: [], params: {} }, { size: 100 }).rows;
    expect(read.listed).toEqual(all);
    expect(read.unresolved).toEqual(all.filter((r) => read.unresolved.some((u) => u.slug === r.slug)));
  });

  it("reads at most 50 of each, and counts every unresolved incident", () => {
    for (let n = 0; n < STATUSPAGE_INCIDENTS + 3; n++) {
      w.create(`many-${n}`);
      w.publish(`many-${n}`);
    }
    w.change("many-0", { severity: "critical" });
    const read = readStatuspage(t.db);
    expect([read.listed.length, read.unresolved.length]).toEqual([STATUSPAGE_INCIDENTS, STATUSPAGE_INCIDENTS]);
    expect(read.open).toEqual({ count: STATUSPAGE_INCIDENTS + 6, worst: "critical" });
  });
});
