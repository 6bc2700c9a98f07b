import fs from "node:fs";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";

const counted = z.object({ n: z.coerce.number().int() });
/** A CSV header of plain column names (the fixture's): the floor's table is named after them. */
const header = z.array(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, "a CSV column the floor can name")).min(1);

/** The CSV's header and first row, unquoted as the fixture quotes (it never quotes a comma). */
async function firstLines(file: string): Promise<{ columns: string[]; first: string[] }> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  const read: string[] = [];
  for await (const line of lines) {
    read.push(line);
    if (read.length === 2) break;
  }
  lines.close();
  const split = (line = "") => line.split(",").map((v) => v.replace(/^"(.*)"$/, "$1"));
  return { columns: header.parse(split(read[0])), first: split(read[1]) };
}

/**
 * The plain table: the CSV's columns under their own names, NOT NULL, no key, no index; a column
 * whose first value is a whole number is a bigint, as the list stores a measure, any other text.
 */
async function floorTable(file: string): Promise<string> {
  const { columns, first } = await firstLines(file);
  const types = columns.map((c, i) => `${c} ${/^-?\d{1,18}$/.test(first[i] ?? "") ? "bigint" : "text"} NOT NULL`);
  return `CREATE TABLE affected_copy_floor (${types.join(", ")})`;
}

/**
 * The floor the PostgreSQL import is measured against: the same CSV streamed by pg-copy-streams
 * into a plain table with its columns, with COPY's own CSV parser, in one transaction. No hashing,
 * no validation, no staging, no sort, no index: what PostgreSQL and the driver take to land the
 * file's bytes, which every import of it pays at least. Timed from BEGIN to COMMIT; the table is made
 * before, untimed.
 */
export async function copyFloor({ file, url }: { file: string; url: string }): Promise<{ rows: number; elapsedMs: number }> {
  const table = await floorTable(file);
  const client = new pg.Client({ connectionString: url, application_name: "aftermath-bench-copy-floor" });
  await client.connect();
  try {
    await client.query(table);
    const started = performance.now();
    await client.query("BEGIN");
    const copy = client.query(copyFrom("COPY affected_copy_floor FROM STDIN (FORMAT csv, HEADER true)"));
    await pipeline(fs.createReadStream(file, { highWaterMark: 256 * 1024 }), copy);
    await client.query("COMMIT");
    const elapsedMs = performance.now() - started;
    // Counted after the clock stops: what landed, not what COPY said it took.
    const landed = counted.parse((await client.query("SELECT count(*) AS n FROM affected_copy_floor")).rows[0]).n;
    await client.query("DROP TABLE affected_copy_floor");
    return { rows: landed, elapsedMs };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
