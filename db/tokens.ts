import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import type { TokenScope } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { hashToken, isSecretTokenShape, newSecretToken } from "@/lib/secret-token";
import { recordAudit } from "./audit";
import { isUniqueViolation } from "./dialect";
import { apiToken } from "./schema";
import type { Store, Tx } from "./store/store";
import { writeTransaction } from "./transaction";

/** Prefix that makes a leaked token recognisable to secret scanners. */
const PREFIX = "aft_";

export const tokenNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "a name is 1-64 letters, digits, '.', '_' or '-'");

export class TokenNameTakenError extends Error {
  constructor(name: string) {
    super(`A token named "${name}" exists already; choose another name.`);
  }
}

/** Makes a token and returns it: the only time it is seen. Only its hash is stored. */
export async function createToken(store: Store, name: string, scope: TokenScope): Promise<string> {
  const secret = newSecretToken();
  try {
    await writeTransaction(store, async (tx) => {
      if (await tx.select({ id: apiToken.id }).from(apiToken).where(eq(apiToken.name, name)).get()) throw new TokenNameTakenError(name);
      await tx.insert(apiToken).values({ name, scope, tokenHash: hashToken(secret) }).run();
    });
  } catch (error) {
    // Another process took the name between the check and the insert (PostgreSQL's writes run side by side).
    if (isUniqueViolation(error)) throw new TokenNameTakenError(name);
    throw error;
  }
  return PREFIX + secret;
}

/** The actor a bearer token stands for, or null for a missing, malformed, unknown or revoked one. */
export async function actorFromBearer(tx: Tx, authorization: string | null): Promise<Actor | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const raw = match?.[1];
  if (!raw?.startsWith(PREFIX) || !isSecretTokenShape(raw.slice(PREFIX.length))) return null;
  const row = await tx
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
export async function revokeToken(store: Store, actor: Actor, name: string, now = new Date()): Promise<{ revokedAt: string; alreadyRevoked: boolean }> {
  if (actor.kind !== "system") throw new DomainError("forbidden", "Tokens are revoked at the server's shell: npm run token:revoke.");
  return writeTransaction(store, async (tx) => {
    const row = await tx.select({ id: apiToken.id, revokedAt: apiToken.revokedAt }).from(apiToken).where(eq(apiToken.name, name)).get();
    if (!row) throw new DomainError("not-found", `There is no token named "${name}".`);
    if (row.revokedAt !== null) return { revokedAt: row.revokedAt, alreadyRevoked: true };
    const revokedAt = now.toISOString();
    // Only a token still in force: one revoked meanwhile by another process keeps its time, and gets no second entry.
    const revoked = await tx.update(apiToken).set({ revokedAt }).where(and(eq(apiToken.id, row.id), isNull(apiToken.revokedAt))).returning({ id: apiToken.id });
    if (revoked.length === 0) {
      const then = await tx.select({ revokedAt: apiToken.revokedAt }).from(apiToken).where(eq(apiToken.id, row.id)).get();
      return { revokedAt: then?.revokedAt ?? revokedAt, alreadyRevoked: true };
    }
    await recordAudit(tx, {
      actor,
      incident: null,
      action: "update",
      entity: "api_token",
      entityId: row.id,
      before: { name, revokedAt: null },
      after: { name, revokedAt },
    });
    return { revokedAt, alreadyRevoked: false };
  });
}
