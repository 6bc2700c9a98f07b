import { type NodePgDatabase, drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const INT8 = 20;
const NUMERIC = 1700;

// Ids, counts and sums come back as numbers, as SQLite gives them: every one here is far below
// 2^53, and one that is not is an error, never a rounded number.
function exactNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || (/^-?\d+$/.test(text) && !Number.isSafeInteger(n))) throw new RangeError(`PostgreSQL returned ${text}, beyond what a number holds exactly`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC ? exactNumber : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

/** A pool on DATABASE_URL's server, with drizzle over PostgreSQL's tables (db/pg/schema, written from SQLite's). */
export function openPostgres(url: string, { max = 10, name = "aftermath" }: { max?: number; name?: string } = {}): PgDb {
  // A connection dropped without a word (a firewall, a failover) would hang its query for ever:
  // keepalives find it, and a query gets no more than a minute.
  const pool = new pg.Pool({ connectionString: url, max, types, application_name: name, connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000, query_timeout: 60_000 });
  // An idle connection the server drops (a restart, a failover) is discarded by the pool; without a
  // listener its error would end the process.
  pool.on("error", () => undefined);
  return drizzle({ client: pool, schema });
}

/** A URL fit to print: the password is never shown. */
export function shownUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "****";
  return u.toString();
}
