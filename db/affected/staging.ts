import "server-only";
import type Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Store, Tx } from "../store/store";
import { writeTransaction } from "../transaction";
import { lockPacer } from "./pacer";
import { STAGED_COLUMNS, type Staging } from "./staged";
import { postgresStaging } from "./staging-pg";

/** Page cache while importing, in KiB (SQLite's default is 2 MiB): the sort of the staged rows keeps this much in memory. */
const IMPORT_CACHE_KIB = 32 * 1024;

/** The staging of the store's engine: SQLite's TEMP tables, PostgreSQL's COPY. */
export function stagingFor(store: Store, listId: number): Promise<Staging> {
  return store.engine === "sqlite" ? sqliteStaging(store, listId) : postgresStaging(store, listId);
}

/** The write connection's own better-sqlite3 handle, inside one of its writes. */
function sqliteOf(tx: Tx): Database.Database {
  if (tx.native.engine !== "sqlite") throw new Error("SQLite's staging runs on SQLite only");
  return tx.native.client;
}

const pragmaValue = z.record(z.string(), z.number());
const maxRowid = z.object({ last: z.number().int().nullable() });

/** The imports running on each store's writing connection, and how to put back the settings it had before the first. */
const importing = new WeakMap<Store, { count: number; restore: Promise<() => Promise<void>> }>();

/** Sets the import's settings; gives what puts back those before (with the checkpoint the import put off). */
async function setImportPragmas(store: Store): Promise<() => Promise<void>> {
  const read = async (name: string) => (await store.q.row(pragmaValue, sql.raw(`PRAGMA ${name}`)))?.[name];
  const cacheSize = await read("cache_size");
  const autocheckpoint = await read("wal_autocheckpoint");
  await store.q.exec(sql.raw(`PRAGMA cache_size = ${-IMPORT_CACHE_KIB}`));
  // Many small commits would each copy the WAL's pages back into the database; once, at the end, is enough.
  await store.q.exec(sql.raw("PRAGMA wal_autocheckpoint = 0"));
  return async () => {
    await store.q.exec(sql.raw(`PRAGMA cache_size = ${Number(cacheSize ?? -2000)}`));
    await store.q.exec(sql.raw(`PRAGMA wal_autocheckpoint = ${Number(autocheckpoint ?? 1000)}`));
    await store.q.rows(z.unknown(), sql.raw("PRAGMA wal_checkpoint(PASSIVE)"));
  };
}

/** The import's connection settings; the function it gives puts them back once the last import running on the connection ends. */
async function importPragmas(store: Store): Promise<() => Promise<void>> {
  const running = importing.get(store) ?? { count: 0, restore: setImportPragmas(store) };
  importing.set(store, running);
  running.count++;
  await running.restore;
  return async () => {
    if (--running.count > 0) return;
    importing.delete(store);
    await (await running.restore)();
  };
}

/**
 * On SQLite an import's rows wait in TEMP tables of the store's writing connection. SQLite keeps
 * those in a file of their own, unlinked as it is opened (nothing is left after a crash), so sorting
 * them takes no lock on the database: the store's own statements (`q`) run in its write turn,
 * outside any transaction. Sorted by account key, the rows then go into the new list in order:
 * appends at the end of both of its indexes, a short paced write at a time.
 */
async function sqliteStaging(store: Store, listId: number): Promise<Staging> {
  // The list's id makes the names unique: two imports on one connection never share a table.
  const staged = `temp.import_staged_${listId}`;
  const sorted = `temp.import_sorted_${listId}`;
  const restore = await importPragmas(store);
  let restored = false;
  try {
    await store.q.exec(
      sql.raw(`CREATE TABLE ${staged} (tenant_key TEXT NOT NULL, request_id TEXT NOT NULL, occurred_at TEXT, m1 INTEGER, m2 INTEGER, m3 INTEGER, m4 INTEGER, role TEXT NOT NULL, classes INTEGER NOT NULL)`),
    );
  } catch (error) {
    await restore();
    throw error;
  }
  const touch = (client: Database.Database) => client.prepare("UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(listId);
  return {
    // One write of the store's connection: the batch's statements run on it one after another, nothing between them.
    add: (rows) =>
      writeTransaction(store, async (tx) => {
        const insert = sqliteOf(tx).prepare(`INSERT INTO ${staged} (${STAGED_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
        for (const r of rows) insert.run(...r);
      }),
    addList: (fromListId) => store.q.exec(sql`INSERT INTO ${sql.raw(`${staged} (${STAGED_COLUMNS}) SELECT ${STAGED_COLUMNS}`)} FROM main.affected_response WHERE list_id = ${fromListId}`),
    async moveInto() {
      await store.q.exec(sql.raw(`CREATE TABLE ${sorted} AS SELECT ${STAGED_COLUMNS} FROM ${staged} ORDER BY tenant_key, request_id, role`));
      await store.q.exec(sql.raw(`DROP TABLE ${staged}`));
      const last = (await store.q.row(maxRowid, sql.raw(`SELECT max(rowid) AS last FROM ${sorted}`)))?.last ?? 0;
      const pacer = lockPacer();
      for (let from = 1; from <= last; ) {
        await pacer.turn();
        const [start, size] = [from, pacer.size];
        await pacer.batch(size, () =>
          writeTransaction(store, async (tx) => {
            const client = sqliteOf(tx);
            client
              .prepare(`INSERT INTO main.affected_response (list_id, ${STAGED_COLUMNS}) SELECT ?, ${STAGED_COLUMNS} FROM ${sorted} WHERE rowid BETWEEN ? AND ? ORDER BY rowid ON CONFLICT DO NOTHING`)
              .run(listId, start, start + size - 1);
            touch(client);
          }),
        );
        from += size;
      }
    },
    async drop() {
      await store.q.exec(sql.raw(`DROP TABLE IF EXISTS ${staged}`));
      await store.q.exec(sql.raw(`DROP TABLE IF EXISTS ${sorted}`));
    },
    async done() {
      if (restored) return;
      restored = true;
      await restore();
    },
  };
}
