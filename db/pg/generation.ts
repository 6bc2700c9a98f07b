import { z } from "zod";
import { freshRead } from "@/lib/fresh-read";
import type { PgDb } from "./connect";

const newest = z.object({ id: z.number().int() });
const NEWEST = "SELECT coalesce(max(id), 0) AS id FROM audit_entry";

/**
 * PostgreSQL's generation (see db/generation.ts): the newest audit entry's id, read by the index
 * for the requests that ask, since a change made through any server must show at every server's next
 * request. freshRead shares one read among the requests that came while the last was out.
 */
export function postgresGeneration(db: PgDb): () => Promise<number> {
  return freshRead(async () => newest.parse((await db.$client.query({ name: "generation", text: NEWEST })).rows[0]).id);
}
