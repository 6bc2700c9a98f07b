import type { IncomingMessage } from "node:http";
import { type DashboardQuery, dashboardKey, parseDashboardAddress, type QueryParams } from "@/db/read/dashboard";
import { cursorParam } from "@/db/read/listing";
import type { Cursor } from "@/db/read/listing";
import type { StatuspageAnswer } from "@/domain/statuspage";
import type { IncidentFile } from "@/publish/files";
import { type Locale, prefixOf } from "@/i18n/locales";
import type { Admitted, EdgeAnswer } from "./gate";

/**
 * The public answers the server keeps: the routes the route list marks `kept`. Everything else
 * (the editor, the APIs, Next's own files) goes to Next as it comes.
 */
/** `key`: the address in its language, as the cache keeps it; `bare`: the same without the language's prefix. */
export type CachedRoute = { key: string; bare: string; locale: Locale } & (
  | { kind: "page"; slug: string | null; preview: boolean; asked?: DashboardQuery }
  | { kind: "file"; slug: string; file: IncidentFile }
  | { kind: "feed"; after?: Cursor; before?: Cursor }
  | { kind: "statuspage"; answer: StatuspageAnswer }
);

const queryOf = (url: string) => new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");

/**
 * The front page at any good address (a page of the list, a search, filters): its key is the parts
 * it reads, as given; null for an address it refuses (a 400, which is not kept).
 */
function listOf(path: string, url: string): { key: string; asked: DashboardQuery } | null {
  const params: QueryParams = {};
  for (const [name, value] of queryOf(url)) {
    const had = params[name];
    params[name] = had === undefined ? value : [...(typeof had === "string" ? [had] : had), value];
  }
  const asked = parseDashboardAddress(params);
  if (!asked.success) return null;
  const query = dashboardKey(params);
  return { key: query ? `${path}?${query}` : path, asked: asked.data };
}

/** The feed's page from its address: `after` (older entries) or `before` (newer) a cursor, or the first; other parameters are not its to read. */
function feedRoute(path: string, url: string): Found {
  const query = queryOf(url);
  const after = query.getAll("after");
  const before = query.getAll("before");
  if (after.length + before.length === 0) return { key: path, kind: "feed" };
  const refuse = (detail: string) => ({ refuse: { status: 400, title: "Not a page of the feed", detail } });
  if (after.length + before.length > 1) return refuse("A page of the feed is older than one entry or newer than one: give one after or one before, as the feed's own links do.");
  const [name, text] = after.length ? (["after", after[0]] as const) : (["before", before[0]] as const);
  const cursor = cursorParam.safeParse(text);
  if (!cursor.success) return refuse(`The feed's "${name}" is ${cursor.error.issues[0]?.message ?? "not a page of it"}.`);
  return { key: `${path}?${name}=${text}`, kind: "feed", [name]: cursor.data };
}

type Found = DistributiveOmit<CachedRoute, "locale" | "bare"> | { refuse: EdgeAnswer } | null;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The kept answer a GET or HEAD asks for, or null; its key is the address in its language ("/ru/…")
 * with the parts of the query the answer reads: one entry per language of each answer.
 */
export function cachedRoute(req: IncomingMessage, admitted: Admitted): CachedRoute | { refuse: EdgeAnswer } | null {
  const found = keptAnswer(req, admitted);
  if (found === null || "refuse" in found) return found;
  return { ...found, key: prefixOf(admitted.locale) + found.key, bare: found.key, locale: admitted.locale };
}

/** The kept answer a GET or HEAD asks for, or null; the key is the path (the feed's with its page): a page that reads its query is kept only without one, or by the parts it reads. */
function keptAnswer(req: IncomingMessage, { route, path }: Admitted): Found {
  const kept = route?.spec.kept;
  if (!kept || (req.method !== "GET" && req.method !== "HEAD")) return null;
  // Not Next's to answer, and its query is not its to read: a client's cache-buster is the same entry.
  if (typeof kept === "object") return { key: path, kind: "statuspage", answer: kept.statuspage };
  // A navigation inside the app asks for the page's RSC payload, not its HTML; Next answers those.
  if (req.headers.rsc !== undefined || req.url?.includes("_rsc=")) return null;
  const slug = route.params.slug ?? null;
  if (route.spec.readsQuery && req.url?.includes("?")) {
    // The list at any good address (another page, a search, a filter) is kept like its first.
    const list = route.spec.keepsQueries && kept === "page" ? listOf(path, req.url) : null;
    return list ? { ...list, kind: "page", slug, preview: false } : null;
  }
  if (kept === "feed") return feedRoute(path, req.url ?? "");
  if (kept === "page") return { key: path, kind: "page", slug, preview: route.spec.preview === true };
  return slug === null ? null : { key: path, kind: "file", slug, file: kept };
}

type Encoding = "br" | "gzip" | "identity";
/** Clients send the same few Accept-Encoding values: the last one's choice is kept. */
let lastAsked: { accept: string | string[] | undefined; chosen: Encoding } = { accept: undefined, chosen: "identity" };

/** br when the client takes it, else gzip, else the bytes as they are (RFC 9110 §12.5.3, q=0 refuses). */
export function chooseEncoding(accept: string | string[] | undefined): Encoding {
  if (accept === lastAsked.accept && typeof accept !== "object") return lastAsked.chosen;
  const chosen = parseEncoding(accept);
  lastAsked = { accept, chosen };
  return chosen;
}

function parseEncoding(accept: string | string[] | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of String(accept ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : "identity";
}
