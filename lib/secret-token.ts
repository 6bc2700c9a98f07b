import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, base64url (43 characters): session ids and API tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The only form in which a secret token is stored: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `value` has the shape newSecretToken() makes, so junk is refused before any lookup. */
export function isSecretTokenShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
