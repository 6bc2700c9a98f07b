import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantKey } from "@/lib/tenant-key";
import { type Db, openDatabase } from "./client";
import { readEnv } from "./env";
import { insertAffectedResponses } from "./insert-affected";
import { LOOKUP_ROWS_SQL, lookupAffected } from "./lookup";
import { prepareDatabase } from "./prepare";

const SECRET = "l".repeat(40);
let dir: string;
let db: Db;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-lookup-"));
  const file = path.join(dir, "a.db");
  prepareDatabase({ env: readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: SECRET }) });
  db = openDatabase(file);
  // Enough rows over enough accounts that reading the whole incident would be the wrong plan.
  const rows = Array.from({ length: 5_000 }, (_, i) => ({
    accountId: (i % 500).toString(16).padStart(32, "0"),
    requestId: `r-${i}`,
    occurredAt: new Date(Date.parse("2026-08-27T00:00:00Z") + i * 60_000).toISOString(),
    promptTokens: 700_000 + i,
    role: "recipient" as const,
  }));
  insertAffectedResponses(db, 1, SECRET, rows);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the lookup query", () => {
  it("searches by the account's key through an index, on a database SQLite has no statistics for", () => {
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${LOOKUP_ROWS_SQL}`).all(1, "x") as Array<{ detail: string }>;
    const search = plan.map((p) => p.detail).join("\n");
    expect(search).toMatch(/SEARCH affected_response USING (COVERING )?INDEX \S+ \(incident_id=\? AND tenant_key=\?/);
  });

  it("answers one account's rows in time order", () => {
    const answer = lookupAffected(db, { slug: "glm-5-3-kv-cache-exposure", tenantKey: tenantKey(SECRET, "7".padStart(32, "0")), requestIds: ["r-7", "r-8"] });
    expect(answer?.requests.map((r) => r.requestId)).toEqual(["r-7", "r-507", "r-1007", "r-1507", "r-2007", "r-2507", "r-3007", "r-3507", "r-4007", "r-4507"]);
    expect(answer?.checkedRequestIds).toEqual([
      { requestId: "r-7", affected: true },
      { requestId: "r-8", affected: false },
    ]);
  });
});
