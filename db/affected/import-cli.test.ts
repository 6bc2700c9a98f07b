import fs from "node:fs";
import Database from "better-sqlite3";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type FixtureRow, fixtureRows, writeFixtureCsv } from "@/tests/support/affected-fixture";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { HEADER, SECRET, SLUG, SEEDED, type Workspace, cli, countRows, csv, dump, json, killHard, peakRssKib, reported, run, sleep, startCli, withStore, workspaces } from "@/tests/support/import-kit";
import { ENGINES } from "@/tests/support/stores";

const workspace = workspaces();

// The import as a command: its exit codes and output, a hard kill in the middle, a large file.
describe.each(ENGINES)("on %s", (engine) => {
  let ws: Workspace;
  // A PostgreSQL workspace is made from a template the first one builds; files run side by side.
  beforeEach(async () => {
    ws = await workspace(engine);
  }, 60_000);
  describe("the command line", { timeout: 60_000 }, () => {
    it("exits 2 on an unknown incident, naming it and the known ones", async () => {
      const file = ws.file("list.csv", csv(fixtureRows({ rows: 2 })));
      const out = await cli(ws, ["--incident", "no-such-incident", "--file", file]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('no incident "no-such-incident"; known incidents: chatgpt-redis-py-cross-user-exposure, fastly-global-outage-2021-06-08, glm-5-3-kv-cache-exposure, list-test');
      await expect(run(ws, { incidentSlug: "nope", file })).rejects.toMatchObject({ code: "not-found" });
    });

    it("exits 2 with the usage on an unknown flag, a missing flag or a missing file", async () => {
      const file = ws.file("list.csv", csv(fixtureRows({ rows: 2 })));
      const unknown = await cli(ws, ["--incident", SLUG, "--file", file, "--dry-run"]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("Unknown option '--dry-run'");
      expect(unknown.stderr).toContain("usage: npm run import:affected -- --incident <slug> --file <path> [--replace]");
      const missing = await cli(ws, ["--incident", SLUG]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("--file <path> is required");
      const noFile = await cli(ws, ["--incident", SLUG, "--file", path.join(ws.dir, "nope.csv")]);
      expect(noFile.code).toBe(2);
      expect(noFile.stderr).toContain("no such file");
      const noDb = await cli(ws, ["--incident", SLUG, "--file", file], { DATABASE_URL: path.join(ws.dir, "none.db") });
      expect(noDb.code).toBe(2);
      expect(noDb.stderr).toContain("run `npm run db:seed` (or `npm start`) first");
    });

    it("never prints the secret or a raw account id", async () => {
      const planted = await workspace(engine, "PLANTED-lookup-secret-0f0f0f0f0f0f0f0f0f0f");
      const rows = [...fixtureRows({ rows: 50, seed: 11, accounts: 5 })];
      const ids = [...new Set(rows.map((r) => r.account_id.toLowerCase()))];
      const [a] = rows as [FixtureRow];
      const outputs = [
        await cli(planted, ["--incident", SLUG, "--file", planted.file("good.csv", csv(rows))]),
        await cli(planted, ["--incident", SLUG, "--file", planted.file("good.json", json(rows))]),
        // Bad rows that hold an account id in or next to the failing field.
        await cli(planted, ["--incident", SLUG, "--file", planted.file("bad-id.csv", csv([{ ...a, account_id: a.account_id + "0" }]))]),
        await cli(planted, ["--incident", SLUG, "--file", planted.file("bad-quote.csv", csv([{ ...a, account_id: `${a.account_id}"x` }]))]),
        await cli(planted, ["--incident", SLUG, "--file", planted.file("bad-key.json", `[{"${a.account_id}": 1}]`)]),
        await cli(planted, ["--incident", SLUG, "--file", planted.file("no-header.csv", csv(rows).replace(HEADER + "\n", ""))]),
        await cli(planted, ["--incident", "nope", "--file", planted.file("x.csv", csv(rows))]),
      ];
      expect(outputs.map((o) => o.code)).toEqual([0, 0, 1, 1, 1, 1, 2]);
      const all = outputs.map((o) => o.stdout + o.stderr).join("\n").toLowerCase();
      expect(all).not.toContain(planted.secret.toLowerCase());
      for (const id of ids) expect(all).not.toContain(id);
    });
  });

  describe("crashes and large files", () => {
    it("survives kill -9 in the middle of a large import with the previous list intact", { timeout: 60_000 }, async () => {
      const file = path.join(ws.dir, "big.csv");
      await writeFixtureCsv(file, { rows: 500_000 });
      const before = await dump(ws);
      const { child, done } = startCli(["--incident", SLUG, "--file", file], { DATABASE_URL: ws.databaseUrl, LOOKUP_SECRET: SECRET });
      const building = () => withStore(ws.databaseUrl, async (store) => (await store.q.row(z.object({ n: z.number() }), sql`SELECT count(*) AS n FROM affected_list WHERE state = 'building'`))?.n ?? 0);
      let exited = false;
      void done.then(() => (exited = true));
      const deadline = Date.now() + 40_000;
      if (engine === "sqlite") {
        // Its rows move into a list no reader sees, a batch at a time.
        while ((await countRows(ws)) < SEEDED + 50_000 && !exited && Date.now() < deadline) await sleep(25);
        expect(exited, "the import finished before it had written its first batches: kill came too late").toBe(false);
        expect(await countRows(ws)).toBeGreaterThanOrEqual(SEEDED + 50_000);
      } else {
        // PostgreSQL's rows wait in a file until one transaction moves them: the list is begun, and its file being read.
        while ((await building()) === 0 && !exited && Date.now() < deadline) await sleep(25);
        await sleep(500);
        expect(exited, "the import finished before it was killed: kill came too late").toBe(false);
        expect(await building()).toBe(1);
      }
      // Meanwhile a reader (the app) still sees the previous list.
      expect(await dump(ws)).toEqual(before);
      killHard(child);
      const result = await done;
      expect(result.signal).toBe("SIGKILL");

      if (engine === "sqlite") {
        const check = new Database(ws.databaseUrl, { readonly: true });
        try {
          expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
        } finally {
          check.close();
        }
      }
      expect(await dump(ws)).toEqual(before);
      expect(before).toHaveLength(SEEDED);
    });

    const HUGE = Number(process.env.IMPORT_TEST_ROWS ?? 200_000);
    it(`imports ${HUGE.toLocaleString("en-US")} rows in bounded memory`, { timeout: 120_000 }, async () => {
      const file = path.join(ws.dir, "huge.csv");
      const { bytes } = await writeFixtureCsv(file, { rows: HUGE });
      const time = "/usr/bin/time";
      const hasTime = fs.existsSync(time);
      const { child, done } = hasTime
        ? startCli(["--incident", SLUG, "--file", file], { DATABASE_URL: ws.databaseUrl, LOOKUP_SECRET: SECRET }, {
            command: time,
            prefix: ["-f", "peak-rss-kib=%M", process.execPath],
          })
        : startCli(["--incident", SLUG, "--file", file], { DATABASE_URL: ws.databaseUrl, LOOKUP_SECRET: SECRET });
      let polled = 0;
      const poll = setInterval(() => (polled = Math.max(polled, peakRssKib(child.pid) ?? 0)), 100);
      const out = await done.finally(() => clearInterval(poll));
      expect(out.code, out.stderr).toBe(0);
      expect(reported(out.stdout, "added")).toBe(HUGE);
      const peakKib = hasTime ? Number(/peak-rss-kib=(\d+)/.exec(out.stderr)?.[1]) : polled;
      const rate = Number(/\(([\d,]+) rows\/s\)/.exec(out.stdout)?.[1]?.replaceAll(",", ""));
      console.info(
        `${engine}: imported ${HUGE} rows (${(bytes / 2 ** 20).toFixed(0)} MiB of CSV) at ${rate} rows/s, peak RSS ${(peakKib / 1024).toFixed(0)} MiB`,
      );
      expect(peakKib).toBeGreaterThan(0);
      expect(peakKib).toBeLessThan(300 * 1024);
      expect(await countRows(ws)).toBe(SEEDED + HUGE);
    });
  });
});
