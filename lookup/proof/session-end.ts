import "server-only";
import { eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { EndedCheck, SessionProof } from "./tokens";
import { lookupSessionEnd } from "@/db/schema";

/** Asks the database, not a cache: a sign-out in any process ends the session in every one at once. */
export const sessionEnds = (db: Db): EndedCheck => (sessionId) =>
  db.select({ id: lookupSessionEnd.sessionId }).from(lookupSessionEnd).where(eq(lookupSessionEnd.sessionId, sessionId)).get() !== undefined;

/** Ends a session before its token expires; rows of tokens expired by `now` (seconds) go, so the list holds only live ones. */
export function endLookupSession(db: Db, session: Pick<SessionProof, "sessionId" | "expiresAt">, now: number): void {
  db.transaction((tx) => {
    tx.delete(lookupSessionEnd).where(lte(lookupSessionEnd.expiresAt, now)).run();
    tx.insert(lookupSessionEnd).values({ sessionId: session.sessionId, expiresAt: session.expiresAt }).onConflictDoNothing().run();
  });
}
