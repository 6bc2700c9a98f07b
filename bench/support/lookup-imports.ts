// The import half of `npm run bench:lookup`: the fixture through the app's import verb, then the
// same CSV through the floor of the engine — on SQLite a raw prepared-insert loop into a second
// database (bench/support/baseline-import.ts), on PostgreSQL a raw COPY into a plain table
// (bench/support/copy-floor.ts) — each timed, with the CPU other processes took meanwhile.
import fs from "node:fs";
import Database from "better-sqlite3";
import { z } from "zod";
import type { Imports } from "../lookup-report";
import { baselineImport } from "./baseline-import";
import { BenchFailure, coresText, rate, seconds } from "./common";
import { copyFloor } from "./copy-floor";
import { cpuBetween, cpuSnapshot } from "./cpu";
import { type BenchDatabases, ENGINE } from "./engine";
import { importFixture } from "./import-fixture";

type Args = {
  csv: string;
  /** The app's database (a DATABASE_URL): the import lands there, and the lookups read it. */
  database: string;
  /** On SQLite, the seeded second database the insert loop fills (removed after). */
  baselineDb: string;
  databases: BenchDatabases;
  slug: string;
  secret: string;
  rows: number;
};

/** Runs `fn`, timed, with the CPU other processes used while it ran. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; othersCores: number | null }> {
  const before = cpuSnapshot(undefined);
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  return { value, ms, othersCores: cpuBetween(before, cpuSnapshot(undefined))?.others ?? null };
}

export async function measureImports(a: Args): Promise<Imports> {
  const { value: report, ms, othersCores } = await timed(() => importFixture({ csv: a.csv, database: a.database, slug: a.slug, secret: a.secret, rows: a.rows }));
  const ours: Imports["ours"] = { rows: report.rowsRead, ms, reportMs: report.elapsedMs, othersCores };
  if (ENGINE === "sqlite") {
    const db = new Database(a.database);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
  }
  console.log(`  ours (importAffectedList):  ${rate(ours.rows, ours.ms)} rows/s (${seconds(ours.ms)}); other processes used ${coresText(ours.othersCores)}`);
  const baseline = ENGINE === "sqlite" ? await insertLoop(a) : await copyOnly(a);
  console.log(`  ${ENGINE === "sqlite" ? "baseline (raw insert loop)" : "floor (raw COPY)          "}: ${rate(baseline.rows, baseline.ms)} rows/s (${seconds(baseline.ms)}); other processes used ${coresText(baseline.othersCores)}`);
  return { ours, baseline };
}

async function insertLoop(a: Args): Promise<Imports["baseline"]> {
  const listId = liveListIn(a.baselineDb, a.slug);
  const { value, othersCores } = await timed(() => baselineImport({ file: a.csv, dbFile: a.baselineDb, listId, secret: a.secret }));
  if (value.added !== a.rows) throw new BenchFailure(`the baseline added ${value.added} rows; expected ${a.rows}`);
  fs.rmSync(a.baselineDb, { force: true });
  return { rows: value.rows, ms: value.elapsedMs, othersCores };
}

/** Into a database of its own on the same server, so the app's tables and their statistics are not touched. */
async function copyOnly(a: Args): Promise<Imports["baseline"]> {
  const url = await a.databases.emptyPostgres("copy_floor");
  const { value, othersCores } = await timed(() => copyFloor({ file: a.csv, url }));
  if (value.rows !== a.rows) throw new BenchFailure(`the COPY floor landed ${value.rows} rows; expected ${a.rows}`);
  return { rows: value.rows, ms: value.elapsedMs, othersCores };
}

const listRow = z.object({ id: z.number().int() }).optional();

function liveListIn(file: string, slug: string): number {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    const row = listRow.parse(db.prepare("SELECT l.id FROM affected_list l JOIN incident i ON i.id = l.incident_id WHERE i.slug = ? AND l.state = 'live'").get(slug));
    if (!row) throw new BenchFailure(`no live affected list for ${slug} in ${file}`);
    return row.id;
  } finally {
    db.close();
  }
}
