import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incident } from "@/db/schema";
import { sqliteStore } from "@/db/store/sqlite";
import { importAffectedList } from "@/db/write/affected";
import { tenantKey } from "@/lib/tenant-key";
import { SLUG } from "./support/contract";
import { readTree, runScript } from "./support/export-run";

// A marker planted in every private field must not reach any exported file.
const SECRET = "SECRET-MARKER-0123456789-0123456789";
const ACCOUNT = "facade00facade00facade00facade00";
const MARKERS = {
  secret: SECRET,
  account: ACCOUNT,
  tenantKey: tenantKey(SECRET, ACCOUNT),
  requestId: "REQUEST-MARKER-7f3a",
  createdAt: "CREATED-MARKER",
  version: "918273645",
};
/** Not private: the page says when the record was last changed, the feed dates its entry by it and the document carries it. */
const UPDATED_AT = "2026-11-30T08:09:10.123Z";

let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-private-"));
  const file = path.join(dir, "a.db");
  runScript("prepare-db", [], file, SECRET);
  const store = sqliteStore(file);
  const { id } = (await store.q.select({ id: incident.id }).from(incident).where(eq(incident.slug, SLUG)).get()) ?? { id: -1 };
  await importAffectedList({
    store,
    actor: { kind: "system", name: "test" },
    slug: SLUG,
    version: null,
    rows: { values: [{ account_id: ACCOUNT, request_id: MARKERS.requestId, occurred_at: "2026-09-01T10:00:00.000Z", prompt_tokens: 700_001, role: "recipient" }] },
    replace: true,
    secret: SECRET,
  });
  await store.q
    .update(incident)
    .set({ createdAt: MARKERS.createdAt, updatedAt: UPDATED_AT, version: Number(MARKERS.version) })
    .where(eq(incident.id, id))
    .run();
  await store.close();
  runScript("export", ["--out", path.join(dir, "out")], file, SECRET);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("exports carry nothing private", () => {
  it.each(Object.entries(MARKERS))("no exported file contains the %s", (_field, marker) => {
    const files = readTree(path.join(dir, "out"));
    expect(files.size).toBeGreaterThan(0);
    for (const [name, bytes] of files) expect(bytes.toString("utf8").includes(marker), name).toBe(false);
  });

  it("still counts the planted row, as a count, and carries the record's last change", () => {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, "out", "incidents", SLUG, "incident.json"), "utf8")) as { affected: { total: number }; updatedAt: string };
    expect(doc.affected.total).toBe(1);
    expect(doc.updatedAt).toBe(UPDATED_AT);
    expect(fs.readFileSync(path.join(dir, "out", "feed.xml"), "utf8")).toContain("<updated>2026-11-30T08:09:10Z</updated>");
  });
});
