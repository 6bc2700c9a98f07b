import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { LookupHttp } from "@/http/lookup-http";
import type { EdgeResponse } from "./writer";

// What the edge's own answers (the lookup's, a subscription's links) share: Node's headers as the
// domain reads them, a whole body, and one write of the answer.

/** Headers as the domain reads them (Pick<Headers, "get">), straight from Node's. */
export const headersOf = (req: IncomingMessage): Pick<Headers, "get"> => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

/** The whole body; null when the edge's limit refused it mid-way (413/408, answered there already). */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", () => resolve(null));
    req.once("close", () => {
      if (!req.readableEnded) resolve(null);
    });
  });
}

/** Writes an answer the edge made whole; status 0: answered already (a body refused mid-way). */
export function sendOwn(req: IncomingMessage, res: EdgeResponse, reply: LookupHttp): void {
  if (reply.status === 0 || res.headersSent) return;
  // A string, not a Buffer: Node then sends the head and the body in one write, not a writev of two.
  const body = reply.body ?? "";
  // Each reply's headers are its own object: completed in place, not copied.
  const headers: OutgoingHttpHeaders = reply.headers;
  headers["content-length"] = Buffer.byteLength(body);
  const cookies = reply.headers["set-cookie"];
  if (cookies !== undefined) headers["set-cookie"] = cookies.split("\n");
  res.send(reply.status, headers, req.method === "HEAD" ? undefined : body);
}
