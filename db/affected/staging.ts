import "server-only";
import { z } from "zod";
import type { Db } from "../client";
import type { Pacer } from "./pacer";

/**
 * An import's rows wait in TEMP tables of the importing connection. SQLite keeps those in a file of
 * their own, unlinked as it is opened (nothing is left after a crash), so filling and sorting them
 * takes no lock on the database. Sorted by account key, the rows then go into the new list in
 * order: appends at the end of both of its indexes, a short paced batch at a time.
 */
export type StagedRow = [
  tenantKey: string,
  requestId: string,
  occurredAt: string | null,
  m1: number | null,
  m2: number | null,
  m3: number | null,
  m4: number | null,
  role: string,
  classes: number,
];

const COLUMNS = "tenant_key, request_id, occurred_at, m1, m2, m3, m4, role, classes";
const maxRowid = z.number().int().nullable();

export type Staging = ReturnType<typeof stagingFor>;

export function stagingFor(db: Db, listId: number) {
  const client = db.$client;
  // The list's id makes the names unique: two imports on one connection never share a table.
  const staged = `temp.import_staged_${listId}`;
  const sorted = `temp.import_sorted_${listId}`;
  client.exec(`CREATE TABLE ${staged} (tenant_key TEXT NOT NULL, request_id TEXT NOT NULL, occurred_at TEXT, m1 INTEGER, m2 INTEGER, m3 INTEGER, m4 INTEGER, role TEXT NOT NULL, classes INTEGER NOT NULL)`);
  const insert = client.prepare(`INSERT INTO ${staged} (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // A deferred transaction that writes only the temp database: the main one stays unlocked.
  const addAll = client.transaction((rows: StagedRow[]) => rows.forEach((r) => insert.run(...r)));

  return {
    add: (rows: StagedRow[]) => addAll(rows),
    /** The rows of a list already on record, for a new list that adds to it. */
    addList: (fromListId: number) => client.prepare(`INSERT INTO ${staged} (${COLUMNS}) SELECT ${COLUMNS} FROM main.affected_response WHERE list_id = ?`).run(fromListId),
    /** Sorts the staged rows, then moves them into the list, each batch in `batch` (a write transaction). */
    async moveInto(pacer: Pacer, batch: <T>(work: () => T) => T): Promise<void> {
      client.exec(`CREATE TABLE ${sorted} AS SELECT ${COLUMNS} FROM ${staged} ORDER BY tenant_key, request_id, role`);
      client.exec(`DROP TABLE ${staged}`);
      const last = maxRowid.parse(client.prepare(`SELECT max(rowid) FROM ${sorted}`).pluck().get()) ?? 0;
      const move = client.prepare(
        `INSERT INTO main.affected_response (list_id, ${COLUMNS}) SELECT ?, ${COLUMNS} FROM ${sorted} WHERE rowid BETWEEN ? AND ? ORDER BY rowid ON CONFLICT DO NOTHING`,
      );
      for (let from = 1; from <= last; ) {
        await pacer.turn();
        const [start, size] = [from, pacer.size];
        pacer.batch(size, () => batch(() => move.run(listId, start, start + size - 1)));
        from += size;
      }
    },
    drop: () => {
      client.exec(`DROP TABLE IF EXISTS ${staged}`);
      client.exec(`DROP TABLE IF EXISTS ${sorted}`);
    },
  };
}
