import { hmac } from "./hmac";

/** The only form in which an account id is stored: HMAC-SHA-256 under the lookup secret, hex. */
export function tenantKey(secret: string, accountId: string): string {
  return hmac(secret, accountId).toString("hex");
}
