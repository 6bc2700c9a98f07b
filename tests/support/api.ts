import { spawnSync } from "node:child_process";
import type { AffectedShape } from "@/domain/record/affected-shape";
import { GLM_SHAPE } from "./shapes";
import { randomUUID } from "node:crypto";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import type { IncidentRecord } from "@/domain/record/record";
import { fileServer } from "./file-server";
import { commandArgs } from "../../scripts/server-command";

/** A bearer token made the way an administrator would: npm run token:add against the test database (or the one named). */
export function tokenAdd(scope: "read" | "write", databaseUrl = fileServer().databaseUrl): string {
  const result = spawnSync(
    process.execPath,
    [...commandArgs("token-add"), "--name", `test-${scope}-${randomUUID().slice(0, 8)}`, "--scope", scope],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" } },
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
  const response = await fetch(new URL(`/api/v1${path}`, fileServer().baseURL), {
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
  contextTitle: null,
});

/** Writes a whole record through the API as an editor's automation would: the incident, then each item in order. */
export async function postRecord(token: string, slug: string, record: IncidentRecord): Promise<number> {
  // The incident's own citations wait until its sources exist.
  const { cites, ...incident } = record.incident;
  const created = await callApi("POST", "/incidents", { token, body: { ...incident, slug } });
  if (created.response.status !== 201) throw new Error(`POST /incidents: ${JSON.stringify(created.body)}`);
  let version = created.body.version as number;
  // Sources first, since every other item cites them; then the registry's order.
  for (const collection of ["sources", ...COLLECTION_NAMES.filter((c) => c !== "sources")] as const) {
    for (const item of record[collection]) {
      const { response, body } = await callApi("POST", `/incidents/${slug}/${collection}`, { token, body: { version, item } });
      if (response.status !== 201) throw new Error(`POST ${collection}: ${JSON.stringify(body)}`);
      version = body.version as number;
    }
  }
  const cited = await callApi("PATCH", `/incidents/${slug}`, { token, body: { version, cites } });
  if (cited.response.status !== 200) throw new Error(`PATCH cites: ${JSON.stringify(cited.body)}`);
  version = cited.body.version as number;
  return record.affectedShape ? putShape(token, slug, version, record.affectedShape) : version;
}

/** Sets an incident's list shape through the API (GLM-5.3's, the fixtures' rows, unless given); the new version. */
export async function putShape(token: string, slug: string, version: number, shape: AffectedShape = GLM_SHAPE): Promise<number> {
  const set = await callApi("PUT", `/incidents/${slug}/affected/schema`, { token, body: { version, shape } });
  if (set.response.status !== 200) throw new Error(`PUT affected/schema: ${JSON.stringify(set.body)}`);
  return set.body.version as number;
}
