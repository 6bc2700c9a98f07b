import type { IncomingMessage, ServerResponse } from "node:http";
import type { EdgeResponse } from "./writer";

export type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Hands a request to Next, its answer held back for the writer's headers. A page's revalidation is
 * dropped (the server cannot answer it with the right policy), so the page is sent whole.
 */
export function passToNext(handle: Handle, req: IncomingMessage, res: EdgeResponse): Promise<void> {
  if (String(req.headers.accept).includes("text/html")) {
    delete req.headers["if-none-match"];
    delete req.headers["if-modified-since"];
  }
  res.hold();
  return handle(req, res);
}
