import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { IMPACTS, STATUSPAGE_SCHEMAS, type StatuspageAnswer } from "@/domain/statuspage";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { CLIENTS, DOCUMENTED } from "./support/statuspage-contract";
import { fileServer } from "./support/file-server";

// The Statuspage-compatible answers from the production server, read as Statuspage's clients read
// them. Other files publish incidents on this server too: this one looks only for its own.
const baseURL = fileServer().baseURL;
const slug = `queue-stall-${randomBytes(4).toString("hex")}`;
const ANSWERS = Object.keys(STATUSPAGE_SCHEMAS) as StatuspageAnswer[];
let token: string;
let version: number;

/** Now, to the minute, as an update's time: the newest incident on the file's server. */
const minute = (offset: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + offset * 60_000).toISOString().slice(0, 16) + "Z";
const posted = { first: minute(0), second: minute(1), third: minute(2) };

async function post(status: string, at: string, body: string) {
  const added = await callApi("POST", `/incidents/${slug}/updates`, { token, body: { version, item: { at, status, body } } });
  expect(added.response.status).toBe(201);
  version = added.body.version as number;
}

type Incident = { id: string; status: string; impact: string; monitoring_at: string | null; resolved_at: string | null; incident_updates: Array<{ status: string; body: string }> };
const read = async (answer: StatuspageAnswer, headers: Record<string, string> = {}) => {
  const response = await fetch(new URL(`/api/v2/${answer}.json`, baseURL), { headers });
  const text = await response.text();
  return { response, text, body: (text ? JSON.parse(text) : null) as { page: { url: string }; incidents?: Incident[]; status?: { indicator: string; description: string } } };
};
const ours = (body: { incidents?: Incident[] }) => body.incidents?.find((i) => i.id === slug);

beforeAll(async () => {
  token = tokenAdd("write");
  const created = await callApi("POST", "/incidents", { token, body: { ...testIncident(slug, "Queues stalled"), status: "investigating", severity: "high" } });
  expect(created.response.status).toBe(201);
  version = created.body.version as number;
  await post("investigating", posted.first, "We are looking into delayed jobs.");
  await post("identified", posted.second, "A full disk on one broker; **moving** its queues.");
  const published = await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version } });
  expect(published.response.status).toBe(200);
  version = published.body.version as number;
});

describe("Statuspage-compatible JSON", () => {
  it("answers every address with JSON any origin may read, an ETag that a second request gets 304 for, in Statuspage's shapes", async () => {
    for (const answer of ANSWERS) {
      const { response, body } = await read(answer);
      const etag = response.headers.get("etag") ?? "";
      expect([answer, response.status, response.headers.get("content-type"), response.headers.get("access-control-allow-origin"), response.headers.get("cache-control")]).toEqual([answer, 200, "application/json", "*", "no-cache"]);
      expect(DOCUMENTED[answer].safeParse(body).error, answer).toBeUndefined();
      for (const client of CLIENTS.filter((c) => c.answer === answer)) expect(client.schema.safeParse(body).error, client.client).toBeUndefined();
      const again = await read(answer, { "if-none-match": etag });
      expect([answer, again.response.status, again.text, again.response.headers.get("etag"), again.response.headers.get("access-control-allow-origin")]).toEqual([answer, 304, "", etag, "*"]);
    }
  });

  it("names this site by the origin it was asked at", async () => {
    expect((await read("status")).body.page.url).toBe(new URL(baseURL).origin);
    // The test server trusts one proxy, whose X-Forwarded-Proto says how the reader came.
    expect((await read("status", { "x-forwarded-proto": "https" })).body.page.url).toBe(new URL(baseURL).origin.replace(/^http:/, "https:"));
  });

  it("shows a published incident with its updates, its newest update's status and its severity as impact", async () => {
    for (const answer of ["incidents", "incidents/unresolved", "summary"] as const) {
      const incident = ours((await read(answer)).body);
      expect([answer, incident?.status, incident?.impact, incident?.monitoring_at, incident?.resolved_at]).toEqual([answer, "identified", "major", null, null]);
      expect(incident?.incident_updates.map((u) => u.body)).toEqual(["A full disk on one broker; **moving** its queues.", "We are looking into delayed jobs."]);
    }
    const { status } = (await read("status")).body;
    expect(IMPACTS.indexOf(status?.indicator as (typeof IMPACTS)[number])).toBeGreaterThanOrEqual(IMPACTS.indexOf("major"));
    expect(status?.description).toMatch(/unresolved incidents? on record/);
  });

  it("after an update is posted through the API, the next request shows it: never the kept answer", async () => {
    const before = await Promise.all(ANSWERS.map((a) => read(a)));
    await post("resolved", posted.third, "Jobs run again.");
    const incidents = await read("incidents", { "if-none-match": before[ANSWERS.indexOf("incidents")]?.response.headers.get("etag") ?? "" });
    expect(incidents.response.status).toBe(200);
    expect(ours(incidents.body)).toMatchObject({ status: "resolved", resolved_at: `${posted.third.slice(0, 16)}:00.000Z`, monitoring_at: null });
    expect(ours(incidents.body)?.incident_updates[0]).toMatchObject({ status: "resolved", body: "Jobs run again." });
    expect(ours((await read("incidents/unresolved")).body)).toBeUndefined();
    expect(ours((await read("summary")).body)).toBeUndefined();
  });

  it("shows nothing of a draft or an unpublished incident", async () => {
    const unpublished = await callApi("POST", `/incidents/${slug}/unpublish`, { token, body: { version } });
    expect(unpublished.response.status).toBe(200);
    version = unpublished.body.version as number;
    expect(ours((await read("incidents")).body)).toBeUndefined();
  });
});
