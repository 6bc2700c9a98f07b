import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";

/** A bearer token made the way an administrator would: npm run token:add against the test database. */
export function tokenAdd(scope: "read" | "write"): string {
  const result = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/token-add.ts", "--name", `test-${scope}-${randomUUID().slice(0, 8)}`, "--scope", scope],
    { encoding: "utf8", env: { ...process.env, DATABASE_PATH: inject("databasePath"), NODE_ENV: "production" } },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

/** One /api/v1 call; the body is sent as given, JSON-encoded unless it is already a string. */
export async function callApi(
  method: string,
  path: string,
  { token, body, contentType }: { token?: string; body?: unknown; contentType?: string } = {},
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const type = contentType ?? (body === undefined ? undefined : "application/json");
  const response = await fetch(new URL(`/api/v1${path}`, inject("baseURL")), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(type ? { "content-type": type } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** The fields of a small draft incident, for tests that make their own instead of touching the seed. */
export const testIncident = (slug: string, title = `Test incident ${slug}`) => ({
  slug,
  title,
  summary: "A test.",
  provider: "Example",
  service: "Queues",
  model: null,
  status: "resolved",
  severity: null,
  impact: "None.",
  cause: "A test.",
  isAttack: false,
  attackNote: null,
  sampleNote: null,
});

type PlainRecord = {
  incident: Record<string, unknown>;
  sources: unknown[];
  events: unknown[];
  figures: unknown[];
  durations: unknown[];
  assessments: { findings: unknown[]; reactions: unknown[] };
  recommendations: unknown[];
  context: unknown[];
};

/** Writes a whole record through the API as an editor's automation would: the incident, then each item in order. */
export async function postRecord(token: string, slug: string, record: PlainRecord): Promise<number> {
  // The incident's own citations wait until its sources exist.
  const { cites, ...incident } = record.incident;
  const created = await callApi("POST", "/incidents", { token, body: { ...incident, slug } });
  if (created.response.status !== 201) throw new Error(`POST /incidents: ${JSON.stringify(created.body)}`);
  let version = created.body.version as number;
  const collections: Array<[string, unknown[]]> = [
    ["sources", record.sources],
    ["events", record.events],
    ["figures", record.figures],
    ["durations", record.durations],
    ["findings", record.assessments.findings],
    ["reactions", record.assessments.reactions],
    ["recommendations", record.recommendations],
    ["context", record.context],
  ];
  for (const [collection, items] of collections) {
    for (const item of items) {
      const { response, body } = await callApi("POST", `/incidents/${slug}/${collection}`, { token, body: { version, item } });
      if (response.status !== 201) throw new Error(`POST ${collection}: ${JSON.stringify(body)}`);
      version = body.version as number;
    }
  }
  const cited = await callApi("PATCH", `/incidents/${slug}`, { token, body: { version, cites } });
  if (cited.response.status !== 200) throw new Error(`PATCH cites: ${JSON.stringify(cited.body)}`);
  return cited.body.version as number;
}
