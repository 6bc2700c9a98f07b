import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HMAC-SHA-256 under `key` of the parts joined by NUL: every keyed hash and signature here is one,
 * each with a purpose as its first part ("signin-email", "lookup-key"), so none stands for another.
 */
export const hmac = (key: string | Buffer, ...parts: string[]): Buffer => createHmac("sha256", key).update(parts.join("\0"), "utf8").digest();

/** Whether a MAC sent equals the one wanted, in time that does not say how much of it matched. */
export function sameMac(sent: string, wanted: string): boolean {
  const [got, want] = [Buffer.from(sent), Buffer.from(wanted)];
  return got.length === want.length && timingSafeEqual(got, want);
}
