import { describe, expect, it } from "vitest";
import { SEVERITIES } from "@/domain/record/constants";
import { STATUSPAGE_SCHEMAS, type StatuspageAnswer } from "@/domain/statuspage";
import { statuspageFile } from "@/publish/statuspage";
import { incidentWrites } from "@/tests/support/incident-writes";
import { CLIENTS, DOCUMENTED } from "@/tests/support/statuspage-contract";
import { ENGINES, testStores } from "@/tests/support/stores";
import { type StatuspageShown, statuspageDocument, statuspageIncident, statuspageStatus, statuspageStatusOf } from "./statuspage";

// Incidents written through the verbs on a real database, read as every page reads them, then
// mapped to Statuspage's fields: what each time and status is taken from, and what is left null.
const kit = testStores("statuspage-view", { seed: false });
const site = { name: "Aftermath", origin: "https://status.example.org" };

describe.each(ENGINES)("on %s", (engine) => {
  const w = incidentWrites(() => kit.store(engine));

  describe("an incident in Statuspage's fields", async () => {
    it("takes its status from the newest update, and its times from the first update of each status; none it was not given", async () => {
      await w.create("queue-stall", { severity: "high" });
      await w.update("queue-stall", "2026-12-01T09:02Z", "investigating", "We are looking into delayed jobs.");
      await w.update("queue-stall", "2026-12-01T09:40Z", "identified", "A full disk on one broker; **moving** its queues.");
      await w.update("queue-stall", "2026-12-01T11:15Z", "resolved", "Jobs run again.");
      await w.publish("queue-stall");
      const stored = await w.read("queue-stall");
      const incident = statuspageIncident(stored, site);
      expect(incident).toMatchObject({
        id: "queue-stall",
        name: "Incident queue-stall",
        status: "resolved",
        impact: "major",
        monitoring_at: null,
        resolved_at: "2026-12-01T11:15:00.000Z",
        started_at: "2026-12-01T09:02:00.000Z",
        updated_at: new Date(stored.updatedAt).toISOString(),
        shortlink: "https://status.example.org/incidents/queue-stall",
        page_id: "aftermath",
        components: [],
      });
      expect(incident.incident_updates.map((u) => [u.status, u.display_at, u.body])).toEqual([
        ["resolved", "2026-12-01T11:15:00.000Z", "Jobs run again."],
        ["identified", "2026-12-01T09:40:00.000Z", "A full disk on one broker; **moving** its queues."],
        ["investigating", "2026-12-01T09:02:00.000Z", "We are looking into delayed jobs."],
      ]);
      expect(incident.incident_updates.map((u) => u.id)).toEqual([...stored.ids.updates].reverse().map(String));
      expect(incident.incident_updates[0]).toMatchObject({ incident_id: "queue-stall", created_at: "2026-12-01T11:15:00.000Z", affected_components: [], custom_tweet: null, tweet_id: null });
    });

    it("keeps the first monitoring and resolved times when an incident is reopened, and the later posted of one minute is the newer", async () => {
      await w.create("reopened");
      await w.update("reopened", "2026-12-02T08:00Z", "monitoring");
      await w.update("reopened", "2026-12-02T09:00Z", "resolved");
      await w.update("reopened", "2026-12-02T10:00Z", "investigating");
      await w.update("reopened", "2026-12-02T10:00Z", "identified");
      const incident = statuspageIncident(await w.read("reopened"), site);
      expect([incident.status, incident.monitoring_at, incident.resolved_at]).toEqual(["identified", "2026-12-02T08:00:00.000Z", "2026-12-02T09:00:00.000Z"]);
      expect(incident.incident_updates.map((u) => u.status)).toEqual(["identified", "investigating", "resolved", "monitoring"]);
      await w.create("twice");
      for (const [at, status] of [["08:00", "monitoring"], ["09:00", "resolved"], ["10:00", "monitoring"], ["11:00", "resolved"]] as const) await w.update("twice", `2026-12-02T${at}Z`, status);
      const twice = statuspageIncident(await w.read("twice"), site);
      expect([twice.status, twice.monitoring_at, twice.resolved_at]).toEqual(["resolved", "2026-12-02T08:00:00.000Z", "2026-12-02T09:00:00.000Z"]);
    });

    it("without updates, says its own status in Statuspage's words and invents no time", async () => {
      for (const [own, expected] of [["investigating", "investigating"], ["mitigated", "monitoring"], ["resolved", "resolved"]] as const) {
        await w.create(`own-${own}`, { status: own });
        const incident = statuspageIncident(await w.read(`own-${own}`), site);
        expect([own, incident.status, incident.monitoring_at, incident.resolved_at, incident.started_at, incident.incident_updates]).toEqual([own, expected, null, null, null, []]);
      }
    });

    it("rates impact from severity, and an incident not rated has impact none", async () => {
      const expected = { low: "minor", medium: "minor", high: "major", critical: "critical" } as const;
      await w.create("rated");
      expect(statuspageIncident(await w.read("rated"), site).impact).toBe("none");
      for (const severity of SEVERITIES) {
        await w.change("rated", { severity });
        expect([severity, statuspageIncident(await w.read("rated"), site).impact]).toEqual([severity, expected[severity]]);
      }
    });

    it("starts at its earliest dated event past its background and warnings, or an earlier update", async () => {
      await w.create("dated");
      await w.event("dated", "history", "2019", "year", "background");
      await w.event("dated", "warned", "2026-11-20", "day", "warning");
      await w.event("dated", "broke", "2026-11-30", "day", "trigger");
      await w.event("dated", "seen", "2026-11-30T14:02Z", "minute", "detection");
      expect(statuspageIncident(await w.read("dated"), site).started_at).toBe("2026-11-30T00:00:00.000Z");
      await w.update("dated", "2026-11-29T23:50Z", "investigating");
      expect(statuspageIncident(await w.read("dated"), site).started_at).toBe("2026-11-29T23:50:00.000Z");
    });
  });

  describe("the status and the answers", () => {
    it("says what the record knows: never that anything is operational", () => {
      expect(statuspageStatus({ count: 0, worst: "none" })).toEqual({ indicator: "none", description: "No unresolved incidents on record" });
      expect(statuspageStatus({ count: 1, worst: "none" })).toEqual({ indicator: "none", description: "1 unresolved incident on record; impact not rated" });
      expect(statuspageStatus({ count: 3, worst: "critical" })).toEqual({ indicator: "critical", description: "3 unresolved incidents on record; highest impact: critical" });
    });

    it("lists only unresolved incidents as unresolved, names no component or maintenance, and each answer keeps its strict shape", async () => {
      const open = await Promise.all(["reopened", "own-investigating", "own-mitigated"].map(w.read));
      const closed = await Promise.all(["queue-stall", "own-resolved"].map(w.read));
      expect([...open, ...closed].map(statuspageStatusOf)).toEqual(["identified", "investigating", "monitoring", "resolved", "resolved"]);
      const shown: StatuspageShown = { site, listed: [...open, ...closed], unresolved: [...open, ...closed], open: { count: 3, worst: "none" } };
      expect(statuspageDocument("incidents/unresolved", shown).incidents.map((i) => i.id)).toEqual(["reopened", "own-investigating", "own-mitigated"]);
      expect(statuspageDocument("summary", shown)).toMatchObject({ components: [], scheduled_maintenances: [], status: { indicator: "none" } });
      expect(statuspageDocument("incidents", shown).incidents).toHaveLength(5);
      const newest = [...open, ...closed].map((i) => new Date(i.updatedAt).toISOString()).sort().at(-1);
      expect(statuspageDocument("status", shown).page).toEqual({ id: "aftermath", name: "Aftermath", url: site.origin, time_zone: "Etc/UTC", updated_at: newest });
      const bodies = new Map((Object.keys(STATUSPAGE_SCHEMAS) as StatuspageAnswer[]).map((a): [string, unknown] => [a, JSON.parse(statuspageFile(a, shown).body)]));
      for (const [answer, schema] of Object.entries(DOCUMENTED)) expect(schema.safeParse(bodies.get(answer)).error, answer).toBeUndefined();
      for (const { client, answer, schema } of CLIENTS) expect(schema.safeParse(bodies.get(answer)).error, client).toBeUndefined();
    });

    it("says the page was never updated while it shows nothing", () => {
      const empty: StatuspageShown = { site, listed: [], unresolved: [], open: { count: 0, worst: "none" } };
      expect(statuspageDocument("components", empty)).toEqual({ page: { id: "aftermath", name: "Aftermath", url: site.origin, time_zone: "Etc/UTC", updated_at: "1970-01-01T00:00:00.000Z" }, components: [] });
    });
  });
});
