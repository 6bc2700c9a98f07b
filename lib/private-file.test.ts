import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import { lookupKeyPath, lookupSecret } from "@/config/secret";
import { prepareDatabase } from "@/db/prepare";
import { ensurePrivateFile, narrowToOwner } from "./private-file";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-modes-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dir: string;
let umask: number;
// The usual umask, under which SQLite alone would make 0644 files.
beforeEach(() => {
  umask = process.umask(0o022);
  dir = fs.mkdtempSync(path.join(root, "case-"));
});
afterEach(() => {
  process.umask(umask);
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
const dbFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/** Writes a row and keeps the connection open, so the -wal and -shm exist to be looked at. */
function writeThrough(file: string, create: boolean) {
  const db = openDatabase(file, { create });
  db.$client.exec("CREATE TABLE IF NOT EXISTS t (a); INSERT INTO t VALUES (1)");
  return db;
}

describe("the database file, its WAL and SHM", () => {
  it("are created 0600", () => {
    const file = path.join(dir, "sub", "new.db");
    const db = writeThrough(file, true);
    try {
      expect(dbFiles(file).map(modeOf)).toEqual(["600", "600", "600"]);
    } finally {
      db.$client.close();
    }
  });

  it("are narrowed to 0600 when an existing database, WAL and SHM are wider", () => {
    const file = path.join(dir, "old.db");
    writeThrough(file, true).$client.close();
    const left = writeThrough(file, false);
    // A crash leaves the -wal and -shm behind; copy them while a connection holds them.
    for (const f of dbFiles(file)) fs.copyFileSync(f, `${f}.copy`);
    left.$client.close();
    for (const f of dbFiles(file)) {
      fs.renameSync(`${f}.copy`, f);
      fs.chmodSync(f, 0o644);
    }
    const db = openDatabase(file);
    try {
      expect(dbFiles(file).map(modeOf)).toEqual(["600", "600", "600"]);
      expect(db.$client.prepare("SELECT count(*) FROM t").pluck().get()).toBe(2);
    } finally {
      db.$client.close();
    }
  });

  it("are created 0600 by prepareDatabase, as npm start and db:seed do, and so is the lookup key", async () => {
    const env = readEnv({ DATABASE_URL: path.join(dir, "data", "aftermath.db") });
    const { file } = await prepareDatabase({ seed: false, env });
    const db = writeThrough(file, false);
    try {
      expect(dbFiles(file).map(modeOf)).toEqual(["600", "600", "600"]);
    } finally {
      db.$client.close();
    }
    lookupSecret(env);
    expect(modeOf(lookupKeyPath(env))).toBe("600");
  });
});

describe("the lookup key", () => {
  it("is narrowed to 0600 when read with a wider mode, and keeps its key", () => {
    const env = readEnv({ DATABASE_URL: path.join(dir, "aftermath.db") });
    fs.writeFileSync(lookupKeyPath(env), `${"k".repeat(64)}\n`, { mode: 0o644 });
    expect(modeOf(lookupKeyPath(env))).toBe("644");
    expect(lookupSecret(env)).toBe("k".repeat(64));
    expect(modeOf(lookupKeyPath(env))).toBe("600");
  });
});

describe("narrowToOwner and ensurePrivateFile", () => {
  it("take group and other bits off but never add any, and leave a missing file missing", () => {
    const cases = { "666": "600", "640": "600", "700": "600", "444": "400", "600": "600", "400": "400" };
    for (const [from, to] of Object.entries(cases)) {
      const file = path.join(dir, `m${from}`);
      fs.writeFileSync(file, "");
      fs.chmodSync(file, Number.parseInt(from, 8));
      narrowToOwner(file);
      expect([from, modeOf(file)]).toEqual([from, to]);
    }
    narrowToOwner(path.join(dir, "absent"));
    expect(fs.existsSync(path.join(dir, "absent"))).toBe(false);
  });

  it("create at exactly 0600 even under a umask that leaves everything open, keeping what an existing file holds", () => {
    process.umask(0);
    const file = path.join(dir, "fresh");
    ensurePrivateFile(file);
    expect(modeOf(file)).toBe("600");
    fs.writeFileSync(file, "kept");
    fs.chmodSync(file, 0o666);
    ensurePrivateFile(file);
    expect([modeOf(file), fs.readFileSync(file, "utf8")]).toEqual(["600", "kept"]);
  });
});
