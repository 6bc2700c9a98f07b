// An authority as a Host header carries it (RFC 9110 §7.2): a name or IPv4 address, or an IPv6
// literal in brackets, and a port; nothing else (no user, path, or second host).
const AUTHORITY = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/** The origin a request was sent to, from its Host and scheme, as URL writes it (lower case, no default port); null for a Host that names none. */
export function requestOrigin(host: string | undefined, scheme: "http" | "https"): string | null {
  if (!host || !AUTHORITY.test(host)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}
