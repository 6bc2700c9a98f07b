import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

// The layers that stand in for a response's writeHead, write and end (capture, hash-pages, guard)
// read those methods' loose arguments the same way, here.

/**
 * Moves the headers argument of writeHead(status, reason?, headers?) onto the response, so the
 * layer that decides sees every header; returns that argument, for the layer to leave out.
 */
export function takeHeadersArg(res: ServerResponse, rest: unknown[]): OutgoingHttpHeaders | undefined {
  const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === "object" && r !== null && !Array.isArray(r));
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
  return headers;
}

/** Calls back a write() or end() a layer held or dropped, as Node would once the bytes were handled. */
export function callBack(args: unknown[]): void {
  const cb = args.find((a): a is () => void => typeof a === "function");
  if (cb) process.nextTick(cb);
}
