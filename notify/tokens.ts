import "server-only";
import { z } from "zod";
import { hmac } from "@/lib/hmac";
import { openToken, signToken } from "@/lib/signed-token";

// A subscription's links: its confirmation (the subscriber, the nonce of that sign-up, an expiry)
// and its unsubscribe link (the subscriber only: it must keep working). Signed with a key derived
// from the lookup secret, so a copy of the database forges neither; rotating the secret ends both.

const KID = "subscriptions1";
const keyOf = (secret: string) => hmac(secret, "subscription-key");
const PURPOSE = { confirm: "subscription-confirm", end: "subscription-end" } as const;
/** How long a confirmation link holds. */
export const CONFIRM_HOURS = 48;

const confirmPayload = z.strictObject({ s: z.number().int().positive(), n: z.number().int().min(0), x: z.number().int() });
const endPayload = z.strictObject({ s: z.number().int().positive() });

export function confirmToken(secret: string, subscriberId: number, nonce: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_HOURS * 3600;
  return signToken(keyOf(secret), KID, PURPOSE.confirm, { s: subscriberId, n: nonce, x: expires });
}

export const endToken = (secret: string, subscriberId: number): string => signToken(keyOf(secret), KID, PURPOSE.end, { s: subscriberId });

const finder = (secret: string) => (kid: string) => (kid === KID ? { key: keyOf(secret) } : null);

export type ConfirmCheck = { ok: true; subscriberId: number; nonce: number } | { ok: false; reason: "invalid" | "expired" };

export function openConfirm(secret: string, token: string, now: Date): ConfirmCheck {
  const parsed = confirmPayload.safeParse(openToken(finder(secret), PURPOSE.confirm, token));
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.x * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subscriberId: parsed.data.s, nonce: parsed.data.n };
}

/** The subscriber an unsubscribe link names; null when it is not one of ours. */
export function openEnd(secret: string, token: string): number | null {
  const parsed = endPayload.safeParse(openToken(finder(secret), PURPOSE.end, token));
  return parsed.success ? parsed.data.s : null;
}
