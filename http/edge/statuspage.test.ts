import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSeed } from "@/db/seed/load";
import { incidentWrites } from "@/tests/support/incident-writes";
import { startEdge } from "@/tests/support/edge-server";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";

// The Statuspage answers through the edge and its cache in-process, on the shipped incidents and a
// few of this file's: their absolute addresses from the Host (one entry per origin) or from
// PUBLIC_ORIGIN, a Host that names no origin refused, and a write re-making only what shows it.
const t = testStores("statuspage-edge", { seed: false });
describe.each(ENGINES)("on %s", (engine) => {
  const w = incidentWrites(() => t.store(engine));
  const servers: Array<() => void> = [];
  let base = "";
  let configured = "";

  async function noNext(_req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.writeHead(500).end();
  }

  beforeAll(async () => {
    await loadSeed(t.store(engine), TEST_SECRET);
    const own = await startEdge(t.store(engine), noNext);
    const fixed = await startEdge(t.store(engine), noNext, { name: "Status of Example", origin: "https://status.example.org" });
    servers.push(own.close, fixed.close);
    ({ base } = own);
    configured = fixed.base;
  });
  afterAll(() => servers.forEach((close) => close()));

  type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
  /** A GET with the headers given, Host included (fetch would not send a Host of our choosing). */
  const get = (at: string, path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${at}${path}`, { method, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject).end();
    });
  const json = (a: Answer) => JSON.parse(a.body) as { page: { url: string; name: string }; incidents?: Array<{ id: string; shortlink: string; incident_updates: Array<{ body: string }> }> };

  describe("the Statuspage answers at the edge", () => {
    it("answers with the origin the request was sent to, each origin its own entry, CORS open and 304 to a known ETag", async () => {
      const a = await get(base, "/api/v2/incidents.json", { host: "status.a.example" });
      const b = await get(base, "/api/v2/incidents.json", { host: "status.b.example:8080" });
      expect([a.status, a.headers["access-control-allow-origin"], a.headers["content-type"], a.headers["cache-control"]]).toEqual([200, "*", "application/json", "no-cache"]);
      expect([json(a).page.url, json(b).page.url, json(a).page.name]).toEqual(["http://status.a.example", "http://status.b.example:8080", "Aftermath"]);
      expect(json(b).incidents?.every((i) => i.shortlink.startsWith("http://status.b.example:8080/incidents/"))).toBe(true);
      expect(a.headers.etag).not.toBe(b.headers.etag);
      const again = await get(base, "/api/v2/incidents.json", { host: "status.a.example", "if-none-match": String(a.headers.etag) });
      expect([again.status, again.body, again.headers["access-control-allow-origin"], again.headers["cache-status"]]).toEqual([304, "", "*", "aftermath; hit"]);
      const head = await get(base, "/api/v2/incidents.json", { host: "status.a.example" }, "HEAD");
      expect([head.status, head.body, head.headers.etag]).toEqual([200, "", a.headers.etag]);
    });

    it("refuses a Host that names no origin, as problem+json", async () => {
      const refused = await get(base, "/api/v2/summary.json", { host: "a.example/other" });
      expect([refused.status, refused.headers["content-type"]]).toEqual([400, "application/problem+json"]);
    });

    it("with PUBLIC_ORIGIN, names it whatever the Host, with the page's configured name", async () => {
      const a = await get(configured, "/api/v2/summary.json", { host: "anything.example" });
      const b = await get(configured, "/api/v2/summary.json", { host: "a.example/other" });
      expect([a.status, json(a).page.url, json(a).page.name, b.headers.etag]).toEqual([200, "https://status.example.org", "Status of Example", a.headers.etag]);
    });

    it("after a write, makes again what shows the written incident, and only that", async () => {
      const at = { host: "status.a.example" };
      for (const path of ["/api/v2/summary.json", "/api/v2/incidents.json"]) await get(base, path, at);
      await w.create("a-draft");
      expect((await get(base, "/api/v2/incidents.json", at)).headers["cache-status"]).toBe("aftermath; hit; detail=unchanged-after-write");
      await w.publish("a-draft");
      await w.update("a-draft", "2026-12-03T10:00Z", "investigating", "Looking into it, *now*.");
      const summary = await get(base, "/api/v2/summary.json", at);
      expect(summary.headers["cache-status"]).toBe("aftermath; fwd=miss");
      expect(json(summary).incidents?.find((i) => i.id === "a-draft")?.incident_updates[0]?.body).toBe("Looking into it, *now*.");
    });

    it("makes the summary again for a write to an unresolved incident older than the 50 newest", async () => {
      const at = { host: "status.a.example" };
      await w.create("old-open");
      await w.update("old-open", "2020-01-01T00:00Z", "identified");
      await w.publish("old-open");
      for (let n = 0; n < 50; n++) {
        await w.create(`newer-${n}`, { status: "resolved" });
        await w.update(`newer-${n}`, "2026-12-04T10:00Z", "resolved");
        await w.publish(`newer-${n}`);
      }
      const before = json(await get(base, "/api/v2/summary.json", at));
      expect([before.incidents?.some((i) => i.id === "old-open"), json(await get(base, "/api/v2/incidents.json", at)).incidents?.some((i) => i.id === "old-open")]).toEqual([true, false]);
      await w.change("old-open", { title: "Old, still open, renamed" });
      const after = await get(base, "/api/v2/summary.json", at);
      expect([after.headers["cache-status"], after.body.includes("Old, still open, renamed")]).toEqual(["aftermath; fwd=miss", true]);
      expect((await get(base, "/api/v2/incidents.json", at)).headers["cache-status"]).toBe("aftermath; fwd=miss");
    });
  });
});
