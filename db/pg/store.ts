import type { AsyncRemoteCallback } from "drizzle-orm/sqlite-proxy";
import type pg from "pg";
import { type Executor, type Store, txOf } from "../store/store";
import type { PgDb } from "./connect";
import { numbered } from "./placeholders";

function executor(on: pg.Pool | pg.PoolClient): Executor {
  const drizzleCall: AsyncRemoteCallback = async (sql, params, method) => {
    const { rows } = await on.query<unknown[]>({ text: numbered(sql), values: params, rowMode: "array" });
    // drizzle's proxy takes a `get` as one row, or undefined when there is none (sqlite-proxy/session.js).
    return { rows: method === "get" ? (rows[0] as unknown[]) : rows };
  };
  return {
    drizzle: drizzleCall,
    objects: async (sql, params) => (await on.query({ text: numbered(sql), values: params })).rows,
    changes: async (sql, params) => (await on.query({ text: numbered(sql), values: params })).rowCount ?? 0,
  };
}

/**
 * PostgreSQL's store: a statement on any connection of the pool; a read or a write on one of its own,
 * a read in one REPEATABLE READ snapshot, a write in one READ COMMITTED transaction (a verb takes
 * its incident's row FOR UPDATE before it checks the version).
 */
export function postgresStore(db: PgDb): Store {
  const pool = db.$client;
  const within = async <T>(begin: string, body: (tx: ReturnType<typeof txOf>) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(begin);
      const done = await body(txOf(executor(client)));
      await client.query("COMMIT");
      return done;
    } catch (error) {
      // A connection that cannot even roll back is dropped from the pool, not handed to the next request.
      await client.query("ROLLBACK").catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return {
    engine: "postgres",
    q: txOf(executor(pool)),
    read: (body) => within("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body),
    write: (body) => within("BEGIN", body),
    close: () => pool.end(),
  };
}
