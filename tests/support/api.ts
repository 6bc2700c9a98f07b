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
