import "server-only";
import { randomBytes } from "node:crypto";
import { hmac } from "@/lib/hmac";
import { isNull } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { recordAudit } from "@/db/audit";
import type { Store, Tx } from "@/db/store/store";
import { writeTransaction } from "@/db/transaction";
import { lookupKey } from "@/db/schema";

/** A key that signs lookup links and sessions: its public name and the secret bytes. */
export type SigningKey = { id: number; kid: string; key: Buffer };

// The key is derived from the lookup secret (a file or env, not the database) and the row's salt:
// the table alone signs nothing, and rotating the secret also revokes every link.
const derive = (secret: string, kid: string, salt: string) => hmac(secret, "lookup-key", kid, salt);

const signingKey = (secret: string, row: { id: number; kid: string; salt: string }): SigningKey => ({ id: row.id, kid: row.kid, key: derive(secret, row.kid, row.salt) });

const newRow = () => ({ kid: randomBytes(12).toString("base64url"), salt: randomBytes(32).toString("base64url") });

const inForce = (tx: Tx) => tx.select().from(lookupKey).where(isNull(lookupKey.revokedAt)).orderBy(lookupKey.id);

/**
 * The key in force, made (one audit entry) if there is none yet, inside the caller's write: a verb
 * that signs (issueLinks) makes the first key in its own transaction.
 */
export async function keyInForce(tx: Tx, secret: string, actor: Actor): Promise<SigningKey> {
  const found = await inForce(tx).get();
  if (found) return signingKey(secret, found);
  // Writes on PostgreSQL run side by side: another may make the first key meanwhile. The unique
  // index lets one in; the other takes that one (its commit is seen by the next statement).
  const made = await tx.insert(lookupKey).values(newRow()).onConflictDoNothing().returning().get();
  if (made) {
    await auditKey(tx, actor, made.id, null, { kid: made.kid });
    return signingKey(secret, made);
  }
  const theirs = await inForce(tx).get();
  if (!theirs) throw new Error("no lookup key in force, though making one met another's");
  return signingKey(secret, theirs);
}

/** The key links and sessions are signed with now; made (one audit entry) if there is none yet. */
export async function currentKey(store: Store, secret: string, actor: Actor): Promise<SigningKey> {
  const found = await store.read((tx) => inForce(tx).get());
  if (found) return signingKey(secret, found);
  // Another process may have made it between the read above and this write.
  return writeTransaction(store, (tx) => keyInForce(tx, secret, actor));
}

/** Finds the key in force that a token names (its kid); null for an unknown or revoked one. */
export type KeyFinder = (kid: string) => SigningKey | null;

/**
 * The keys in force in this database, as the lookup secret derives them: read once (there is one,
 * or for a moment two), so a token is then checked without another read. Lookups keep them in their
 * snapshot (lookup/snapshot.ts) until the record changes.
 */
export async function keysIn(tx: Tx, secret: string): Promise<KeyFinder> {
  const keys = new Map((await inForce(tx).all()).map((row) => [row.kid, signingKey(secret, row)]));
  return (kid) => keys.get(kid) ?? null;
}

/**
 * Revokes the key in force and makes a new one: every link and lookup session signed so far stops
 * working at its next use. One transaction, one audit entry; no secret in it. Every key in force
 * is revoked: two servers of one PostgreSQL database may each have made a first key at once.
 */
export async function rotateKeys(store: Store, actor: Actor, now = new Date()): Promise<{ revoked: string | null; kid: string }> {
  return writeTransaction(store, async (tx) => {
    const old = await inForce(tx).get();
    if (old) await tx.update(lookupKey).set({ revokedAt: now.toISOString() }).where(isNull(lookupKey.revokedAt)).run();
    const row = await tx.insert(lookupKey).values(newRow()).returning().get();
    await auditKey(tx, actor, row.id, old ? { kid: old.kid, revokedAt: now.toISOString() } : null, { kid: row.kid });
    return { revoked: old?.kid ?? null, kid: row.kid };
  });
}

async function auditKey(tx: Tx, actor: Actor, id: number, before: unknown, after: unknown): Promise<void> {
  await recordAudit(tx, { actor, incident: null, action: before ? "update" : "create", entity: "lookup_key", entityId: id, before, after });
}
