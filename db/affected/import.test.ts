import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { tenantKey } from "@/lib/tenant-key";
import { openDatabase } from "../client";
import { readEnv } from "../env";
import { type FixtureRow, fixtureRows, writeFixtureCsv } from "../import/fixture";
import { prepareDatabase } from "../prepare";
import { importAffectedList } from "../write/affected";
import { createIncident } from "../write/incident";
import type { ImportProgress } from "./read-rows";
import { fileSource } from "./source";

const SECRET = "0123456789abcdef".repeat(4);
/** An incident of the workspace with no list yet; the shipped one has a generated sample of 155. */
const SLUG = "list-test";
const SEEDED = 155;
const HEADER = "account_id,request_id,occurred_at,prompt_tokens,role";
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = ["--import", "./scripts/register.mjs", "scripts/import-affected.ts"];
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-import-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function addIncident(dbFile: string, slug: string) {
  withDb(dbFile, (db) =>
    createIncident({ db, actor: editor, input: { slug, title: slug, summary: "s", provider: "p", service: "svc", status: "resolved", impact: "i", cause: "c" } }),
  );
}

/** A fresh directory with a prepared database: the shipped incident with its 155 sample rows, and an incident with none. */
async function workspace(secret = SECRET) {
  const dir = fs.mkdtempSync(path.join(root, "t-"));
  const dbFile = path.join(dir, "aftermath.db");
  const env = readEnv({ DATABASE_PATH: dbFile, LOOKUP_SECRET: secret });
  await prepareDatabase({ env });
  addIncident(dbFile, SLUG);
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  return { dir, dbFile, env, secret, file };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

function withDb<T>(dbFile: string, fn: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(dbFile);
  try {
    return fn(db);
  } finally {
    db.$client.close();
  }
}

type Row = { tenant_key: string; request_id: string; occurred_at: string; prompt_tokens: number; role: string };

/** The rows of the live lists (of one incident, or all), as readers and lookups see them, by request id (the import sorts rows by account key). */
function dump(dbFile: string, incidentSlug?: string): Row[] {
  return withDb(dbFile, (db) => {
    const where = incidentSlug ? "AND l.incident_id = (SELECT id FROM incident WHERE slug = ?)" : "";
    return db.$client
      .prepare(
        `SELECT r.tenant_key, r.request_id, r.occurred_at, r.prompt_tokens, r.role FROM affected_response r
         JOIN affected_list l ON l.id = r.list_id AND l.state = 'live' ${where} ORDER BY l.incident_id, r.request_id, r.role`,
      )
      .all(...(incidentSlug ? [incidentSlug] : [])) as Row[];
  });
}

const byRequestId = <T extends { request_id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.request_id < b.request_id ? -1 : a.request_id > b.request_id ? 1 : 0));

async function run(ws: Workspace, options: { file: string; replace?: boolean; incidentSlug?: string; onProgress?: (p: ImportProgress) => void }) {
  const { report } = await withDbAsync(ws.dbFile, (db) =>
    importAffectedList({
      db,
      actor: editor,
      slug: options.incidentSlug ?? SLUG,
      version: null,
      rows: { source: fileSource(options.file), onProgress: options.onProgress },
      replace: options.replace,
      secret: ws.secret,
    }),
  );
  return report;
}

async function withDbAsync<T>(dbFile: string, fn: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(dbFile);
  try {
    return await fn(db);
  } finally {
    db.$client.close();
  }
}

function csv(rows: Iterable<FixtureRow>, { eol = "\n" } = {}): string {
  let out = HEADER + eol;
  for (const r of rows) out += `${r.account_id},${r.request_id},${r.occurred_at},${r.prompt_tokens},${r.role}${eol}`;
  return out;
}

function json(rows: Iterable<FixtureRow>): string {
  const items = [...rows].map((r) => JSON.stringify({ ...r, prompt_tokens: Number(r.prompt_tokens) }));
  return `[\n${items.join(",\n")}\n]\n`;
}

type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function startCli(args: string[], env: Record<string, string>, { command = process.execPath, prefix = [] as string[] } = {}) {
  const child = spawn(command, [...prefix, ...CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

function cli(ws: Workspace, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return startCli(args, { DATABASE_PATH: ws.dbFile, LOOKUP_SECRET: ws.secret, ...env }).done;
}

/** "added: 1,234" → 1234. */
function reported(stdout: string, label: string): number {
  const match = new RegExp(`^${label}:\\s+([\\d,]+)$`, "m").exec(stdout);
  if (!match?.[1]) throw new Error(`no "${label}" in:\n${stdout}`);
  return Number(match[1].replaceAll(",", ""));
}

let ws: Workspace;
beforeEach(async () => {
  ws = await workspace();
});

describe("importing an affected list", { timeout: 30_000 }, () => {
  it("gives the same table from a CSV (BOM, CRLF, quoted fields) and from JSON", async () => {
    const rows = [...fixtureRows({ rows: 40, seed: 7, accounts: 9 })];
    // Quoted fields, one with a doubled quote around spaces and a line break (trimmed by the schema).
    let text = csv(rows, { eol: "\r\n" });
    const first = rows[0] as FixtureRow;
    text = text.replace(`${first.account_id},${first.request_id},`, `" \r\n${first.account_id}  ","${first.request_id}",`);
    const csvFile = ws.file("list.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    const other = await workspace();
    const jsonFile = other.file("list.json", json(rows));

    const fromCsv = await run(ws, { file: csvFile });
    const fromJson = await run(other, { file: jsonFile });
    expect(fromCsv).toMatchObject({ format: "csv", rowsRead: 40, added: 40, alreadyPresent: 0, removed: null });
    expect(fromJson).toMatchObject({ format: "json", rowsRead: 40, added: 40, alreadyPresent: 0 });

    const imported = dump(ws.dbFile, SLUG);
    expect(imported).toHaveLength(40);
    expect(imported).toEqual(dump(other.dbFile, SLUG));
    byRequestId(rows).forEach((r, i) => {
      expect(imported[i]).toMatchObject({
        tenant_key: tenantKey(SECRET, r.account_id.toLowerCase()),
        request_id: r.request_id,
        occurred_at: new Date(r.occurred_at).toISOString(),
        prompt_tokens: Number(r.prompt_tokens),
        role: r.role,
      });
    });
    // The fixture writes offsets (+02:00 …) and upper-case ids: both normalised.
    expect(rows.some((r) => r.occurred_at.endsWith("+02:00"))).toBe(true);
    expect(imported.every((r) => r.occurred_at.endsWith("Z"))).toBe(true);
  });

  it("adds nothing when the same file is imported again, and counts duplicates within a file", async () => {
    const rows = [...fixtureRows({ rows: 30, seed: 2 })];
    const dupe = { ...(rows[3] as FixtureRow) };
    dupe.account_id = dupe.account_id.toUpperCase(); // the same account
    const file = ws.file("list.csv", csv([...rows, dupe]));

    expect(await run(ws, { file })).toMatchObject({ rowsRead: 31, added: 30, alreadyPresent: 1 });
    const after = dump(ws.dbFile);
    expect(await run(ws, { file })).toMatchObject({ rowsRead: 31, added: 0, alreadyPresent: 31 });
    expect(dump(ws.dbFile)).toEqual(after);

    const again = await cli(ws, ["--incident", SLUG, "--file", file]);
    expect(again.code).toBe(0);
    expect(reported(again.stdout, "added")).toBe(0);
    expect(reported(again.stdout, "already present")).toBe(31);
    expect(reported(again.stdout, "rows read")).toBe(31);
  });

  it("chooses JSON by content when the file has no known extension", async () => {
    const file = ws.file("list.txt", "  \n" + json(fixtureRows({ rows: 3 })));
    expect(await run(ws, { file })).toMatchObject({ format: "json", added: 3 });
  });

  it("reports progress up to the whole file", async () => {
    const file = path.join(ws.dir, "big.csv");
    const { bytes } = await writeFixtureCsv(file, { rows: 5_000 });
    const seen: ImportProgress[] = [];
    await run(ws, { file, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toEqual({ bytesRead: bytes, totalBytes: bytes, rows: 5_000 });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytesRead).toBeGreaterThanOrEqual(seen[i - 1]!.bytesRead);
  });

  it("imports nothing from an empty file or array, and says so, even with --replace", async () => {
    const before = dump(ws.dbFile);
    for (const [name, content] of [
      ["empty.csv", ""],
      ["blank.csv", "\ufeff \n\n"],
      ["header.csv", HEADER + "\n"],
      ["empty.json", "[ ]"],
    ] as const) {
      const file = ws.file(name, content);
      expect(await run(ws, { file, replace: true }), name).toMatchObject({ empty: true, rowsRead: 0, added: 0, removed: 0 });
      const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
      expect(out.code, name).toBe(0);
      expect(out.stdout).toMatch(/holds no rows: nothing imported into list-test/);
    }
    expect(dump(ws.dbFile)).toEqual(before);
  });
});

describe("all or nothing", { timeout: 30_000 }, () => {
  const badLastRows: Array<[string, Partial<FixtureRow>, string]> = [
    ["prompt_tokens 0", { prompt_tokens: "0" }, "field prompt_tokens: prompt_tokens must be at least 1"],
    ["role admin", { role: "admin" }, "field role: role must be one of: recipient, exposed"],
    [
      "a time without a zone",
      { occurred_at: "2026-09-01T12:00:00" },
      "field occurred_at: occurred_at must be ISO 8601 with a zone, e.g. 2026-09-01T12:00:00Z",
    ],
  ];

  it.each(badLastRows)("a bad last row (%s) leaves the table as it was and exits 1", async (_name, lastRow, message) => {
    const file = path.join(ws.dir, "list.csv");
    await writeFixtureCsv(file, { rows: 2_000, lastRow });
    const before = dump(ws.dbFile);
    const out = await cli(ws, ["--incident", SLUG, "--file", file]);
    expect(out.code).toBe(1);
    // Header is line 1: the 2,000th row is on line 2,001.
    expect(out.stderr).toContain(`line 2001, ${message}`);
    expect(out.stderr).toContain("Nothing was imported: ");
    expect(out.stdout).toBe("");
    expect(dump(ws.dbFile)).toEqual(before);
  });

  it("counts physical lines: blank lines and line breaks inside quoted fields", async () => {
    const rows = [...fixtureRows({ rows: 3 })];
    const [a, b, c] = rows as [FixtureRow, FixtureRow, FixtureRow];
    const text = [
      HEADER,
      `"\n${a.account_id}\n",${a.request_id},${a.occurred_at},${a.prompt_tokens},${a.role}`, // lines 2-4
      "", // line 5
      `${b.account_id},${b.request_id},${b.occurred_at},${b.prompt_tokens},${b.role}`, // line 6
      `${c.account_id},${c.request_id},${c.occurred_at},-3,${c.role}`, // line 7
    ].join("\n");
    const file = ws.file("list.csv", text);
    const error = await run(ws, { file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe("Nothing was imported: line 7, field prompt_tokens: prompt_tokens must be a whole number.");
  });

  it("refuses a wrong or missing header, naming what it expects", async () => {
    const before = dump(ws.dbFile);
    const rows = [...fixtureRows({ rows: 2 })];
    const cases: Array<[string, string]> = [
      [csv(rows).replace("prompt_tokens", "tokens"), "column 4 should be prompt_tokens"],
      [csv(rows).replace(HEADER + "\n", ""), "column 1 should be account_id"],
      [csv(rows).replace(",role\n", "\n"), "found 4 columns"],
    ];
    for (const [text, why] of cases) {
      const file = ws.file("list.csv", text);
      await expect(run(ws, { file })).rejects.toThrow(
        `line 1: the header must be exactly account_id,request_id,occurred_at,prompt_tokens,role (${why})`,
      );
    }
    expect(dump(ws.dbFile)).toEqual(before);
  });

  it("refuses rows of the wrong width and broken quoting, with the line", async () => {
    const [a, b] = [...fixtureRows({ rows: 2 })] as [FixtureRow, FixtureRow];
    const good = `${a.account_id},${a.request_id},${a.occurred_at},${a.prompt_tokens},${a.role}`;
    const cases: Array<[string, string]> = [
      [`${HEADER}\n${good}\n${b.account_id},${b.request_id}\n`, "line 3: expected 5 fields, found 2"],
      [`${HEADER}\n${good}\n${b.account_id}x"y,${b.request_id},${b.occurred_at},1,exposed\n`, "line 3: a quote inside an unquoted field in column 1"],
      [`${HEADER}\n${good}\n"${b.account_id},${b.request_id},${b.occurred_at},1,exposed\n`, "a quoted field is never closed"],
    ];
    for (const [text, message] of cases) {
      const file = ws.file("list.csv", text);
      const error = await run(ws, { file }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as Error).message).toContain(message);
      // csv-parse would quote the field here; the import must not.
      expect((error as Error).message.toLowerCase()).not.toContain(b.account_id.toLowerCase());
    }
    expect(dump(ws.dbFile)).toHaveLength(SEEDED);
  });

  it("refuses malformed JSON and bad JSON rows, naming the line and the array index", async () => {
    const before = dump(ws.dbFile);
    const rows = [...fixtureRows({ rows: 5 })];
    const good = json(rows);
    const cases: Array<[string, string]> = [
      [good.replace(/,\n(?=[^\n]*\n\]\n$)/, "\n"), "line 6: not valid JSON"], // a missing comma before the last row
      [good.replace(/\n\]\n$/, "\n"), "at the end of the file: not valid JSON"],
      [good.replace('"role":"exposed"', '"role":"admin"').replace('"role":"recipient"', '"role":"admin"'), "field role: role must be one of"],
      [good.replace(/\n\]\n$/, ',\n{"account_id": 5}\n]\n'), "array index 5 (line 7), field account_id:"],
      [good.replace(/\n\]\n$/, ",\n42\n]\n"), "array index 5 (line 7), Invalid input: expected object"],
      ['{"rows": []}', "a JSON file must hold one array of rows"],
    ];
    for (const [text, message] of cases) {
      const file = ws.file("list.json", text);
      await expect(run(ws, { file }), message).rejects.toThrow(message);
    }
    expect(dump(ws.dbFile)).toEqual(before);
  });
});

describe("--replace", { timeout: 30_000 }, () => {
  it("swaps the incident's list and leaves other incidents alone", async () => {
    addIncident(ws.dbFile, "second-incident");
    await run(ws, { incidentSlug: "second-incident", file: ws.file("other.csv", csv(fixtureRows({ rows: 12, seed: 9 }))) });
    const others = dump(ws.dbFile, "second-incident");
    expect(others).toHaveLength(12);
    await run(ws, { file: ws.file("first.csv", csv(fixtureRows({ rows: 7, seed: 3 }))) });

    const rows = [...fixtureRows({ rows: 20, seed: 4 })];
    const file = ws.file("list.csv", csv(rows));
    const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("removed first (--replace): 7");
    expect(reported(out.stdout, "added")).toBe(20);

    const list = dump(ws.dbFile, SLUG);
    expect(list.map((r) => r.request_id)).toEqual(byRequestId(rows).map((r) => r.request_id));
    expect(dump(ws.dbFile, "second-incident")).toEqual(others);
  });

  it("leaves the old list intact when the file has a bad row", async () => {
    const before = dump(ws.dbFile);
    const file = path.join(ws.dir, "list.csv");
    await writeFixtureCsv(file, { rows: 500, lastRow: { role: "admin" } });
    const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("line 501, field role:");
    expect(dump(ws.dbFile)).toEqual(before);
  });
});

describe("the command line", { timeout: 30_000 }, () => {
  it("exits 2 on an unknown incident, naming it and the known ones", async () => {
    const file = ws.file("list.csv", csv(fixtureRows({ rows: 2 })));
    const out = await cli(ws, ["--incident", "no-such-incident", "--file", file]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('no incident "no-such-incident"; known incidents: glm-5-3-kv-cache-exposure, list-test');
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
    const noDb = await cli(ws, ["--incident", SLUG, "--file", file], { DATABASE_PATH: path.join(ws.dir, "none.db") });
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toContain("run `npm run db:seed` (or `npm start`) first");
  });

  it("never prints the secret or a raw account id", async () => {
    const planted = await workspace("PLANTED-lookup-secret-0f0f0f0f0f0f0f0f0f0f");
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
    const before = dump(ws.dbFile);
    const { child, done } = startCli(["--incident", SLUG, "--file", file], { DATABASE_PATH: ws.dbFile, LOOKUP_SECRET: SECRET });
    const written = () => withDb(ws.dbFile, (db) => db.$client.prepare("SELECT count(*) FROM affected_response").pluck().get() as number);
    let exited = false;
    void done.then(() => (exited = true));
    const deadline = Date.now() + 40_000;
    // Its batches are committed as it goes, into a list no reader sees.
    while (written() < SEEDED + 50_000 && !exited && Date.now() < deadline) await sleep(25);
    expect(exited, "the import finished before it had written its first batches: kill came too late").toBe(false);
    expect(written()).toBeGreaterThanOrEqual(SEEDED + 50_000);
    // Meanwhile a reader (the app) still sees the previous list.
    expect(dump(ws.dbFile)).toEqual(before);
    killHard(child);
    const result = await done;
    expect(result.signal).toBe("SIGKILL");

    withDb(ws.dbFile, (db) => {
      expect(db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
    });
    expect(dump(ws.dbFile)).toEqual(before);
    expect(before).toHaveLength(SEEDED);
  });

  const HUGE = Number(process.env.IMPORT_TEST_ROWS ?? 200_000);
  it(`imports ${HUGE.toLocaleString("en-US")} rows in bounded memory`, { timeout: 120_000 }, async () => {
    const file = path.join(ws.dir, "huge.csv");
    const { bytes } = await writeFixtureCsv(file, { rows: HUGE });
    const time = "/usr/bin/time";
    const hasTime = fs.existsSync(time);
    const { child, done } = hasTime
      ? startCli(["--incident", SLUG, "--file", file], { DATABASE_PATH: ws.dbFile, LOOKUP_SECRET: SECRET }, {
          command: time,
          prefix: ["-f", "peak-rss-kib=%M", process.execPath],
        })
      : startCli(["--incident", SLUG, "--file", file], { DATABASE_PATH: ws.dbFile, LOOKUP_SECRET: SECRET });
    let polled = 0;
    const poll = setInterval(() => (polled = Math.max(polled, peakRssKib(child.pid) ?? 0)), 100);
    const out = await done.finally(() => clearInterval(poll));
    expect(out.code, out.stderr).toBe(0);
    expect(reported(out.stdout, "added")).toBe(HUGE);
    const peakKib = hasTime ? Number(/peak-rss-kib=(\d+)/.exec(out.stderr)?.[1]) : polled;
    const rate = Number(/\(([\d,]+) rows\/s\)/.exec(out.stdout)?.[1]?.replaceAll(",", ""));
    console.info(
      `imported ${HUGE} rows (${(bytes / 2 ** 20).toFixed(0)} MiB of CSV) at ${rate} rows/s, peak RSS ${(peakKib / 1024).toFixed(0)} MiB`,
    );
    expect(peakKib).toBeGreaterThan(0);
    expect(peakKib).toBeLessThan(300 * 1024);
    const count = withDb(ws.dbFile, (db) => db.$client.prepare("SELECT count(*) FROM affected_response").pluck().get());
    expect(count).toBe(SEEDED + HUGE);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function killHard(child: ChildProcess): void {
  if (child.pid !== undefined) process.kill(child.pid, "SIGKILL");
}

/** VmHWM of a running process, from /proc; null once it is gone. */
function peakRssKib(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return null;
  }
}
