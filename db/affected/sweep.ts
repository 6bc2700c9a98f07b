import "server-only";
import { z } from "zod";
import type { Db } from "../client";
import { lockPacer } from "./pacer";

/** A building list untouched this long belongs to an import that died; its rows are removed. */
const ABANDONED_AFTER_MINUTES = 10;

/** Removes a list that is not live (a failed import's, or the one a new list replaced), a paced batch at a time. */
export async function deleteList(db: Db, listId: number): Promise<void> {
  const client = db.$client;
  const batch = client.prepare(
    "DELETE FROM affected_response WHERE id IN (SELECT id FROM affected_response WHERE list_id = ? LIMIT ?) AND list_id = ?",
  );
  const pacer = lockPacer();
  for (let removed = 1; removed > 0; ) {
    await pacer.turn();
    const size = pacer.size;
    removed = pacer.batch(size, () => client.transaction(() => batch.run(listId, size, listId).changes).immediate());
  }
  client.prepare("DELETE FROM affected_list WHERE id = ? AND state <> 'live'").run(listId);
}

/** Lists that crashed imports left building, and lists replaced but not yet removed. */
export async function sweepLists(db: Db): Promise<void> {
  const leftovers = z.array(z.number().int()).parse(db.$client
    .prepare(
      `SELECT id FROM affected_list WHERE state = 'retired'
        OR (state = 'building' AND touched_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${ABANDONED_AFTER_MINUTES} minutes'))`,
    )
    .pluck()
    .all());
  for (const id of leftovers) await deleteList(db, id);
}
