import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import type { TokenScope } from "@/domain/access";
import { hashToken, isSecretTokenShape, newSecretToken } from "@/lib/secret-token";
import type { Db } from "./client";
import { apiToken } from "./schema";

/** Prefix that makes a leaked token recognisable to secret scanners. */
const PREFIX = "aft_";

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
