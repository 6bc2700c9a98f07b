import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { IncidentRecord } from "@/domain/record/record";
import { callApi, postRecord, tokenAdd } from "./support/api";
import { attributeValues, visibleText } from "./support/html";
import { everyListPage } from "./support/list-pages";
import { linksFor, postLookup } from "./support/lookup";
import { fileServer } from "./support/file-server";

// An incident unlike GLM-5.3: a managed-Postgres failover. No model, no token thresholds, not an
// attack, twelve minutes long, and no affected list until the test uploads one.
const slug = `failover-${randomBytes(4).toString("hex")}`;
const FAILOVER: IncidentRecord = {
  updates: [],
  affectedShape: null,
  incident: {
    slug,
    title: "Managed Postgres primary failover in eu-west",
    summary: "The primary of a managed Postgres cluster lost its disk and the standby took over after twelve minutes.",
    provider: "Example Cloud",
    service: "Managed Postgres",
    model: null,
    kind: "Database failover",
    status: "resolved",
    severity: null,
    impact: "Writes to the cluster failed for twelve minutes.",
    cause: "A full disk on the primary stopped its WAL writer.",
    isAttack: false,
    attackNote: null,
    contextTitle: null,
    cites: [1],
  },
  sources: [{ number: 1, publisher: "Example Cloud", title: "Postgres failover in eu-west", author: null, publishedOn: "2026-10-02", url: null, note: null }],
  events: [
    { key: "disk-full", at: "2026-10-01T10:00Z", precision: "minute", phase: "trigger", title: "Disk full on the primary", detail: null, cites: [1] },
    { key: "paged", at: "2026-10-01T10:03Z", precision: "minute", phase: "detection", title: "On-call paged", detail: null, cites: [1] },
    { key: "failed-over", at: "2026-10-01T10:12Z", precision: "minute", phase: "recovery", title: "Standby promoted", detail: null, cites: [1] },
  ],
  figures: [{ value: "12", unit: "minutes", label: "Writes failing", note: null, headline: true, threshold: null, cites: [1] }],
  durations: [
    { kind: "interval", key: "write-outage", label: "Write outage", role: "outage", from: "disk-full", to: "failed-over", countedBy: "Example Cloud", method: "From the disk alert to the promotion", note: null, contests: null, cites: [1] },
  ],
  findings: [],
  reactions: [],
  recommendations: [],
  context: [],
};

const baseURL = fileServer().baseURL;
let token: string;
let version: number;
const get = async (path: string) => {
  const response = await fetch(new URL(path, baseURL));
  return { response, text: await response.text() };
};
const h2Ids = (html: string) => attributeValues(html, "id").filter((id) => id.endsWith("-heading"));

beforeAll(async () => {
  token = tokenAdd("write");
  version = await postRecord(token, slug, FAILOVER);
  const published = await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version } });
  expect(published.response.status).toBe(200);
  version = published.body.version as number;
});

describe("an incident unlike the shipped one, with no affected list", () => {
  it("shows only the sections it has, and none of the other incident's thresholds, sections or wording", async () => {
    const { response, text } = await get(`/incidents/${slug}`);
    expect(response.status).toBe(200);
    expect(h2Ids(text)).toEqual(["lead-heading", "figures-heading", "timeline-heading", "durations-heading", "sources-heading"]);
    const shown = visibleText(text);
    for (const foreign of ["681,280", "1,048,576", "2.04", "The model", "Context", "token", "exposure window", "Exposure window"]) {
      expect(shown, foreign).not.toContain(foreign);
    }
    expect(attributeValues(text, "href").filter((h) => h.startsWith("#") && h.endsWith("-heading"))).not.toContain("#context-heading");
  });

  it("reads right: not an attack, the trigger in the incident's own period, twelve minutes in minutes", async () => {
    const { text } = await get(`/incidents/${slug}`);
    const shown = visibleText(text);
    expect(shown).toContain("Attack No.");
    expect(shown).not.toContain("Not an attack");
    expect(shown).toContain("Write outage 1 October 2026, 10:00 UTC – 1 October 2026, 10:12 UTC: 12 min");
    const timeline = visibleText(text.slice(text.indexOf(`id="timeline-heading"`), text.indexOf(`id="durations-heading"`)));
    expect(timeline).toMatch(/Incident 1 Oct 2026 .*Disk full on the primary/);
    expect(timeline).not.toContain("Exposure");
    const chart = text.slice(text.indexOf('data-chart="durations-minutes"'), text.indexOf("</figure>", text.indexOf('data-chart="durations-minutes"')));
    expect(chart).toContain(">minutes</text>");
    expect(chart).not.toContain(">hours</text>");
  });

  it("shows no affected section, count or line while no list has been published, and its lookup says why", async () => {
    const html = (await get(`/incidents/${slug}`)).text;
    expect(attributeValues(html, "href"), "no way to a lookup with nothing to look up").not.toContain(`/incidents/${slug}/lookup`);
    const page = visibleText(html);
    expect(page).not.toContain("No affected list has been published");
    expect(page).not.toContain("Affected responses");
    expect(page).not.toContain("Sample data");
    expect(visibleText((await get(`/incidents/${slug}/lookup`)).text)).toContain("No affected list has been published for this incident");
    const lookup = await postLookup(slug, { accountId: "ab".repeat(16) });
    expect(lookup.response.status).toBe(409);
    expect(lookup.response.headers.get("content-type")).toBe("application/problem+json");
    expect(lookup.body.detail).toMatch(/No affected list has been published/);
    expect(JSON.stringify(lookup.body)).not.toMatch(/"affected"\s*:\s*false/);

    const exported = await get(`/incidents/${slug}/export.html`);
    expect(visibleText(exported.text)).not.toContain("Affected responses");
    expect(h2Ids(exported.text)).toEqual(h2Ids((await get(`/incidents/${slug}`)).text));
    const markdown = (await get(`/incidents/${slug}/postmortem.md`)).text;
    expect(markdown).not.toContain("Affected responses");
    expect(markdown).not.toMatch(/## (The model|Context|Assessments|What to do)/);
    expect(markdown).toContain("- **Attack:** No.");
    const json = JSON.parse((await get(`/incidents/${slug}/incident.json`)).text) as { affected: unknown; schemaVersion: number };
    expect(json).toMatchObject({ schemaVersion: 3, affected: null });
    // Other files publish incidents on this server too: the feed and the front page are read whole.
    const feed = await everyListPage(baseURL, "/feed.xml");
    const entry = feed.slice(feed.indexOf(`incident/${slug}</id>`), feed.indexOf("</entry>", feed.indexOf(`incident/${slug}</id>`)));
    expect(entry).toContain("</content>");
    expect(entry).not.toMatch(/Affected responses|No affected list/);
    const front = visibleText(await everyListPage(baseURL));
    expect(front).toMatch(/Managed Postgres primary failover in eu-west .*Writes failing 12 minutes .*Write outage 12 min/);
    expect(front).not.toContain("no list published");
  });
});

describe("the same incident once a list of three is uploaded", () => {
  const mine = randomBytes(16).toString("hex");
  beforeAll(async () => {
    const csv = [
      // The incident has no list shape of its own: the plain one's columns, no measure.
      "account_id,request_id,occurred_at,role",
      `${mine},req-1,2026-10-01T10:01:00Z,recipient`,
      `${mine},req-2,2026-10-01T10:05:00Z,exposed`,
      `${randomBytes(16).toString("hex")},req-3,2026-10-01T10:09:00Z,recipient`,
    ].join("\n");
    const { response, body } = await callApi("POST", `/incidents/${slug}/affected?version=${version}`, { token, body: csv, contentType: "text/csv" });
    expect(response.status, JSON.stringify(body)).toBe(201);
  });

  it("shows its counts at once, as recorded, not as a sample, with no exposure window and no thresholds", async () => {
    const text = (await get(`/incidents/${slug}`)).text;
    expect(attributeValues(text, "href")).toContain(`/incidents/${slug}/lookup`);
    const shown = visibleText(text);
    expect(shown).toContain("3 recorded affected rows: received another's data, 2; own data exposed, 1.");
    expect(shown).not.toContain("Sample data");
    const perDay = visibleText(text.slice(text.indexOf('data-chart="affected-per-day"'), text.indexOf("</figure>", text.indexOf('data-chart="affected-per-day"'))));
    expect(perDay).toContain("Affected rows per day (UTC).");
    expect(perDay).not.toContain("exposure window");
    // No measure in its shape: no chart of one, and no threshold drawn anywhere.
    expect(text).not.toContain('data-chart="affected-measure');
    expect(text).not.toContain('class="thr ');
    const json = JSON.parse((await get(`/incidents/${slug}/incident.json`)).text) as { affected: { total: number; sample: boolean } };
    expect(json.affected).toMatchObject({ total: 3, sample: false });
  });

  it("answers its owner's lookup from the real list", async () => {
    const [link] = await linksFor(slug, [mine]);
    const { response, body } = await postLookup(slug, { link });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ list: "published", affected: true, affectedRows: 2, sampleData: false, byRole: { recipient: 1, exposed: 1 } });
  });
});
