import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { generationReader } from "./generation";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function database(): { file: string; writer: Database.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-generation-"));
  dirs.push(dir);
  const file = path.join(dir, "g.db");
  const writer = new Database(file);
  writer.pragma("journal_mode = WAL");
  writer.exec("CREATE TABLE audit_entry (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT)");
  return { file, writer };
}

describe("generationReader", () => {
  it("is 0 before any change, then the newest audit entry's id after each commit by another connection", () => {
    const { file, writer } = database();
    const generation = generationReader(file);
    expect(generation()).toBe(0);
    expect(generation()).toBe(0);
    writer.prepare("INSERT INTO audit_entry (what) VALUES ('a')").run();
    expect(generation()).toBe(1);
    writer.transaction(() => {
      writer.prepare("INSERT INTO audit_entry (what) VALUES ('b')").run();
      writer.prepare("INSERT INTO audit_entry (what) VALUES ('c')").run();
    })();
    expect(generation()).toBe(3);
    writer.close();
  });

  it("sees a commit from a second writer connection as well as from the first", () => {
    const { file, writer } = database();
    const generation = generationReader(file);
    generation();
    const other = new Database(file);
    other.prepare("INSERT INTO audit_entry (what) VALUES ('x')").run();
    expect(generation()).toBe(1);
    writer.prepare("INSERT INTO audit_entry (what) VALUES ('y')").run();
    expect(generation()).toBe(2);
    other.close();
    writer.close();
  });
});
