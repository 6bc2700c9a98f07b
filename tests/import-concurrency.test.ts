import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeFixtureCsv } from "@/tests/support/affected-fixture";
import { callApi, testIncident, tokenAdd, putShape } from "./support/api";
import { newEditor } from "./support/editor";
import { submitForm } from "./support/forms";
import { fileServer } from "./support/file-server";
import { commandArgs } from "../scripts/server-command";

// A long import into one incident, by the command line in a process of its own, while the API
// writes to others: the writes wait their turn or are told to come back, never a 500.
const ROWS = Number(process.env.CONCURRENCY_TEST_ROWS ?? 300_000);
const WRITES = 200;
/** Incidents written to side by side, each by its own sequence of versioned edits. */
const WRITERS = 10;
const baseURL = fileServer().baseURL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-concurrency-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let token: string;
const target = `import-${randomBytes(4).toString("hex")}`;
const written = Array.from({ length: WRITERS }, (_, i) => `writes-${i}-${randomBytes(4).toString("hex")}`);

beforeAll(async () => {
  token = tokenAdd("write");
  for (const slug of [target, ...written]) {
    const created = await callApi("POST", "/incidents", { token, body: testIncident(slug) });
    expect(created.response.status).toBe(201);
    // The fixture's rows are in GLM-5.3's shape.
    if (slug === target) await putShape(token, slug, created.body.version as number);
  }
});

function startImport(file: string) {
  const child = spawn(process.execPath, [...commandArgs("import-affected"), "--incident", target, "--file", file], {
    env: { ...process.env, DATABASE_URL: fileServer().databasePath, LOOKUP_SECRET: inject("lookupSecret"), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => resolve({ code, output })));
  return { done, running: () => child.exitCode === null };
}

/** Resolves once the import has begun writing rows: its list is in the database, not yet live. */
async function importWriting(running: () => boolean): Promise<void> {
  const db = new Database(fileServer().databasePath, { readonly: true, fileMustExist: true });
  try {
    const building = db.prepare(
      "SELECT count(*) AS n FROM affected_list l JOIN incident i ON i.id = l.incident_id WHERE i.slug = ? AND l.state = 'building'",
    );
    for (let waited = 0; waited < 60_000; waited += 20) {
      if ((building.get(target) as { n: number }).n > 0) return;
      if (!running()) throw new Error("the import ended before it began writing rows");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the import did not begin writing rows within a minute");
  } finally {
    db.close();
  }
}

describe(`${WRITES} API writes during a ${ROWS.toLocaleString("en-US")}-row import`, () => {
  it("each lands or is answered 503 with Retry-After, and reads and sign-in keep working", { timeout: 180_000 }, async () => {
    const file = path.join(dir, "big.csv");
    await writeFixtureCsv(file, { rows: ROWS, seed: 5 });
    const { email, password } = newEditor();
    const imported = startImport(file);
    await importWriting(imported.running);

    let during = 0;
    const write = async (slug: string, count: number) => {
      const statuses: number[] = [];
      let version = 1;
      for (let i = 0; i < count; i++) {
        const { response, body } = await callApi("PATCH", `/incidents/${slug}`, { token, body: { version, title: `Write ${i}` } });
        statuses.push(response.status);
        if (imported.running()) during++;
        if (response.status === 200) version = body.version as number;
        else {
          expect(response.headers.get("content-type"), JSON.stringify(body)).toBe("application/problem+json");
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        }
      }
      return { slug, statuses, version };
    };
    let writing = true;
    const readsAndSignIns = async () => {
      let rounds = 0;
      while (writing || rounds < 3) {
        expect((await fetch(new URL("/", baseURL))).status, "the front page during the import").toBe(200);
        const signin = await submitForm("/signin?next=/editor", { email, password });
        expect(signin.response.status, "sign-in during the import").toBe(303);
        rounds++;
      }
      return rounds;
    };
    const reading = readsAndSignIns();
    const writers = await Promise.all(written.map((slug) => write(slug, WRITES / WRITERS))).finally(() => (writing = false));
    const rounds = await reading;

    const result = await imported.done;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`added:           ${ROWS.toLocaleString("en-US")}`);
    // The import holds the lock a batch at a time, so the writes are answered as it runs, not after it.
    expect(during, "writes answered while the import ran").toBeGreaterThanOrEqual(WRITES / 4);
    expect(rounds).toBeGreaterThanOrEqual(3);
    const statuses = writers.flatMap((w) => w.statuses);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    for (const { slug, statuses: mine, version } of writers) {
      const landed = mine.filter((s) => s === 200).length;
      const history = await callApi("GET", `/incidents/${slug}/history`, { token });
      expect((history.body.entries as unknown[]).length, `${slug}: one audit entry per write that landed`).toBe(1 + landed);
      expect(version).toBe(1 + landed);
    }
  });
});
