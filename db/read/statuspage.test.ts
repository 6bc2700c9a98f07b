import { describe, expect, it } from "vitest";
import { STATUSPAGE_INCIDENTS, isUnresolved } from "@/domain/statuspage";
import { incidentWrites } from "@/tests/support/incident-writes";
import { ENGINES, testStores } from "@/tests/support/stores";
import { statuspageStatusOf } from "@/view/statuspage";
import { listIncidents } from "./incident";
import { readListedPage } from "./listing";
import { readStatuspage } from "./statuspage";

// The unresolved incidents found in SQL must be exactly those the view calls unresolved: the
// newest update's status, else the incident's own, and only published incidents.
const kit = testStores("statuspage-read", { seed: false });

describe.each(ENGINES)("the Statuspage answers' read on %s", (engine) => {
  const store = () => kit.store(engine);
  const w = incidentWrites(store);
  const read = () => store().read((tx) => readStatuspage(tx));

  it("finds the unresolved incidents by their newest update, else their own status, published ones only", async () => {
    await w.create("open-own", { severity: "low" });
    await w.create("monitoring-own", { status: "mitigated", severity: "high" });
    await w.create("resolved-own", { status: "resolved", severity: "critical" });
    await w.create("reopened", { status: "resolved" });
    await w.update("reopened", "2026-12-01T09:00Z", "investigating");
    await w.create("closed-by-update", { severity: "critical" });
    await w.update("closed-by-update", "2026-12-01T09:00Z", "investigating");
    await w.update("closed-by-update", "2026-12-01T10:00Z", "resolved");
    await w.create("postmortem", { severity: "critical" });
    await w.update("postmortem", "2026-12-01T11:00Z", "postmortem");
    // Posted in this order in one minute: the later is the newer.
    await w.create("same-minute", { severity: "critical" });
    await w.update("same-minute", "2026-12-01T12:00Z", "identified");
    await w.update("same-minute", "2026-12-01T12:00Z", "resolved");
    await w.create("draft", { severity: "critical" });
    for (const slug of ["open-own", "monitoring-own", "resolved-own", "reopened", "closed-by-update", "postmortem", "same-minute"]) await w.publish(slug);

    const found = await read();
    expect(found.unresolved.map((r) => r.slug).sort()).toEqual(["monitoring-own", "open-own", "reopened"]);
    expect(found.open).toEqual({ count: 3, worst: "major" });
    const published = await Promise.all((await listIncidents(store().q)).map((i) => w.read(i.slug)));
    expect(published.filter((s) => isUnresolved(statuspageStatusOf(s))).map((s) => s.slug).sort()).toEqual(found.unresolved.map((r) => r.slug).sort());
  });

  it("lists both in the lists' order, newest first", async () => {
    const found = await read();
    const all = (await readListedPage(store().q, { where: [] }, { size: 100 })).rows;
    expect(found.listed).toEqual(all);
    expect(found.unresolved).toEqual(all.filter((r) => found.unresolved.some((u) => u.slug === r.slug)));
  });

  it("reads at most 50 of each, and counts every unresolved incident", async () => {
    for (let n = 0; n < STATUSPAGE_INCIDENTS + 3; n++) {
      await w.create(`many-${n}`);
      await w.publish(`many-${n}`);
    }
    await w.change("many-0", { severity: "critical" });
    const found = await read();
    expect([found.listed.length, found.unresolved.length]).toEqual([STATUSPAGE_INCIDENTS, STATUSPAGE_INCIDENTS]);
    expect(found.open).toEqual({ count: STATUSPAGE_INCIDENTS + 6, worst: "critical" });
  });
});
