import { z } from "zod";
import { freshRead } from "@/lib/fresh-read";
import type { PgDb } from "./connect";
import { reachable } from "./unreachable";

const counter = z.object({ n: z.number().int() });
const NOW = "SELECT n FROM aftermath_generation WHERE id = 1";

/**
 * PostgreSQL's generation (see db/generation.ts): the counter every audit entry moves on, in commit
 * order (migration 0003), read for the requests that ask, since a change made through any server must
 * show at every server's next request. freshRead shares one read among the requests that came while the last was out.
 */
export function postgresGeneration(db: PgDb): () => Promise<number> {
  return freshRead(() => reachable(async () => counter.parse((await db.$client.query({ name: "generation", text: NOW })).rows[0]).n));
}
