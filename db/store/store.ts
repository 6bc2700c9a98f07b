import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type AsyncRemoteCallback, type SqliteRemoteDatabase, drizzle } from "drizzle-orm/sqlite-proxy";
import type Database from "better-sqlite3";
import type pg from "pg";
import type { z } from "zod";
import { domainErrorIn } from "@/domain/errors";

/**
 * The record's queries on either engine: drizzle over SQLite's table definitions, every query
 * awaited (docs/postgres.md). A body also runs raw SQL, whose rows zod reads.
 */
export type Tx = SqliteRemoteDatabase & {
  /** The engine's own connection, for what only that engine does (a bulk import, a COPY); every other query goes through drizzle or \`rows\`. */
  native: Native;
  rows<T>(row: z.ZodType<T>, query: SQL): Promise<T[]>;
  row<T>(row: z.ZodType<T>, query: SQL): Promise<T | undefined>;
  /** Runs a statement; how many rows it changed. */
  exec(query: SQL): Promise<number>;
};

export type Engine = "sqlite" | "postgres";

/** A body's connection as its engine knows it: on SQLite inside the store's turn, on PostgreSQL the transaction's own (or the pool, for \`q\`). */
export type Native = { engine: "sqlite"; client: Database.Database } | { engine: "postgres"; client: pg.Pool | pg.PoolClient };

export interface Store {
  readonly engine: Engine;
  /** Statements that need no one snapshot, each on its own. */
  readonly q: Tx;
  /** One snapshot for every read of the body. */
  read<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A read of one statement, which is its own snapshot: no transaction around it (on PostgreSQL one
   * round trip instead of three). A second statement in the body is refused: use \`read\`.
   */
  readOne<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction, all or nothing: every domain verb's. The body awaits only the database. */
  write<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
  /** Which version of the record the database holds (db/generation.ts): a new number after every change, from any process or machine. */
  generation(): Promise<number>;
  close(): Promise<void>;
}

/** One connection's ways to run SQL: as drizzle's proxy hands it over (rows as arrays), and raw (rows as objects). */
export type Executor = {
  drizzle: AsyncRemoteCallback;
  objects(sql: string, params: unknown[]): Promise<unknown[]>;
  changes(sql: string, params: unknown[]): Promise<number>;
};

const dialect = new SQLiteAsyncDialect();

/** A body's handle on one connection (or one per statement, for a pool). */
export function txOf(run: Executor, native: Native): Tx {
  const text = (query: SQL) => dialect.sqlToQuery(query);
  const rows = async <T>(row: z.ZodType<T>, query: SQL): Promise<T[]> => {
    const { sql, params } = text(query);
    return (await run.objects(sql, params)).map((r) => row.parse(r));
  };
  return Object.assign(drizzle(run.drizzle), {
    native,
    rows,
    row: async <T>(row: z.ZodType<T>, query: SQL) => (await rows(row, query))[0],
    exec: (query: SQL) => {
      const { sql, params } = text(query);
      return run.changes(sql, params);
    },
  });
}

/** A transaction's handle that refuses to run once its transaction has ended (a statement kept, or not awaited, past the body). */
export function guarded(run: Executor, open: () => boolean, refusal = "a statement ran on a transaction that had ended: await every statement inside the body"): Executor {
  const check = () => {
    if (!open()) throw new Error(refusal);
  };
  return {
    drizzle: (sql, params, method) => (check(), run.drizzle(sql, params, method)),
    objects: (sql, params) => (check(), run.objects(sql, params)),
    changes: (sql, params) => (check(), run.changes(sql, params)),
  };
}

/**
 * Which body the code runs in, if any: a read or write begun inside another's body (or a statement
 * of the store's own \`q\`) would wait for it for ever on SQLite, or run outside it on PostgreSQL.
 */
const within = new AsyncLocalStorage<"read" | "write">();

/** Refuses a read or write begun inside another's body, before it waits for a turn it would never get. */
export function refuseNested(kind: "read" | "write"): void {
  const outer = within.getStore();
  if (outer) throw new Error(`a ${kind} began inside a ${outer}'s body: use that body's tx`);
}

/** Runs a read's or write's body on its handle; the handle ends with the body. */
export async function asBody<T>(kind: "read" | "write", run: Executor, native: Native, body: (tx: Tx) => Promise<T>): Promise<T> {
  refuseNested(kind);
  let open = true;
  try {
    return await within.run(kind, () => body(txOf(guarded(run, () => open), native)));
  } catch (error) {
    // drizzle wraps what a statement threw ("Failed query: …"): a refusal of ours (unavailable, invalid) is passed on as itself.
    throw domainErrorIn(error) ?? error;
  } finally {
    open = false;
  }
}

/** A readOne body's handle: its first statement runs, a second is refused (it would see another snapshot). */
export function oneStatement(run: Executor): Executor {
  let ran = false;
  return guarded(run, () => !ran && (ran = true), "a readOne body ran a second statement, which would read another snapshot: use store.read");
}

/** The store's own statements, refused inside a body (use its tx). */
export function outsideBodies(run: Executor): Executor {
  return guarded(run, () => within.getStore() === undefined, "the store's own statement ran inside a body: use that body's tx");
}

/** One turn at a time: a body that awaits holds the turn until it ends, and the next waits for it. */
export class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  take<T>(body: () => Promise<T>): Promise<T> {
    const mine = this.tail.then(body);
    this.tail = mine.then(
      () => undefined,
      () => undefined,
    );
    return mine;
  }
}
