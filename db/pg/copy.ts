import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type Database from "better-sqlite3";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";
import type { PgDb } from "./connect";
import { sqliteTables } from "./generate";
import { migratePostgres } from "./migrate";

export type CopiedTable = { table: string; rows: number };

/** What stops a copy before it writes anything; the CLI prints it as it is. */
export class CopyRefused extends Error {}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const count = z.object({ n: z.coerce.number().int() });

// COPY's text format: a row per line, tab between columns, \N for NULL, and the four characters
// that would break a line or a column escaped. Integers arrive as BigInt, so none loses a digit.
export function field(value: unknown): string {
  if (value === null) return "\\N";
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (typeof value === "string") return value.replace(/[\\\n\r\t]/g, (c) => ({ "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" })[c] ?? c);
  throw new CopyRefused(`a value of type ${typeof value} has no place in PostgreSQL's columns`);
}

async function refuseHeld(on: Pick<PgDb["$client"], "query">, table: string): Promise<void> {
  const held = count.parse((await on.query(`SELECT count(*) AS n FROM ${q(table)}`)).rows[0]).n;
  if (held > 0) throw new CopyRefused(`the PostgreSQL database already holds data (${held} rows in ${table}): db:copy copies into an empty database only`);
}

function* lines(rows: Iterable<unknown[]>): Generator<string> {
  let chunk = "";
  for (const row of rows) {
    chunk += `${row.map(field).join("\t")}\n`;
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/**
 * Copies every table of a SQLite database into an empty PostgreSQL one, all or nothing: the target
 * is migrated, then one PostgreSQL transaction takes every row, read from one SQLite snapshot
 * (writers may go on meanwhile), checks the counts and commits. A failure or a kill leaves none of the data (the target may be migrated).
 */
export async function copyToPostgres(source: Database.Database, target: PgDb, { onTable }: { onTable?: (t: CopiedTable) => void } = {}): Promise<CopiedTable[]> {
  const tables = sqliteTables().map((t) => {
    const c = getTableConfig(t);
    return { name: c.name, columns: c.columns.map((col) => col.name), identity: c.columns.some((col) => col.name === "id" && col.primary) };
  });
  // Refused before anything is written, migrations included; checked again inside the copy's transaction.
  const existing = await target.$client.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY($1)", [tables.map((t) => t.name)]);
  for (const { name } of existing.rows) await refuseHeld(target.$client, name);
  await migratePostgres(target);
  const client = await target.$client.connect();
  source.prepare("BEGIN").run();
  try {
    await client.query("BEGIN");
    for (const t of tables) await refuseHeld(client, t.name);
    const copied: CopiedTable[] = [];
    for (const t of tables) {
      const cols = t.columns.map(q).join(", ");
      const read = source.prepare(`SELECT ${cols} FROM ${q(t.name)}`).raw().safeIntegers();
      await pipeline(Readable.from(lines(read.iterate() as Iterable<unknown[]>)), client.query(copyFrom(`COPY ${q(t.name)} (${cols}) FROM STDIN`)));
      const rows = count.parse(source.prepare(`SELECT count(*) AS n FROM ${q(t.name)}`).get()).n;
      const landed = count.parse((await client.query(`SELECT count(*) AS n FROM ${q(t.name)}`)).rows[0]).n;
      if (landed !== rows) throw new Error(`${t.name}: ${rows} rows read, ${landed} written; nothing was copied`);
      // The next id PostgreSQL gives is past every copied one, as SQLite's would be.
      if (t.identity) await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce(max(id), 0) + 1, false) FROM ${q(t.name)}`, [q(t.name)]);
      copied.push({ table: t.name, rows });
      onTable?.({ table: t.name, rows });
    }
    await client.query("COMMIT");
    return copied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    source.prepare("COMMIT").run();
    client.release();
  }
}
