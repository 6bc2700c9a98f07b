const SCHEMES = new Set(["http:", "https:", "mailto:"]);

// What RFC 3986 does not let a URI carry as written: a "%" not before two hex digits, and any
// character but the unreserved and reserved ones. After URL's own serialising only ASCII is left;
// these are percent-encoded too, so the href is valid HTML and needs no angle brackets in Markdown.
const NOT_IN_URI = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;
const UNSAFE = new RegExp(NOT_IN_URI.source, "g");

/** Whether the text uses only what a URI may carry as written (RFC 3986 §2), so nothing in it is taken other than as typed. */
export const writtenAsUri = (url: string): boolean => !NOT_IN_URI.test(url);

/** A link's href: an absolute http, https or mailto URL, normalised; null for anything else (javascript:, data:, relative). */
export function safeHref(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!SCHEMES.has(parsed.protocol)) return null;
  return parsed.href.replace(UNSAFE, (c) => encodeURIComponent(c));
}
