import { hmac, sameMac } from "./hmac";

// A token is "<kid>.<payload>.<mac>": the key's public name, the payload as base64url JSON, and an
// HMAC-SHA-256 over purpose, kid and payload, so a token made for one purpose (a link) is nothing
// for another (a session cookie). The reader finds the key by kid, then checks the MAC first.

/** Longer than any token this site makes; anything longer is refused before it is parsed. */
export const MAX_TOKEN_LENGTH = 600;
const TOKEN = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, purpose: string, kid: string, payload: string) => hmac(key, purpose, kid, payload).toString("base64url");

export function signToken(key: Buffer, kid: string, purpose: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${kid}.${body}.${mac(key, purpose, kid, body)}`;
}

/**
 * The payload of a token signed for this purpose by the key its kid names (`keyOf`, null for a
 * key unknown or revoked), unparsed; null when it is not a token or the MAC does not match.
 */
export function openToken(keyOf: (kid: string) => { key: Buffer } | null, purpose: string, token: string): unknown {
  const parts = token.length <= MAX_TOKEN_LENGTH ? TOKEN.exec(token) : null;
  if (!parts) return null;
  const [, kid = "", body = "", sent = ""] = parts;
  const key = keyOf(kid)?.key;
  if (!key) return null;
  if (!sameMac(sent, mac(key, purpose, kid, body))) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
  } catch {
    return null;
  }
}
