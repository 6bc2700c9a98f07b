import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// `npm run lint` is what enforces the layers (eslint.config.mjs): these lint a file that is not
// there, as if it were, so a rule that stopped refusing an upward import would be seen here.

let eslint: ESLint;
beforeAll(() => {
  // The probes are not on disk, so the type-aware rule cannot read them: it is off here, the rest as configured.
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: { files: ["**/*.{ts,tsx}"], languageOptions: { parserOptions: { projectService: false } }, rules: { "@typescript-eslint/no-floating-promises": "off" } },
  });
}, 60_000);

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layerErrors = (filePath: string, code: string) => errorsOf("boundaries/dependencies", filePath, code);

describe("the layers npm run lint holds to", () => {
  it("refuses an upward import: the record importing the database, the database the edge", async () => {
    const domain = await layerErrors("domain/record/probe.ts", 'import { getDb } from "@/db/client";\nexport const db = getDb;\n');
    expect(domain).toEqual([expect.stringMatching(/^domain may not import db/)]);
    const db = await layerErrors("db/read/probe.ts", 'export { problem } from "@/http/problem";\n');
    expect(db).toEqual([expect.stringMatching(/^db may not import http/)]);
  });

  it("refuses a component that reads the database, and production code that imports a test kit", async () => {
    expect(await layerErrors("components/probe.tsx", 'import { readIncident } from "@/db/read/incident";\nexport const r = readIncident;\n')).toHaveLength(1);
    expect(await layerErrors("db/probe.ts", 'import { TEST_SECRET } from "@/tests/support/test-database";\nexport const s = TEST_SECRET;\n')).toHaveLength(1);
  }, 30_000);

  it("lets a layer import those below it, and a test import any layer", async () => {
    expect(await layerErrors("http/probe.ts", 'import { getDb } from "@/db/client";\nimport { text } from "@/domain/record/common";\nexport const x = [getDb, text];\n')).toEqual([]);
    expect(await layerErrors("lib/probe.test.ts", 'import { getDb } from "@/db/client";\nexport const x = getDb;\n')).toEqual([]);
  }, 30_000);

  it("refuses a function over 60 lines outside tests, and a file over 400 lines anywhere", async () => {
    const long = `export function long(): number {\n  let n = 0;\n${"  n += 1;\n".repeat(60)}  return n;\n}\n`;
    expect(await errorsOf("max-lines-per-function", "lib/probe.ts", long)).toHaveLength(1);
    expect(await errorsOf("max-lines-per-function", "lib/probe.test.ts", long)).toEqual([]);
    expect(await errorsOf("max-lines", "tests/probe.test.ts", "export const x = 1;\n".repeat(401))).toHaveLength(1);
  }, 30_000);
});
