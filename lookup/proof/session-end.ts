import "server-only";
import { eq, lte } from "drizzle-orm";
import type { Store } from "@/db/store/store";
import { writeTransaction } from "@/db/transaction";
import type { EndedCheck, SessionProof } from "./tokens";
import { lookupSessionEnd } from "@/db/schema";

/** Asks the database, not a cache: a sign-out in any process ends the session in every one at once. */
export const sessionEnds = (store: Store): EndedCheck => async (sessionId) =>
  (await store.read((tx) => tx.select({ id: lookupSessionEnd.sessionId }).from(lookupSessionEnd).where(eq(lookupSessionEnd.sessionId, sessionId)).get())) !== undefined;

/** Ends a session before its token expires; rows of tokens expired by `now` (seconds) go, so the list holds only live ones. */
export async function endLookupSession(store: Store, session: Pick<SessionProof, "sessionId" | "expiresAt">, now: number): Promise<void> {
  await writeTransaction(store, async (tx) => {
    await tx.delete(lookupSessionEnd).where(lte(lookupSessionEnd.expiresAt, now)).run();
    await tx.insert(lookupSessionEnd).values({ sessionId: session.sessionId, expiresAt: session.expiresAt }).onConflictDoNothing().run();
  });
}
