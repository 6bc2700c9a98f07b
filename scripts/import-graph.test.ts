import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findCycles, folderGraph } from "./import-graph";

const ROOT = path.resolve(import.meta.dirname, "..");
const planted = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-graph-"));
afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(planted, "tree-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("the folders of the project", () => {
  it("import each other without a cycle, between top-level folders and between their subfolders", () => {
    expect(findCycles(folderGraph(ROOT, 1))).toEqual([]);
    expect(findCycles(folderGraph(ROOT, 2))).toEqual([]);
  });

  // i18n is the catalogues and the list of languages: data the domain's sentences are keys into.
  it("has the record's domain import nothing but lib and the catalogues, which import nothing of ours", () => {
    expect([...(folderGraph(ROOT, 1).get("domain") ?? [])].filter((f) => f !== "lib" && f !== "i18n")).toEqual([]);
    expect([...(folderGraph(ROOT, 1).get("lib") ?? [])]).toEqual([]);
    expect([...(folderGraph(ROOT, 1).get("i18n") ?? [])]).toEqual([]);
  });
});

describe("the check", () => {
  it("finds a cycle through aliased, relative and re-exporting imports, and names it once", () => {
    const dir = plant({
      "a/one.ts": 'import { b } from "@/b/two";\nexport const a = b;',
      "b/two.ts": 'export { c as b } from "../c/three";',
      "c/three.ts": 'import type { a } from "@/a/one";\nexport const c = 1;',
      "d/four.ts": 'import { a } from "@/a/one";',
    });
    expect(findCycles(folderGraph(dir, 1))).toEqual(["a → b → c → a"]);
  });

  it("leaves out tests, imports inside a folder and a folder's imports of its parent", () => {
    const dir = plant({
      "a/one.ts": 'import "./two";\nimport "@/a/sub/x";',
      "a/two.ts": "export {};",
      "a/sub/x.ts": 'import "../two";',
      "b/one.test.ts": 'import "@/a/one";',
      "a/three.ts": 'import "@/b/one.test";',
    });
    expect(findCycles(folderGraph(dir, 1))).toEqual([]);
    expect(findCycles(folderGraph(dir, 2))).toEqual([]);
  });
});
