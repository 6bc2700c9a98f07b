const SCHEMES = new Set(["http:", "https:", "mailto:"]);

// After URL's own serialising only ASCII is left; what RFC 3986 does not allow is percent-encoded
// too, so the href is valid HTML and needs no angle brackets in Markdown.
const UNSAFE = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g;

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
