import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditEntry } from "@/db/schema";
import { createSession, resolveSession } from "@/db/sessions";
import { actorFromBearer, createToken } from "@/db/tokens";
import { TEST_SECRET } from "@/tests/support/test-database";
import type { Engine } from "@/db/store/store";
import { testStores } from "@/tests/support/stores";
import { authenticate, createUser } from "@/db/users";
import { actorLabel } from "@/domain/access";
import { operator } from "./operator";
import { commandArgs } from "./server-command";

// The commands as an operator runs them: child processes on a real database (a SQLite file, or
// PostgreSQL), which this process keeps open the whole time, as the server would.
const kit = testStores("account-commands", { seed: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-account-commands-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const OLD = "the first passphrase";
const NEW = "the second passphrase";
/** Each run starts Node and tsx (a second or two on 2 cores); several runs make a test. */
const SLOW = 60_000;

/** The commands on one engine; `frame`: also the command line's own refusals (usage, exit codes), which read no database and so run once, on SQLite. */
function commandsOn(engine: Engine, { frame }: { frame: boolean }): void {
  const store = () => kit.store(engine);
  function run(script: string, args: string[], { stdin = "", databasePath = engine === "sqlite" ? kit.file : kit.pgUrl } = {}) {
    const { status, stdout, stderr } = spawnSync(process.execPath, [...commandArgs(script), ...args], {
      encoding: "utf8",
      input: stdin,
      env: { ...process.env, DATABASE_URL: databasePath, LOOKUP_SECRET: TEST_SECRET, NODE_ENV: "production" },
    });
    return { status, stdout, stderr };
  }
  const audits = () => store().q.select().from(auditEntry).orderBy(auditEntry.id).all();
  const actorOf = (token: string) => store().read((tx) => actorFromBearer(tx, `Bearer ${token}`));

  describe("npm run token:revoke", { timeout: SLOW }, () => {
    it("revokes the token for the open connection at once, with one audit entry naming the operator", async () => {
      const token = await createToken(store(), "ci-deploy", "write");
      expect(await actorOf(token)).not.toBeNull();
      const before = (await audits()).length;

      const revoke = run("token-revoke", ["--name", "ci-deploy"]);

      expect([revoke.status, revoke.stdout.trim(), revoke.stderr]).toEqual([0, "token ci-deploy revoked", ""]);
      expect(await actorOf(token)).toBeNull();
      const added = (await audits()).slice(before);
      expect(added).toEqual([expect.objectContaining({ actor: actorLabel(operator("token-revoke")), action: "update", entity: "api_token" })]);
      expect(added[0]?.after).toContain('"name":"ci-deploy"');
      expect(JSON.stringify(added)).not.toContain(token.slice(4));
    });

    it("says so, exits 0 and changes nothing for a token revoked already", async () => {
      await createToken(store(), "old", "read");
      expect(run("token-revoke", ["--name", "old"]).status).toBe(0);
      const before = (await audits()).length;
      const again = run("token-revoke", ["--name", "old"]);
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(/^token old was revoked already \(at \d{4}-\d\d-\d\dT[\d:.]+Z\); nothing was changed\n$/);
      expect((await audits()).length).toBe(before);
    });

    if (frame)
      it("exits 1 for an unknown name, and 2 for a bad command line or no database, saying why on stderr", async () => {
        const before = (await audits()).length;
        const unknown = run("token-revoke", ["--name", "nope"]);
        expect([unknown.status, unknown.stdout]).toEqual([1, ""]);
        expect(unknown.stderr).toBe('token-revoke: There is no token named "nope". Nothing was changed.\n');
        for (const args of [[], ["--name"], ["--name", "two words"], ["--name", "x", "--scope", "read"]]) {
          const bad = run("token-revoke", args);
          expect([args, bad.status]).toEqual([args, 2]);
          expect(bad.stderr).toContain("usage: npm run token:revoke -- --name <name>");
        }
        const nowhere = run("token-revoke", ["--name", "x"], { databasePath: path.join(dir, "missing.db") });
        expect([nowhere.status, fs.existsSync(path.join(dir, "missing.db"))]).toEqual([2, false]);
        expect(nowhere.stderr).toContain("no database at");
        expect((await audits()).length).toBe(before);
      });
  });

  describe("npm run user:password", { timeout: SLOW }, () => {
    it("sets the password read from stdin, ends the user's sessions and audits it, printing neither password", async () => {
      const erin = await createUser(store(), { email: "erin@example.com", password: OLD, role: "editor" });
      const sessions = [await createSession(store(), erin.id), await createSession(store(), erin.id)];
      const before = (await audits()).length;

      const reset = run("user-password", ["--email", "Erin@Example.com"], { stdin: `${NEW}\nsecond line ignored\n` });

      expect([reset.status, reset.stdout.trim(), reset.stderr]).toEqual([0, "password of erin@example.com reset; 2 sessions ended", ""]);
      expect(await authenticate(store(), "erin@example.com", OLD)).toBeNull();
      expect(await authenticate(store(), "erin@example.com", NEW)).toMatchObject({ id: erin.id });
      expect(await Promise.all(sessions.map((id) => resolveSession(store(), id)))).toEqual([null, null]);
      const added = (await audits()).slice(before);
      expect(added).toEqual([expect.objectContaining({ actor: actorLabel(operator("user-password")), action: "update", entity: "user", entityId: erin.id })]);
      expect(JSON.stringify(added)).not.toMatch(/passphrase|scrypt/);
    });

    if (frame)
      it("exits 1 for an unknown email before asking for a password, and 2 for a short or missing password, changing nothing", async () => {
        await createUser(store(), { email: "fred@example.com", password: OLD, role: "editor" });
        const before = (await audits()).length;
        // No stdin: an empty one would be exit 2, so exit 1 shows the email was checked first.
        const unknown = run("user-password", ["--email", "nobody@example.com"]);
        expect([unknown.status, unknown.stderr]).toEqual([1, "user-password: There is no user with the email nobody@example.com. Nothing was changed.\n"]);
        const short = run("user-password", ["--email", "fred@example.com"], { stdin: "too short\n" });
        expect(short.status).toBe(2);
        expect(short.stderr).toContain("at least 12 characters");
        expect(short.stderr).not.toContain("too short");
        expect(run("user-password", ["--email", "fred@example.com"]).status).toBe(2);
        expect(run("user-password", ["--email", "not-an-email"], { stdin: `${NEW}\n` }).status).toBe(2);
        expect(run("user-password", [], { stdin: `${NEW}\n` }).status).toBe(2);
        expect(await authenticate(store(), "fred@example.com", OLD)).not.toBeNull();
        expect((await audits()).length).toBe(before);
      });
  });

  describe("npm run user:add, on the same frame", { timeout: SLOW }, () => {
    it("creates a user from stdin, and points a taken email at user:password", async () => {
      const add = run("user-add", ["--email", "gina@example.com", "--role", "admin"], { stdin: `${OLD}\n` });
      expect([add.status, add.stdout.trim()]).toEqual([0, "created admin gina@example.com"]);
      expect(await authenticate(store(), "gina@example.com", OLD)).toMatchObject({ role: "admin" });
      const taken = run("user-add", ["--email", "gina@example.com", "--role", "editor"], { stdin: `${OLD}\n` });
      expect(taken.status).toBe(2);
      expect(taken.stderr).toContain("npm run user:password -- --email gina@example.com");
      expect(run("user-add", ["--email", "hal@example.com", "--role", "owner"], { stdin: `${OLD}\n` }).status).toBe(2);
    });
  });
}

describe("on sqlite", () => commandsOn("sqlite", { frame: true }));
describe("on postgres", () => commandsOn("postgres", { frame: false }));
