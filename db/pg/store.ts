import { createHash } from "node:crypto";
import type { AsyncRemoteCallback } from "drizzle-orm/sqlite-proxy";
import { DomainError } from "@/domain/errors";
import type pg from "pg";
import { type Executor, type Store, type Tx, asBody, oneStatement, outsideBodies, txOf } from "../store/store";
import type { PgDb } from "./connect";
import { postgresGeneration } from "./generation";
import { numbered } from "./placeholders";
import { isUnreachable, reachable } from "./unreachable";

/** SQLSTATEs of a text PostgreSQL cannot hold (SQLite takes it): a NUL character, which no text field needs. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

/** A statement that went out: unreachable is 503; a text with a NUL is the sender's to fix (400), never a 500. */
async function sent<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await reachable(work);
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    if (typeof code === "string" && UNSTORABLE_TEXT.has(code)) throw new DomainError("invalid", { key: "problems.nulText" });
    throw error;
  }
}

/** A hot statement's text in PostgreSQL's numbering, and the name it is prepared under on each connection (parsed and planned once there, not per call). */
const prepared = new Map<string, { text: string; name: string }>();
const MAX_PREPARED = 500;

function preparedAs(sql: string): { text: string; name?: string } {
  const kept = prepared.get(sql);
  if (kept) return kept;
  const text = numbered(sql);
  if (prepared.size >= MAX_PREPARED) return { text };
  const made = { text, name: `aftermath-${createHash("sha256").update(text).digest("hex").slice(0, 32)}` };
  prepared.set(sql, made);
  return made;
}

/** `named`: each statement prepared under a name (readOne's, a lookup's hot path); otherwise parsed for each call. */
function executor(on: pg.Pool | pg.PoolClient, named = false): Executor {
  const statement = (sql: string) => (named ? preparedAs(sql) : { text: numbered(sql) });
  const drizzleCall: AsyncRemoteCallback = (sql, params, method) =>
    sent(async () => {
      const { rows } = await on.query<unknown[]>({ ...statement(sql), values: params, rowMode: "array" });
      // drizzle's proxy takes a `get` as one row, or undefined when there is none (sqlite-proxy/session.js).
      return { rows: method === "get" ? (rows[0] as unknown[]) : rows };
    });
  return {
    drizzle: drizzleCall,
    objects: (sql, params) => sent(async () => (await on.query({ ...statement(sql), values: params })).rows),
    changes: (sql, params) => sent(async () => (await on.query({ ...statement(sql), values: params })).rowCount ?? 0),
  };
}

/**
 * A COMMIT whose answer is lost may have been applied: the writer is told so, never "nothing was
 * changed". A transaction a failed statement aborted answers COMMIT with ROLLBACK, not an error: a
 * body that caught that statement's error must not be taken as saved.
 */
async function committed(client: pg.PoolClient): Promise<void> {
  let done: pg.QueryResult;
  try {
    done = await client.query("COMMIT");
  } catch (error) {
    if (isUnreachable(error)) throw new DomainError("unavailable", { key: "problems.commitUnknown" });
    throw error;
  }
  if (done.command !== "COMMIT") throw new Error("a statement of this transaction failed, so PostgreSQL rolled it back; nothing was saved");
}

/**
 * PostgreSQL's store: a statement on any connection of the pool; a read or a write on one of its own,
 * a read in one REPEATABLE READ snapshot, a write in one READ COMMITTED transaction (a verb takes
 * its incident's row FOR UPDATE before it checks the version).
 */
export function postgresStore(db: PgDb): Store {
  const pool = db.$client;
  const within = async <T>(kind: "read" | "write", begin: string, body: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await reachable(() => pool.connect());
    let broken = false;
    // A checked-out connection that dies emits its error on itself; unheard, it would end the process.
    const lost = () => (broken = true);
    client.on("error", lost);
    try {
      await reachable(() => client.query(begin));
      const done = await asBody(kind, executor(client), { engine: "postgres", client }, body);
      await committed(client);
      return done;
    } catch (error) {
      // A connection that cannot even roll back is dropped from the pool, not handed to the next request.
      await client.query("ROLLBACK").catch(() => (broken = true));
      throw error;
    } finally {
      client.off("error", lost);
      client.release(broken);
    }
  };
  const onPool = executor(pool);
  const namedOnPool = executor(pool, true);
  return {
    engine: "postgres",
    q: txOf(outsideBodies(onPool), { engine: "postgres", client: pool }),
    read: (body) => within("read", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body),
    // One statement on any connection of the pool is its own snapshot, under READ COMMITTED too.
    readOne: (body) => asBody("read", oneStatement(namedOnPool), { engine: "postgres", client: pool }, body),
    write: (body) => within("write", "BEGIN", body),
    generation: postgresGeneration(db),
    close: () => pool.end(),
  };
}
