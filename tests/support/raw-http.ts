import net from "node:net";
import { fileServer } from "./file-server";

export type RawAnswer = { status: number; headers: Map<string, string>; body: string };

/** The body of a chunked message, decoded; as it is when it is not chunked. */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf("\r\n", at);
    if (eol === -1) return Buffer.concat(parts);
    const size = Number.parseInt(body.subarray(at, eol).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Parses the first response on a connection's bytes. */
export function parseAnswer(bytes: Buffer): RawAnswer {
  const end = bytes.indexOf("\r\n\r\n");
  const head = bytes.subarray(0, end === -1 ? bytes.length : end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? "")?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = end === -1 ? Buffer.alloc(0) : bytes.subarray(end + 4);
  if (headers.get("transfer-encoding") === "chunked") body = dechunk(body);
  else if (headers.has("content-length")) body = body.subarray(0, Number(headers.get("content-length")));
  return { status, headers, body: body.toString("utf8") };
}

/**
 * Sends bytes exactly as given (a request fetch would refuse to make) and reads the first answer; an
 * answer that comes before a body is complete shows, since the socket stays open until it comes.
 */
export function rawRequest(bytes: string | Buffer, { timeoutMs = 20_000 } = {}): Promise<RawAnswer> {
  const url = new URL(fileServer().baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks)));
    };
    const timer = setTimeout(() => (chunks.length ? done() : (socket.destroy(), reject(new Error("no answer")))), timeoutMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const bytesSoFar = Buffer.concat(chunks);
      const end = bytesSoFar.indexOf("\r\n\r\n");
      if (end === -1) return;
      const answer = parseAnswer(bytesSoFar);
      const length = answer.headers.get("content-length");
      const complete = length !== undefined ? bytesSoFar.length - end - 4 >= Number(length) : bytesSoFar.includes("\r\n0\r\n\r\n");
      if (complete || answer.status === 304 || answer.status === 204) done();
    });
    socket.on("end", done);
    socket.on("error", (error) => (chunks.length ? done() : reject(error)));
    // Never half-closed: the requests ask for Connection: close, and some servers stop on a client's FIN.
    socket.write(bytes);
  });
}
