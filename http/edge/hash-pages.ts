import type { IncomingMessage, ServerResponse } from "node:http";
import { chunkBytes, decode } from "./capture";
import { hashable, withScriptHashes } from "./csp";
import { callBack, takeHeadersArg } from "./response-args";

type Callback = () => void;

/**
 * For answers Next renders per request (the editor, a form posted without JavaScript): an HTML page
 * is held back until complete, its inline scripts hashed into its policy, then sent; everything else
 * streams through untouched. Returns whether it is holding a page back.
 */
export function hashInlineScripts(res: ServerResponse): () => boolean {
  const { writeHead, write, end, flushHeaders } = res;
  let buffer: Buffer[] | null | undefined; // undefined: not decided yet; null: passing through
  let deferred: { status: number; reason?: string } = { status: 200 };
  const decide = (status: number): Buffer[] | null => {
    const policy = res.getHeader("content-security-policy");
    if (!hashable(policy) || status === 204 || status === 304 || !String(res.getHeader("content-type")).startsWith("text/html")) return null;
    return [];
  };
  const decided = (): Buffer[] | null => {
    if (buffer === undefined) res.writeHead(res.statusCode);
    return buffer ?? null;
  };
  // Reflect.apply: the overloads of these methods defeat a typed .call.
  const send = (status: number, reason: string | undefined): void => void Reflect.apply(writeHead, res, reason === undefined ? [status] : [status, reason]);
  Object.assign(res, {
    writeHead(status: number, ...rest: unknown[]) {
      // Headers given here join the others first, so the policy and type are known.
      takeHeadersArg(res, rest);
      const reason = typeof rest[0] === "string" ? rest[0] : undefined;
      buffer ??= decide(status);
      if (buffer === null) {
        send(status, reason);
        return res;
      }
      deferred = { status, reason };
      return res;
    },
    flushHeaders() {
      if (decided() === null) flushHeaders.call(res);
    },
    write(chunk: unknown, encoding?: unknown, callback?: unknown) {
      const held = decided();
      if (held === null) return write.call(res, chunk as Buffer, encoding as BufferEncoding, callback as Callback);
      held.push(chunkBytes(chunk, encoding));
      callBack([encoding, callback]);
      return true;
    },
    end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const held = decided();
      if (held === null) return end.call(res, chunk as Buffer, encoding as BufferEncoding, callback as Callback);
      const cb = [chunk, encoding, callback].find((a): a is Callback => typeof a === "function");
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") held.push(chunkBytes(chunk, encoding));
      const body = Buffer.concat(held);
      buffer = null;
      const html = decode(body, res.getHeader("content-encoding"));
      const policy = res.getHeader("content-security-policy");
      if (html && typeof policy === "string") res.setHeader("content-security-policy", withScriptHashes(policy, html.toString("utf8")));
      send(deferred.status, deferred.reason);
      return Reflect.apply(end, res, cb ? [body, cb] : [body]) as ServerResponse;
    },
  });
  return () => Array.isArray(buffer);
}

/** Drops a revalidation the server cannot answer with the right policy, so the page is sent whole. */
export function dropValidators(req: IncomingMessage): void {
  delete req.headers["if-none-match"];
  delete req.headers["if-modified-since"];
}
