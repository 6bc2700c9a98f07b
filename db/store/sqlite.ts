import type Database from "better-sqlite3";
import type { AsyncRemoteCallback } from "drizzle-orm/sqlite-proxy";
import { openDatabase } from "../client";
import { generationReader } from "../generation";
import { statement } from "../statements";
import { type Executor, type Store, type Tx, Turns, asBody, oneStatement, outsideBodies, refuseNested, txOf } from "./store";

function executor(client: Database.Database, turns?: Turns): Executor {
  const turn = <T>(work: () => T): Promise<T> => (turns ? turns.take(async () => work()) : Promise.resolve().then(work));
  const drizzleCall: AsyncRemoteCallback = (sql, params, method) =>
    turn(() => {
      const s = statement(client, sql);
      if (!s.reader) {
        s.run(...params);
        return { rows: [] };
      }
      // drizzle's proxy takes a `get` as one row, or undefined when there is none (sqlite-proxy/session.js).
      if (method === "get") return { rows: s.raw(true).get(...params) as unknown[] };
      return { rows: s.raw(true).all(...params) };
    });
  return {
    drizzle: drizzleCall,
    objects: (sql, params) => turn(() => statement(client, sql).raw(false).all(...params)),
    changes: (sql, params) => turn(() => statement(client, sql).run(...params).changes),
  };
}

/**
 * SQLite's store: one connection writes, under turns, so no other request's statement lands inside
 * a transaction between two of its awaits; another reads, each read one WAL snapshot.
 */
export function sqliteStore(file: string): Store {
  const writer = openDatabase(file).$client;
  const reader = openDatabase(file).$client;
  const writes = new Turns();
  const reads = new Turns();
  const onWriter = executor(writer);
  const onReader = executor(reader);
  const generation = generationReader(file);
  const within = <T>(client: Database.Database, begin: "BEGIN" | "BEGIN IMMEDIATE", run: Executor, body: (tx: Tx) => Promise<T>) => async () => {
    statement(client, begin).run();
    try {
      const done = await asBody(begin === "BEGIN" ? "read" : "write", run, { engine: "sqlite", client }, body);
      statement(client, "COMMIT").run();
      return done;
    } catch (error) {
      if (client.inTransaction) statement(client, "ROLLBACK").run();
      throw error;
    }
  };
  return {
    engine: "sqlite",
    q: txOf(outsideBodies(executor(writer, writes)), { engine: "sqlite", client: writer }),
    read: async (body) => {
      refuseNested("read");
      return reads.take(within(reader, "BEGIN", onReader, body));
    },
    // A statement outside BEGIN is SQLite's own transaction: one snapshot of the WAL.
    readOne: async (body) => {
      refuseNested("read");
      return reads.take(() => asBody("read", oneStatement(onReader), { engine: "sqlite", client: reader }, body));
    },
    write: async (body) => {
      refuseNested("write");
      return writes.take(within(writer, "BEGIN IMMEDIATE", onWriter, body));
    },
    generation: async () => generation(),
    close: async () => {
      await writes.take(async () => writer.close());
      await reads.take(async () => reader.close());
      generation.close();
    },
  };
}
