import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { callBack, takeHeadersArg } from "./response-args";

export type Captured = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

/** The body as the browser would read it, when Next compressed it; null when it cannot be read. */
export function decode(body: Buffer, encoding: unknown): Buffer | null {
  try {
    switch (String(encoding ?? "identity").toLowerCase()) {
      case "identity":
        return body;
      case "gzip":
        return gunzipSync(body);
      case "deflate":
        return inflateSync(body);
      case "br":
        return brotliDecompressSync(body);
    }
  } catch {
    // An unreadable body is sent as it came.
  }
  return null;
}

/** A chunk given to write() or end(), as bytes. */
export const chunkBytes = (chunk: unknown, encoding: unknown): Buffer =>
  typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);

/**
 * Holds back what Next writes to `res` and hands it, whole, to `finish` instead of the socket. When
 * Next ends the response the methods from before are back, headers cleared, and `finish` sends what it decides.
 */
export function holdResponse(res: ServerResponse, finish: (captured: Captured) => void): void {
  const chunks: Buffer[] = [];
  // Whatever stood in place before (the edge's guard) comes back, not the prototype's methods.
  const before = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const held = {
    writeHead(this: ServerResponse, code: number, ...rest: unknown[]) {
      this.statusCode = code;
      takeHeadersArg(this, rest);
      return this;
    },
    flushHeaders: () => undefined,
    write(chunk: unknown, encoding?: unknown, callback?: unknown) {
      chunks.push(chunkBytes(chunk, encoding));
      callBack([encoding, callback]);
      return true;
    },
    end(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(chunkBytes(chunk, encoding));
      Object.assign(this, before);
      const headers = this.getHeaders();
      for (const name of Object.keys(headers)) this.removeHeader(name);
      finish({ status: this.statusCode, headers, body: Buffer.concat(chunks) });
      callBack([chunk, encoding, callback]);
      return this;
    },
  };
  Object.assign(res, held);
}
