import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Words of one incident have no place in code: they are data of that incident (seed/, the record,
// its list's shape). This test fails on any new one; the files that still hold some (issue 20 is
// moving them into the list's shape) may only lose theirs, and each is dropped from STILL as it does.

const ROOT = path.resolve(__dirname, "..");
const CODE = ["app", "bench", "components", "config", "db", "domain", "http", "lib", "lookup", "publish", "scripts", "view"];
const WORDS = /prompt[ _-]?tokens|32 hexadecimal|kv[ -]cache|affected responses?|cloudflare|glm-5|workers ai|cf-ray/gi;

/** The files that still hold an incident's words, with how many: a ceiling, never a floor to reach. */
const STILL: Record<string, number> = {
  "bench/lookup.ts": 2,
  "bench/page.ts": 2,
  "domain/record/document-v1.ts": 6,
  "domain/record/document-v2.ts": 4,
};

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Each code file's count of an incident's words, by its path from the root. */
function found(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of CODE.flatMap((d) => codeFiles(path.join(ROOT, d)))) {
    const n = fs.readFileSync(file, "utf8").match(WORDS)?.length ?? 0;
    if (n) counts[path.relative(ROOT, file).split(path.sep).join("/")] = n;
  }
  return counts;
}

describe("words of one incident in code", () => {
  it("appear in no file that did not hold them, and no more often than they did", () => {
    const over = Object.entries(found()).filter(([file, n]) => n > (STILL[file] ?? 0)).map(([file, n]) => `${file}: ${n} (at most ${STILL[file] ?? 0})`);
    expect(over, "move the incident's words into its data (seed/, the list's shape)").toEqual([]);
  });

  it("keeps each ceiling at what the file holds, so a word moved out cannot come back", () => {
    const now = found();
    const stale = Object.entries(STILL).filter(([file, n]) => (now[file] ?? 0) < n).map(([file, n]) => `${file}: ${now[file] ?? 0} (the ceiling says ${n}; lower it)`);
    expect(stale).toEqual([]);
  });

  it("is seen to fail: the pattern finds each word it names", () => {
    for (const word of ["prompt tokens", "promptTokens", "32 hexadecimal digits", "KV-cache", "Affected responses", "Cloudflare", "GLM-5.3", "Workers AI", "CF-Ray"]) {
      expect(word.match(WORDS), word).not.toBeNull();
    }
  });
});
