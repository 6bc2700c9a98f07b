import { spawnSync } from "node:child_process";
import { giveShape } from "@/tests/support/shapes";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lookupIncident } from "@/lookup/rows";
import { checkLink, linkTokenOf } from "@/lookup/proof/tokens";
import { keysIn } from "@/lookup/proof/keys";
import { eq } from "drizzle-orm";
import { auditEntry, incident as incidentTable } from "@/db/schema";
import { TEST_SECRET } from "@/tests/support/test-database";
import type { Engine } from "@/db/store/store";
import { testStores } from "@/tests/support/stores";
import { createIncident } from "@/db/write/incident";
import { commandArgs } from "./server-command";

// npm run lookup:links and lookup:rotate as an operator runs them: child processes on a real
// database (a SQLite file, or PostgreSQL) this process keeps open, as the server would.
const kit = testStores("lookup-commands", { seed: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-lookup-commands-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const SLOW = 60_000;
const A = "0123456789abcdef0123456789abcdef";
const B = "fedcba9876543210fedcba9876543210";

const file = (name: string, text?: string) => {
  const at = path.join(dir, name);
  if (text !== undefined) fs.writeFileSync(at, text);
  return at;
};
const links = (csv: string) => fs.readFileSync(csv, "utf8").trim().split("\n").slice(1).map((line) => line.split(","));
const now = () => Math.floor(Date.now() / 1000);

/** The commands on one engine; `frame`: also the command line's own refusals (usage, exit codes), which read no database and so run once, on SQLite. */
function commandsOn(engine: Engine, { frame }: { frame: boolean }): void {
  const store = () => kit.store(engine);
  function run(script: string, args: string[], { origin = true } = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: engine === "sqlite" ? kit.file : kit.pgUrl, LOOKUP_SECRET: TEST_SECRET, NODE_ENV: "production", PUBLIC_ORIGIN: "https://status.example" };
    if (!origin) delete env.PUBLIC_ORIGIN;
    const { status, stdout, stderr } = spawnSync(process.execPath, [...commandArgs(script), ...args], { encoding: "utf8", env });
    return { status, stdout, stderr };
  }
  const audits = () => store().q.select().from(auditEntry).orderBy(auditEntry.id).all();
  const keys = () => store().read((tx) => keysIn(tx, TEST_SECRET));
  let incidentId = 0;
  async function incident(): Promise<number> {
    if (!incidentId) {
      await createIncident({ store: store(), actor: { kind: "system", name: "test" }, input: { slug: "links", title: "L", summary: "s", provider: "p", service: "s", status: "resolved", impact: "i", cause: "c" } });
      incidentId = (await store().q.select({ id: incidentTable.id }).from(incidentTable).where(eq(incidentTable.slug, "links")).get())?.id ?? 0;
      await giveShape(store(), "links");
    }
    return incidentId;
  }
  const name = (n: string) => `${engine}-${n}`;

  describe("npm run lookup:links", { timeout: SLOW }, () => {
    it("writes one link per account, mode 600, each proving its own account until it expires, with one audit entry", async () => {
      const id = await incident();
      const before = (await audits()).length;
      const out = file(name("links-1.csv"));
      const made = run("lookup-links", ["--incident", "links", "--accounts", file(name("a-1.txt"), `${A.toUpperCase()}\n\n${B}\n${A}\n`), "--out", out, "--days", "7"]);
      expect(made.status, made.stderr).toBe(0);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      const rows = links(out);
      expect(rows.map((r) => r[0])).toEqual([A, B]);
      for (const [account, link = "", expires = ""] of rows) {
        expect(link).toMatch(/^https:\/\/status\.example\/incidents\/links\/lookup\/link\?token=/);
        expect(link).not.toContain(account);
        expect(Date.parse(expires) / 1000 - now()).toBeGreaterThan(7 * 86400 - 60);
        const proof = checkLink(await keys(), linkTokenOf(link), id, now());
        expect(proof.ok && proof.proof.ending).toBe(account?.slice(-4));
      }
      const added = (await audits()).slice(before);
      expect(added.map((a) => a.entity)).toContain("lookup_links");
      expect(JSON.stringify(added)).not.toContain(A);
      expect(made.stderr).toContain("not published");
      expect(await store().read((tx) => lookupIncident(tx, "links"))).toBeNull();
    });

    if (frame)
      it("writes nothing when any line is not an account id, or --out exists, and says what to fix", async () => {
        const out = file(name("links-2.csv"));
        const bad = run("lookup-links", ["--incident", "links", "--accounts", file(name("a-2.txt"), `${A}\nnot-an-id\n`), "--out", out]);
        expect([bad.status, fs.existsSync(out)]).toEqual([2, false]);
        expect(bad.stderr).toContain("line 2");
        const taken = run("lookup-links", ["--incident", "links", "--accounts", file(name("a-3.txt"), `${A}\n`), "--out", file(name("taken.csv"), "keep")]);
        expect(taken.status).toBe(2);
        expect(fs.readFileSync(file(name("taken.csv")), "utf8")).toBe("keep");
        const none = run("lookup-links", ["--incident", "nope", "--accounts", file(name("a-3.txt")), "--out", out]);
        expect([none.status, fs.existsSync(out)]).toEqual([1, false]);
        const noOrigin = run("lookup-links", ["--incident", "links", "--accounts", file(name("a-3.txt")), "--out", out], { origin: false });
        expect([noOrigin.status, fs.existsSync(out)]).toEqual([2, false]);
        expect(noOrigin.stderr).toContain("PUBLIC_ORIGIN");
      });
  });

  describe("npm run lookup:links without --out", { timeout: SLOW }, () => {
    it("writes the CSV alone to standard output, as the issue's command line asks", async () => {
      const id = await incident();
      const made = run("lookup-links", ["--incident", "links", "--accounts", file(name("a-5.txt"), `${B}\n`)]);
      expect(made.status, made.stderr).toBe(0);
      const [header, line, ...rest] = made.stdout.trim().split("\n");
      expect([header, rest]).toEqual(["account_id,link,expires_at", []]);
      const [account, link = ""] = (line ?? "").split(",");
      expect(account).toBe(B);
      expect(checkLink(await keys(), linkTokenOf(link), id, now()).ok).toBe(true);
      expect(made.stderr).toContain("1 links");
    });
  });

  describe("npm run lookup:rotate", { timeout: SLOW }, () => {
    it("revokes every link made so far; links made after it work", async () => {
      const id = await incident();
      const before = file(name("links-3.csv"));
      expect(run("lookup-links", ["--incident", "links", "--accounts", file(name("a-4.txt"), `${A}\n`), "--out", before]).status).toBe(0);
      const old = linkTokenOf(links(before)[0]?.[1] ?? "");
      expect(checkLink(await keys(), old, id, now()).ok).toBe(true);
      const rotated = run("lookup-rotate", []);
      expect(rotated.status, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/revoked/);
      expect(checkLink(await keys(), old, id, now())).toEqual({ ok: false, reason: "invalid" });
      const after = file(name("links-4.csv"));
      expect(run("lookup-links", ["--incident", "links", "--accounts", file(name("a-4.txt")), "--out", after]).status).toBe(0);
      expect(checkLink(await keys(), linkTokenOf(links(after)[0]?.[1] ?? ""), id, now()).ok).toBe(true);
    });
  });
}

describe("on sqlite", () => commandsOn("sqlite", { frame: true }));
describe("on postgres", () => commandsOn("postgres", { frame: false }));
