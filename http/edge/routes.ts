import type { IncidentFile } from "@/publish/files";

/**
 * The public answers the server keeps: Next's pages, and the exports it renders itself. Everything
 * else (the editor, the APIs, Next's own files) goes to Next as it comes.
 */
export type CachedRoute = { key: string } & (
  | { kind: "page"; slug: string | null }
  | { kind: "file"; slug: string; file: IncidentFile }
  | { kind: "feed" }
);

const FILES: Record<string, IncidentFile> = {
  "export.html": "index.html",
  "postmortem.md": "postmortem.md",
  "incident.json": "incident.json",
  "incident.schema.json": "incident.schema.json",
};
const INCIDENT = /^\/incidents\/([^/]+)(?:\/(changes|lookup|export\.html|postmortem\.md|incident\.json|incident\.schema\.json))?$/;

/** The route of a GET or HEAD, or null; the key is the path, since no public page reads its query. */
export function cachedRoute(method: string | undefined, url: string | undefined, headers: Record<string, unknown>): CachedRoute | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const target = url ?? "/";
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  // A navigation inside the app asks for the page's RSC payload, not its HTML; Next answers those.
  if (headers.rsc !== undefined || (query !== -1 && target.includes("_rsc="))) return null;
  if (path === "/") return { key: path, kind: "page", slug: null };
  if (path === "/feed.xml") return { key: path, kind: "feed" };
  const match = INCIDENT.exec(path);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const file = match[2] ? FILES[match[2]] : undefined;
  return file ? { key: path, kind: "file", slug, file } : { key: path, kind: "page", slug };
}

/** br when the client takes it, else gzip, else the bytes as they are (RFC 9110 §12.5.3, q=0 refuses). */
export function chooseEncoding(accept: string | string[] | undefined): "br" | "gzip" | "identity" {
  const offered = new Map<string, number>();
  for (const part of String(accept ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : "identity";
}
