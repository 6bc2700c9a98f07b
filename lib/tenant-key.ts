import { createHmac } from "node:crypto";

/** The only form in which an account id is stored: HMAC-SHA-256 under the lookup secret, hex. */
export function tenantKey(secret: string, accountId: string): string {
  return createHmac("sha256", secret).update(accountId, "utf8").digest("hex");
}
