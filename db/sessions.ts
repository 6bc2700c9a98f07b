import "server-only";
import { and, eq, lt, or } from "drizzle-orm";
import type { UserRole } from "@/domain/access";
import { hashToken, isSecretTokenShape, newSecretToken } from "@/lib/secret-token";
import { readEnv } from "@/config/env";
import type { Store, Tx } from "./store/store";
import { writeTransaction } from "./transaction";
import { session, user } from "./schema";

export type SessionUser = { id: number; email: string; role: UserRole };
export type SessionPolicy = { idleMs: number; absoluteMs: number };

/** lastSeenAt is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

let cachedPolicy: SessionPolicy | undefined;

/** SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS, read once. */
export function sessionPolicy(): SessionPolicy {
  if (!cachedPolicy) {
    const env = readEnv();
    cachedPolicy = { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000 };
  }
  return cachedPolicy;
}

/** A new session for the user; returns the raw id for the cookie. Only its hash is stored. */
export async function createSession(store: Store, userId: number, now: number = Date.now(), policy: SessionPolicy = sessionPolicy()): Promise<string> {
  const rawId = newSecretToken();
  await writeTransaction(store, async (tx) => {
    // Expired sessions are refused anyway; sweeping them here keeps the table from growing.
    await tx
      .delete(session)
      .where(or(lt(session.lastSeenAt, now - policy.idleMs), lt(session.createdAt, now - policy.absoluteMs)))
      .run();
    await tx.insert(session).values({ idHash: hashToken(rawId), userId, createdAt: now, lastSeenAt: now }).run();
  });
  return rawId;
}

/**
 * The signed-in user of a raw session id, or null. A session idle longer than the idle timeout or
 * older than the absolute one is refused and deleted. Read on a read's connection; only a session
 * that ends or is touched takes a write.
 */
export async function resolveSession(
  store: Store,
  rawId: string,
  now: number = Date.now(),
  policy: SessionPolicy = sessionPolicy(),
): Promise<{ user: SessionUser } | null> {
  if (!isSecretTokenShape(rawId)) return null;
  const idHash = hashToken(rawId);
  const row = await store.read((tx) =>
    tx
      .select({
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        id: user.id,
        email: user.email,
        role: user.role,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.idHash, idHash))
      .get(),
  );
  if (!row) return null;
  if (now - row.lastSeenAt > policy.idleMs || now - row.createdAt > policy.absoluteMs) {
    await writeTransaction(store, (tx) => tx.delete(session).where(eq(session.idHash, idHash)).run());
    return null;
  }
  if (now - row.lastSeenAt >= TOUCH_EVERY_MS) {
    await writeTransaction(store, (tx) =>
      tx
        .update(session)
        .set({ lastSeenAt: now })
        .where(and(eq(session.idHash, idHash), lt(session.lastSeenAt, now)))
        .run(),
    );
  }
  return { user: { id: row.id, email: row.email, role: row.role } };
}

/** Ends one session (sign-out). Unknown or malformed ids are ignored. */
export async function deleteSession(store: Store, rawId: string): Promise<void> {
  if (!isSecretTokenShape(rawId)) return;
  await writeTransaction(store, (tx) => tx.delete(session).where(eq(session.idHash, hashToken(rawId))).run());
}

/** Ends every session of a user (password change, removal, "sign out everywhere"), inside the caller's write; returns how many. */
export async function deleteSessionsOf(tx: Tx, userId: number): Promise<number> {
  return (await tx.delete(session).where(eq(session.userId, userId)).returning({ idHash: session.idHash })).length;
}
