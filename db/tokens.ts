import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import type { TokenScope } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { hashToken, isSecretTokenShape, newSecretToken } from "@/lib/secret-token";
import { recordAudit } from "./audit";
import type { Db } from "./client";
import { apiToken } from "./schema";

/** Prefix that makes a leaked token recognisable to secret scanners. */
const PREFIX = "aft_";

export const tokenNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "a name is 1-64 letters, digits, '.', '_' or '-'");

export class TokenNameTakenError extends Error {
  constructor(name: string) {
    super(`A token named "${name}" exists already; choose another name.`);
  }
}

/** Makes a token and returns it: the only time it is seen. Only its hash is stored. */
export function createToken(db: Db, name: string, scope: TokenScope): string {
  if (db.select({ id: apiToken.id }).from(apiToken).where(eq(apiToken.name, name)).get()) throw new TokenNameTakenError(name);
  const secret = newSecretToken();
  db.insert(apiToken).values({ name, scope, tokenHash: hashToken(secret) }).run();
  return PREFIX + secret;
}

/** The actor a bearer token stands for, or null for a missing, malformed, unknown or revoked one. */
export function actorFromBearer(db: Db, authorization: string | null): Actor | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const raw = match?.[1];
  if (!raw?.startsWith(PREFIX) || !isSecretTokenShape(raw.slice(PREFIX.length))) return null;
  const row = db
    .select({ id: apiToken.id, name: apiToken.name, scope: apiToken.scope })
    .from(apiToken)
    .where(and(eq(apiToken.tokenHash, hashToken(raw.slice(PREFIX.length))), isNull(apiToken.revokedAt)))
    .get();
  return row ? { kind: "token", ...row } : null;
}

/**
 * Revokes the named token: actorFromBearer refuses it from the next request on. One audit entry, in
 * the same transaction; a token revoked already is left as it is, with no entry.
 */
export function revokeToken(db: Db, actor: Actor, name: string, now = new Date()): { revokedAt: string; alreadyRevoked: boolean } {
  if (actor.kind !== "system") throw new DomainError("forbidden", "Tokens are revoked at the server's shell: npm run token:revoke.");
  return db.transaction(
    (tx) => {
      const row = tx.select({ id: apiToken.id, revokedAt: apiToken.revokedAt }).from(apiToken).where(eq(apiToken.name, name)).get();
      if (!row) throw new DomainError("not-found", `There is no token named "${name}".`);
      if (row.revokedAt !== null) return { revokedAt: row.revokedAt, alreadyRevoked: true };
      const revokedAt = now.toISOString();
      tx.update(apiToken).set({ revokedAt }).where(eq(apiToken.id, row.id)).run();
      recordAudit(tx, {
        actor,
        incident: null,
        action: "update",
        entity: "api_token",
        entityId: row.id,
        before: { name, revokedAt: null },
        after: { name, revokedAt },
      });
      return { revokedAt, alreadyRevoked: false };
    },
    { behavior: "immediate" },
  );
}
