import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Entry } from "./page-cache";
import { chooseEncoding } from "./routes";

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

/** A kept answer, in the encoding the client takes, or 304 when it has this one already. */
export function sendEntry(asked: Asked, res: ServerResponse, entry: Entry): void {
  const encoding = chooseEncoding(asked.acceptEncoding);
  const body = entry[encoding];
  const etag = entry.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`);
  const headers: OutgoingHttpHeaders = { ...entry.headers, etag };
  if (entry.status === 200 && matches(asked.ifNoneMatch, etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = body.length;
  res.writeHead(entry.status, headers);
  res.end(asked.method === "HEAD" ? undefined : body);
}


