import type { IncomingMessage } from "node:http";
import type { Said } from "@/domain/said";

// Form posts (sign-in, sign-out, the editor's server actions, the lookup form) are taken only from
// this site's own pages. Next checks the Origin of a server action too, but answers a mismatch with
// a bare 500; this answers 403 with a reason, before any action runs. The edge does not ask it of
// the JSON APIs: they take a bearer token or no credentials at all, never the session cookie.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const lastEntry = (value: string | string[] | undefined) => String(value ?? "").split(",").at(-1)?.trim() || undefined;

/** The reason to refuse this request as a cross-site post (a sentence of problems.edge), or null to let it through. */
export function crossSiteRefusal(req: IncomingMessage, { trustProxy }: { trustProxy: boolean }): Said | null {
  if (SAFE_METHODS.has(req.method ?? "GET")) return null;
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return { key: "problems.edge.crossSiteFetch", values: { site } };
  const origin = req.headers.origin;
  if (origin === undefined) return null; // not a browser: it cannot be carrying a visitor's cookie
  const host = (trustProxy && lastEntry(req.headers["x-forwarded-host"])) || req.headers.host;
  let from: string | null;
  try {
    from = new URL(origin).host;
  } catch {
    from = null;
  }
  return from !== null && from === host ? null : { key: "problems.edge.crossSiteOrigin", values: { origin, host: host ?? "" } };
}
