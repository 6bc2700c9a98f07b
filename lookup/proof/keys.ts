import "server-only";
import { randomBytes } from "node:crypto";
import { hmac } from "@/lib/hmac";
import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { recordAudit } from "@/db/audit";
import type { Db } from "@/db/client";
import { lookupKey } from "@/db/schema";

/** A key that signs lookup links and sessions: its public name and the secret bytes. */
export type SigningKey = { id: number; kid: string; key: Buffer };

// The key is derived from the lookup secret (a file or env, not the database) and the row's salt:
// the table alone signs nothing, and rotating the secret also revokes every link.
const derive = (secret: string, kid: string, salt: string) => hmac(secret, "lookup-key", kid, salt);

const signingKey = (secret: string, row: { id: number; kid: string; salt: string }): SigningKey => ({ id: row.id, kid: row.kid, key: derive(secret, row.kid, row.salt) });

const newRow = () => ({ kid: randomBytes(12).toString("base64url"), salt: randomBytes(32).toString("base64url") });

/** The key links and sessions are signed with now; made (one audit entry) if there is none yet. */
export function currentKey(db: Db, secret: string, actor: Actor): SigningKey {
  const found = db.select().from(lookupKey).where(isNull(lookupKey.revokedAt)).get();
  if (found) return signingKey(secret, found);
  return db.transaction(
    (tx) => {
      // Another process may have made it between the read above and this write lock.
      let row = tx.select().from(lookupKey).where(isNull(lookupKey.revokedAt)).get();
      if (!row) {
        row = tx.insert(lookupKey).values(newRow()).returning().get();
        auditKey(tx, actor, row.id, null, { kid: row.kid });
      }
      return signingKey(secret, row);
    },
    { behavior: "immediate" },
  );
}

/** Finds the key in force that a token names (its kid); null for an unknown or revoked one. */
export type KeyFinder = (kid: string) => SigningKey | null;

/** The keys in force in this database, as the lookup secret derives them. */
export const keysIn = (db: Db, secret: string): KeyFinder => (kid) => keyByKid(db, secret, kid);

/**
 * The key a token names, if it is still in force; null for an unknown or revoked kid. Lookups ask
 * through their snapshot (lookup/snapshot.ts), which keeps the answer until the record changes.
 */
export function keyByKid(db: Db, secret: string, kid: string): SigningKey | null {
  const row = db
    .select()
    .from(lookupKey)
    .where(and(eq(lookupKey.kid, kid), isNull(lookupKey.revokedAt)))
    .get();
  return row ? signingKey(secret, row) : null;
}

/**
 * Revokes the key in force and makes a new one: every link and lookup session signed so far stops
 * working at its next use. One transaction, one audit entry; no secret in it.
 */
export function rotateKeys(db: Db, actor: Actor, now = new Date()): { revoked: string | null; kid: string } {
  return db.transaction(
    (tx) => {
      const old = tx.select().from(lookupKey).where(isNull(lookupKey.revokedAt)).get();
      if (old) tx.update(lookupKey).set({ revokedAt: now.toISOString() }).where(eq(lookupKey.id, old.id)).run();
      const row = tx.insert(lookupKey).values(newRow()).returning().get();
      auditKey(tx, actor, row.id, old ? { kid: old.kid, revokedAt: now.toISOString() } : null, { kid: row.kid });
      return { revoked: old?.kid ?? null, kid: row.kid };
    },
    { behavior: "immediate" },
  );
}

function auditKey(tx: Parameters<typeof recordAudit>[0], actor: Actor, id: number, before: unknown, after: unknown): void {
  recordAudit(tx, { actor, incident: null, action: before ? "update" : "create", entity: "lookup_key", entityId: id, before, after });
}
