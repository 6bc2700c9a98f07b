// The security headers every response carries. next.config.ts sends them (headers()); the two
// parts that depend on the request or on the body are added by scripts/server.mjs: HSTS (only when
// a trusted proxy says the request came over HTTPS) and the sha256 hashes of a page's inline
// <script> elements, appended to the page policy's script-src. See "Security headers" in README.md.

/** Keep in step with HSTS in scripts/server.mjs. Two years, the preload list's minimum is one. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

type Directives = Record<string, readonly string[]>;

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * The app's pages. Scripts: our own files ('self') and, in production, exactly the inline scripts
 * the page was served with, by hash (scripts/server.mjs adds them; nothing here allows any inline
 * script). No 'strict-dynamic': it would make browsers ignore 'self', so the parser-inserted
 * <script src="/_next/static/…"> tags would need hashes too. Styles: stylesheets from 'self' and no
 * <style> element, but style attributes are allowed (style-src-attr 'unsafe-inline'): recharts
 * renders its sizes and tooltips as style="…". An attribute has no selectors, so it cannot read the
 * page the way an injected <style> can; hashing each one ('unsafe-hashes') would tie the policy to
 * recharts's markup. `next dev` serves no hashes and needs eval and injected <style>, so it gets
 * 'unsafe-inline' and 'unsafe-eval'.
 */
export function pagePolicy({ dev = false }: { dev?: boolean } = {}): string {
  return serializePolicy({
    "default-src": ["'self'"],
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
    "style-src": dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/**
 * The exported postmortem (/incidents/<slug>/export.html): one file with inline CSS and SVG, no
 * script and no request to anything, so it may load nothing but its own styles and data: images.
 */
export const EXPORT_POLICY = serializePolicy({
  "default-src": ["'none'"],
  "style-src": ["'unsafe-inline'"],
  "img-src": ["data:"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
});

/** JSON answers are never rendered as documents: nothing to load, nowhere to be framed. */
export const API_POLICY = serializePolicy({
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
});

export type HeaderRule = { source: string; headers: Array<{ key: string; value: string }> };

/**
 * Rules for next.config.ts headers(). Where several match a path, the later rule's value of a
 * header wins (Next's documented order), so the narrower policies come after the general one.
 * Not `Referrer-Policy: no-referrer`: with it browsers send `Origin: null` on a form's POST, and
 * Next refuses a server action whose Origin does not match the host.
 */
export function securityHeaderRules({ dev = false }: { dev?: boolean } = {}): HeaderRule[] {
  return [
    {
      source: "/:path*",
      headers: [
        { key: "Content-Security-Policy", value: pagePolicy({ dev }) },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "same-origin" },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
      ],
    },
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
    { source: "/incidents/:slug/export.html", headers: [{ key: "Content-Security-Policy", value: EXPORT_POLICY }] },
  ];
}
