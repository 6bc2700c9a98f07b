import { type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type AsyncRemoteCallback, type SqliteRemoteDatabase, drizzle } from "drizzle-orm/sqlite-proxy";
import type { z } from "zod";

/**
 * The record's queries on either engine: drizzle over SQLite's table definitions, every query
 * awaited (docs/postgres.md). A body also runs raw SQL, whose rows zod reads.
 */
export type Tx = SqliteRemoteDatabase & {
  rows<T>(row: z.ZodType<T>, query: SQL): Promise<T[]>;
  row<T>(row: z.ZodType<T>, query: SQL): Promise<T | undefined>;
  /** Runs a statement; how many rows it changed. */
  exec(query: SQL): Promise<number>;
};

export type Engine = "sqlite" | "postgres";

export interface Store {
  readonly engine: Engine;
  /** Statements that need no one snapshot, each on its own. */
  readonly q: Tx;
  /** One snapshot for every read of the body. */
  read<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction, all or nothing: every domain verb's. The body awaits only the database. */
  write<T>(body: (tx: Tx) => Promise<T>): Promise<T>;
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
export function txOf(run: Executor): Tx {
  const text = (query: SQL) => dialect.sqlToQuery(query);
  const rows = async <T>(row: z.ZodType<T>, query: SQL): Promise<T[]> => {
    const { sql, params } = text(query);
    return (await run.objects(sql, params)).map((r) => row.parse(r));
  };
  return Object.assign(drizzle(run.drizzle), {
    rows,
    row: async <T>(row: z.ZodType<T>, query: SQL) => (await rows(row, query))[0],
    exec: (query: SQL) => {
      const { sql, params } = text(query);
      return run.changes(sql, params);
    },
  });
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
