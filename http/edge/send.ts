import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Entry } from "./page-cache";
import { chooseEncoding } from "./routes";
import type { EdgeResponse } from "./writer";

const ETAG_SUFFIX = { br: "-br", gzip: "-gz", identity: "" } as const;

/** Whether any tag of If-None-Match is this one (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((t) => bare(t) === etag);
}

/** What of the request decides how a kept answer is sent; taken before Next may have rewritten the request. */
export type Asked = { method: string | undefined; acceptEncoding: string | string[] | undefined; ifNoneMatch: string | undefined };
export const askedOf = (req: IncomingMessage): Asked => ({
  method: req.method,
  acceptEncoding: req.headers["accept-encoding"],
  ifNoneMatch: req.headers["if-none-match"],
});

type Encoding = keyof typeof ETAG_SUFFIX;
/** How the answer came to be sent: found kept (at this generation, or still the same after a write), or made for this request (by it, or by another one at the same moment). */
export type Served = "hit" | "revalidated" | "made" | "shared";
/** RFC 9211 Cache-Status: what the server's own cache did, for operators and tests. */
const CACHE_STATUS: Record<Served, string> = {
  hit: "aftermath; hit",
  revalidated: "aftermath; hit; detail=unchanged-after-write",
  made: "aftermath; fwd=miss",
  shared: "aftermath; fwd=miss; collapsed",
};
type Head = { sent: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders; etag: string };
type Heads = Partial<Record<Encoding, Record<Served, Head>>>;
/** Each kept answer's heads, per encoding, made at its first answer in it rather than at every one. */
const heads = new WeakMap<Entry, Heads>();

function headsOf(entry: Entry, encoding: Encoding, body: Buffer): Record<Served, Head> {
  const all = heads.get(entry) ?? {};
  heads.set(entry, all);
  const made = all[encoding];
  if (made) return made;
  const head = (served: Served): Head => {
    const etag = entry.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`);
    const notModified: OutgoingHttpHeaders = { ...entry.headers, etag, "cache-status": CACHE_STATUS[served] };
    const sent: OutgoingHttpHeaders = { ...notModified, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": body.length };
    return { sent, notModified, etag };
  };
  const each = { hit: head("hit"), revalidated: head("revalidated"), made: head("made"), shared: head("shared") };
  all[encoding] = each;
  return each;
}

/** A kept answer, in the encoding the client takes (gzip for br's takers until its brotli is made), or 304 when it has this one already: its head and body in one go. */
export function sendEntry(asked: Asked, res: EdgeResponse, entry: Entry, served: Served): void {
  const chosen = chooseEncoding(asked.acceptEncoding);
  const [encoding, body] = chosen === "br" && entry.br ? (["br", entry.br] as const) : chosen === "identity" ? (["identity", entry.identity] as const) : (["gzip", entry.gzip] as const);
  const head = headsOf(entry, encoding, body)[served];
  if (entry.status === 200 && matches(asked.ifNoneMatch, head.etag)) return res.send(304, head.notModified, undefined);
  res.send(entry.status, head.sent, asked.method === "HEAD" ? undefined : body);
}
