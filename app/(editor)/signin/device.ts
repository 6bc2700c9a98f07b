import "server-only";
import { randomBytes } from "node:crypto";
import { hmac, sameMac } from "@/lib/hmac";
import { cookies, headers } from "next/headers";
import { appLookupSecret } from "@/config/secret";
import { isSecureRequest } from "@/config/request";
import { cookieOptions } from "@/lib/cookies";

// OWASP's "device cookie": a browser that signed in to an account before holds a token the server
// signed for that account, and is not slowed by the per-account limit that strangers' guesses fill.

export const DEVICE_COOKIE = { secure: "__Host-aftermath_device", plain: "aftermath_device" } as const;
/** A year: a browser the owner keeps using stays known. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const sign = (accountKey: string, nonce: string) => hmac(appLookupSecret(), "signin-device", accountKey, nonce).toString("base64url");

/** A new token for the account whose keyed email hash is `accountKey`. */
export function deviceToken(accountKey: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${sign(accountKey, nonce)}`;
}

/** Whether `token` was signed by this server for this account. */
export function holdsDevice(token: string | undefined, accountKey: string): boolean {
  const [nonce, mac, ...rest] = (token ?? "").split(".");
  if (!nonce || !mac || rest.length > 0) return false;
  return sameMac(mac, sign(accountKey, nonce));
}

const secureRequest = async () => isSecureRequest(await headers());
const deviceCookieName = (secure: boolean) => (secure ? DEVICE_COOKIE.secure : DEVICE_COOKIE.plain);

/** The device token this browser sent, if any. */
export async function sentDevice(): Promise<string | undefined> {
  return (await cookies()).get(deviceCookieName(await secureRequest()))?.value;
}

/** Gives the browser that just signed in its device token, set as the session cookie is. */
export async function keepDevice(token: string): Promise<void> {
  const secure = await secureRequest();
  (await cookies()).set(deviceCookieName(secure), token, cookieOptions(secure, DEVICE_MAX_AGE_SECONDS));
}
