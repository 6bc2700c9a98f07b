import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { type Db, openDatabase } from "./client";
import { readEnv } from "./env";
import { insertIncidentRecord } from "./insert-incident";
import { prepareDatabase } from "./prepare";
import { readIncidentRecord } from "./read-record";

const SLUG = "glm-5-3-kv-cache-exposure";
let dir: string;
let db: Db;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-record-"));
  const file = path.join(dir, "a.db");
  prepareDatabase({ env: readEnv({ DATABASE_PATH: file, LOOKUP_SECRET: "r".repeat(40) }) });
  db = openDatabase(file);
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("readIncidentRecord", () => {
  it("gives back exactly the record that was loaded", () => {
    expect(readIncidentRecord(SLUG, db)).toEqual(readSeedIncident(SLUG));
  });

  it("round-trips through a second insert unchanged", () => {
    const record = readSeedIncident(SLUG);
    insertIncidentRecord(db, { ...record, incident: { ...record.incident, slug: "copy" } });
    const copy = readIncidentRecord("copy", db);
    expect(copy).toEqual({ ...record, incident: { ...record.incident, slug: "copy" } });
  });

  it("is null for an unknown slug", () => {
    expect(readIncidentRecord("nope", db)).toBeNull();
  });
});
