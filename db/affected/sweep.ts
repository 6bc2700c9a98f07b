import "server-only";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { affectedList, affectedResponse } from "../schema";
import type { Store } from "../store/store";
import { writeTransaction } from "../transaction";
import { lockPacer } from "./pacer";

/** A building list untouched this long belongs to an import that died; its rows are removed. */
const ABANDONED_AFTER_MINUTES = 10;

/**
 * Removes a list that is not live (a failed import's, or the one a new list replaced). On SQLite a
 * paced batch at a time, so other writers get the one write lock between them; PostgreSQL's other
 * writers never wait for these rows, so there it is one statement.
 */
export async function deleteList(store: Store, listId: number): Promise<void> {
  // Never a live list's rows (a write whose commit went unanswered may have made it live).
  const notLive = sql`NOT EXISTS (SELECT 1 FROM ${affectedList} WHERE id = ${listId} AND state = 'live')`;
  if (store.engine === "postgres") {
    await writeTransaction(store, (tx) => tx.exec(sql`DELETE FROM ${affectedResponse} WHERE list_id = ${listId} AND ${notLive}`));
  } else {
    const pacer = lockPacer();
    for (let removed = 1; removed > 0; ) {
      await pacer.turn();
      const size = pacer.size;
      removed = await pacer.batch(size, () =>
        writeTransaction(store, (tx) => tx.exec(sql`DELETE FROM ${affectedResponse} WHERE id IN (SELECT id FROM ${affectedResponse} WHERE list_id = ${listId} LIMIT ${size}) AND list_id = ${listId} AND ${notLive}`)),
      );
    }
  }
  await writeTransaction(store, (tx) => tx.delete(affectedList).where(and(eq(affectedList.id, listId), ne(affectedList.state, "live"))).run());
}

/** Lists that crashed imports left building, and lists replaced but not yet removed. */
export async function sweepLists(store: Store): Promise<void> {
  // Instants are texts of one format on both engines (milliseconds, Z), so they compare as text.
  const abandoned = new Date(Date.now() - ABANDONED_AFTER_MINUTES * 60_000).toISOString();
  const leftovers = await store.q
    .select({ id: affectedList.id })
    .from(affectedList)
    .where(or(eq(affectedList.state, "retired"), and(eq(affectedList.state, "building"), lt(affectedList.touchedAt, abandoned))))
    .all();
  for (const { id } of leftovers) await deleteList(store, id);
}
