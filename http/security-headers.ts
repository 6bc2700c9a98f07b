// The security headers every response carries. next.config.ts sends them on Next's answers
// (headers()), the server (http/edge) on its own; the two parts that depend on the request or the
// body are added by the server: HSTS (only when a trusted proxy says the request came over HTTPS) and
// the sha256 hashes of a page's inline <script> elements. See "Security headers" in README.md.

/** Two years; the preload list's minimum is one. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

type Directives = Record<string, readonly string[]>;

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * The app's pages. Scripts: our own files ('self') and, in production, exactly the inline scripts
 * the page was served with, by hash (the server adds them; nothing here allows any inline script).
 * No 'strict-dynamic': it would make browsers ignore 'self', so the parser-inserted
 * <script src="/_next/static/…"> tags would need hashes too. Styles: stylesheets from 'self' only,
 * no <style> element and no style attribute (the charts are classes on SVG). `next dev` serves no
 * hashes and needs eval and injected styles, so it gets 'unsafe-inline' and 'unsafe-eval'.
 */
export function pagePolicy({ dev = false }: { dev?: boolean } = {}): string {
  return serializePolicy({
    "default-src": ["'self'"],
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
    "style-src": dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    "style-src-attr": dev ? ["'unsafe-inline'"] : ["'none'"],
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

/** What every answer carries besides its Content-Security-Policy; named as Node keeps header names, so no layer sends one twice. */
export const BASE_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

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
        ...Object.entries(BASE_HEADERS).map(([key, value]) => ({ key, value })),
      ],
    },
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
  ];
}
