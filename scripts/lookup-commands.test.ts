import { spawnSync } from "node:child_process";
import { giveShape } from "@/tests/support/shapes";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lookupIncident } from "@/lookup/rows";
import { checkLink, linkTokenOf } from "@/lookup/proof/tokens";
import { keysIn } from "@/lookup/proof/keys";
import { auditEntry } from "@/db/schema";
import { TEST_SECRET, testDatabase } from "@/tests/support/test-database";
import { createIncident } from "@/db/write/incident";

// npm run lookup:links and lookup:rotate as an operator runs them: child processes on a real
// database this process keeps open, as the server would.
const store = testDatabase("lookup-commands");
const SLOW = 60_000;
const A = "0123456789abcdef0123456789abcdef";
const B = "fedcba9876543210fedcba9876543210";

function run(script: string, args: string[], { origin = true } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: store.file, LOOKUP_SECRET: TEST_SECRET, NODE_ENV: "production", PUBLIC_ORIGIN: "https://status.example" };
  if (!origin) delete env.PUBLIC_ORIGIN;
  const { status, stdout, stderr } = spawnSync(process.execPath, ["--import", "./scripts/register.mjs", `scripts/${script}.ts`, ...args], { encoding: "utf8", env });
  return { status, stdout, stderr };
}
const file = (name: string, text?: string) => {
  const at = path.join(store.dir, name);
  if (text !== undefined) fs.writeFileSync(at, text);
  return at;
};
const audits = () => store.db.select().from(auditEntry).all();
let incidentId = 0;
function incident(): number {
  if (!incidentId) {
    createIncident({ db: store.db, actor: { kind: "system", name: "test" }, input: { slug: "links", title: "L", summary: "s", provider: "p", service: "s", status: "resolved", impact: "i", cause: "c" } });
    incidentId = store.db.$client.prepare("SELECT id FROM incident WHERE slug = 'links'").pluck().get() as number;
    giveShape(store.db, "links");
  }
  return incidentId;
}
const links = (csv: string) => fs.readFileSync(csv, "utf8").trim().split("\n").slice(1).map((line) => line.split(","));
const now = () => Math.floor(Date.now() / 1000);

describe("npm run lookup:links", { timeout: SLOW }, () => {
  it("writes one link per account, mode 600, each proving its own account until it expires, with one audit entry", () => {
    const id = incident();
    const before = audits().length;
    const out = file("links-1.csv");
    const made = run("lookup-links", ["--incident", "links", "--accounts", file("a-1.txt", `${A.toUpperCase()}\n\n${B}\n${A}\n`), "--out", out, "--days", "7"]);
    expect(made.status, made.stderr).toBe(0);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    const rows = links(out);
    expect(rows.map((r) => r[0])).toEqual([A, B]);
    for (const [account, link = "", expires = ""] of rows) {
      expect(link).toMatch(/^https:\/\/status\.example\/incidents\/links\/lookup\/link\?token=/);
      expect(link).not.toContain(account);
      expect(Date.parse(expires) / 1000 - now()).toBeGreaterThan(7 * 86400 - 60);
      const proof = checkLink(keysIn(store.db, TEST_SECRET), linkTokenOf(link), id, now());
      expect(proof.ok && proof.proof.ending).toBe(account?.slice(-4));
    }
    const added = audits().slice(before);
    expect(added.map((a) => a.entity)).toContain("lookup_links");
    expect(JSON.stringify(added)).not.toContain(A);
    expect(made.stderr).toContain("not published");
    expect(lookupIncident(store.db, "links")).toBeNull();
  });

  it("writes nothing when any line is not an account id, or --out exists, and says what to fix", () => {
    const out = file("links-2.csv");
    const bad = run("lookup-links", ["--incident", "links", "--accounts", file("a-2.txt", `${A}\nnot-an-id\n`), "--out", out]);
    expect([bad.status, fs.existsSync(out)]).toEqual([2, false]);
    expect(bad.stderr).toContain("line 2");
    const taken = run("lookup-links", ["--incident", "links", "--accounts", file("a-3.txt", `${A}\n`), "--out", file("taken.csv", "keep")]);
    expect(taken.status).toBe(2);
    expect(fs.readFileSync(file("taken.csv"), "utf8")).toBe("keep");
    const none = run("lookup-links", ["--incident", "nope", "--accounts", file("a-3.txt"), "--out", out]);
    expect([none.status, fs.existsSync(out)]).toEqual([1, false]);
    const noOrigin = run("lookup-links", ["--incident", "links", "--accounts", file("a-3.txt"), "--out", out], { origin: false });
    expect([noOrigin.status, fs.existsSync(out)]).toEqual([2, false]);
    expect(noOrigin.stderr).toContain("PUBLIC_ORIGIN");
  });
});

describe("npm run lookup:links without --out", { timeout: SLOW }, () => {
  it("writes the CSV alone to standard output, as the issue's command line asks", () => {
    const id = incident();
    const made = run("lookup-links", ["--incident", "links", "--accounts", file("a-5.txt", `${B}\n`)]);
    expect(made.status, made.stderr).toBe(0);
    const [header, line, ...rest] = made.stdout.trim().split("\n");
    expect([header, rest]).toEqual(["account_id,link,expires_at", []]);
    const [account, link = ""] = (line ?? "").split(",");
    expect(account).toBe(B);
    expect(checkLink(keysIn(store.db, TEST_SECRET), linkTokenOf(link), id, now()).ok).toBe(true);
    expect(made.stderr).toContain("1 links");
  });
});

describe("npm run lookup:rotate", { timeout: SLOW }, () => {
  it("revokes every link made so far; links made after it work", () => {
    const id = incident();
    const before = file("links-3.csv");
    expect(run("lookup-links", ["--incident", "links", "--accounts", file("a-4.txt", `${A}\n`), "--out", before]).status).toBe(0);
    const old = linkTokenOf(links(before)[0]?.[1] ?? "");
    expect(checkLink(keysIn(store.db, TEST_SECRET), old, id, now()).ok).toBe(true);
    const rotated = run("lookup-rotate", []);
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/revoked/);
    expect(checkLink(keysIn(store.db, TEST_SECRET), old, id, now())).toEqual({ ok: false, reason: "invalid" });
    const after = file("links-4.csv");
    expect(run("lookup-links", ["--incident", "links", "--accounts", file("a-4.txt"), "--out", after]).status).toBe(0);
    expect(checkLink(keysIn(store.db, TEST_SECRET), linkTokenOf(links(after)[0]?.[1] ?? ""), id, now()).ok).toBe(true);
  });
});
