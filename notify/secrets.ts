import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { hmac } from "@/lib/hmac";

// A webhook's signing secret must be read back to sign each message, so it is stored encrypted
// (AES-256-GCM) under a key derived from the lookup secret: a copy of the database alone reveals none.

const keyOf = (secret: string) => hmac(secret, "webhook-secret-key");

/** A new Standard Webhooks secret: "whsec_" and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export function sealSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function openSecret(secret: string, sealed: string): string {
  const [iv = "", tag = "", body = ""] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
