// npm run bench:import-statement:pg — PostgreSQL's own share of a large import: the app's last
// statement (staged rows into the new list, sorted, each key once) timed alone, beside the COPY floor
// of bench:lookup:pg, on the same server in one run. The ratio of the two is the most any importer
// that writes this table could reach against that floor, however fast everything before it was.
// Env: BENCH_ROWS (1000000), BENCH_ACCOUNTS (100000), BENCH_KEEP=1 keeps the temp dir.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { moveStatement, stagedTable } from "@/db/affected/staging-pg";
import { STAGED_COLUMNS } from "@/db/affected/staged";
import { writeFixtureCsv } from "@/tests/support/affected-fixture";
import { BenchFailure, intEnv, printMachine, rate, seconds } from "./support/common";
import { copyFloor } from "./support/copy-floor";
import { benchDatabases } from "./support/engine";

const ROWS = intEnv("BENCH_ROWS", 1_000_000);
const ACCOUNTS = intEnv("BENCH_ACCOUNTS", 100_000);
const listRow = z.object({ id: z.number().int() });
const counted = z.object({ n: z.coerce.number().int() });

async function main(tmp: string): Promise<void> {
  printMachine("bench:import-statement:pg");
  const csv = path.join(tmp, "rows.csv");
  await writeFixtureCsv(csv, { rows: ROWS, accounts: ACCOUNTS, seed: 1 });
  const databases = benchDatabases("postgres");
  try {
    const url = await databases.seeded(path.join(tmp, "app.db"), "statement", "5eed".repeat(16));
    const floor = await copyFloor({ file: csv, url: await databases.emptyPostgres("copy_floor") });
    const client = new pg.Client({ connectionString: url, application_name: "aftermath-bench-statement" });
    await client.connect();
    try {
      const list = listRow.parse(
        // A new list of the incident the seed gave a live list (the fixture's rows have its shape).
        (await client.query("INSERT INTO affected_list (incident_id, state, sample, rows) SELECT incident_id, 'building', 0, 0 FROM affected_list WHERE state = 'live' ORDER BY id LIMIT 1 RETURNING id")).rows[0],
      );
      // Untimed: the CSV as the importer stages it. A key is 43 characters, as a tenant key (an HMAC-SHA256) is.
      await client.query("CREATE TEMP TABLE bench_raw (account_id text, request_id text, occurred_at text, m1 bigint, role text)");
      await pipeline(fs.createReadStream(csv), client.query(copyFrom("COPY bench_raw FROM STDIN (FORMAT csv, HEADER true)")));
      await client.query("BEGIN");
      await client.query(stagedTable("bench_staged"));
      await client.query(
        `INSERT INTO bench_staged (${STAGED_COLUMNS}) SELECT rtrim(translate(encode(sha256(convert_to(account_id, 'UTF8')), 'base64'), '+/', '-_'), '='), request_id, occurred_at, m1, NULL, NULL, NULL, role, 0 FROM bench_raw`,
      );
      await client.query("ANALYZE bench_staged");
      const started = performance.now();
      await client.query(moveStatement("bench_staged"), [list.id]);
      await client.query("COMMIT");
      const statementMs = performance.now() - started;
      const landed = counted.parse((await client.query("SELECT count(*) AS n FROM affected_response WHERE list_id = $1", [list.id])).rows[0]).n;
      if (landed !== ROWS || floor.rows !== ROWS) throw new BenchFailure(`expected ${ROWS} rows in each; the statement landed ${landed}, the floor ${floor.rows}`);
      console.log(`\n${ROWS.toLocaleString("en")} rows, one server (fsync off):`);
      console.log(`  floor, raw COPY into a plain table:                   ${rate(ROWS, floor.elapsedMs)} rows/s (${seconds(floor.elapsedMs)})`);
      console.log(`  the app's last statement alone, until COMMIT:         ${rate(ROWS, statementMs)} rows/s (${seconds(statementMs)})`);
      console.log(`  floor / that statement: ${(floor.elapsedMs / statementMs).toFixed(2)}× — no import into this table can reach more (target ≥ 0.7×)`);
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
      await client.end();
    }
  } finally {
    await databases.stopAll();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-bench-statement-"));
main(tmp)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (process.env.BENCH_KEEP !== "1") fs.rmSync(tmp, { recursive: true, force: true });
  });
