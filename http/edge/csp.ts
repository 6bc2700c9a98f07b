import { createHash } from "node:crypto";

// Content-Security-Policy by hash. Pages are sent with `script-src 'self'`, which blocks the inline
// <script> elements Next renders (the RSC payload). A nonce cannot be baked into a page kept for
// everyone, so the finished HTML is read before it leaves instead: the sha256 of each inline script
// is appended to script-src, allowing exactly those texts and nothing else inline.

const SCRIPT_SRC = /(^|;)\s*script-src\s+(?!'none')/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;

/** Whether `policy` has a script-src that hashes could be added to. */
export const hashable = (policy: unknown): policy is string => typeof policy === "string" && SCRIPT_SRC.test(policy);

export function withScriptHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (text === "" || /(^|\s)src\s*=/i.test(attributes)) continue;
    // The HTML parser turns CR LF and a lone CR into LF before the browser hashes the text.
    hashes.add(`'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`);
  }
  return hashes.size === 0 ? policy : policy.replace(/(^|;)(\s*script-src\s[^;]*)/i, `$1$2 ${[...hashes].join(" ")}`);
}
