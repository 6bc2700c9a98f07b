import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { EVERY_METHOD } from "./gate";
import { REQUEST_ID_HEADER } from "./request-store";
import { problemParts } from "../problem";

// What Node's HTTP layer would answer by itself, or drop without a word, with no request to answer:
// its parser's refusals, CONNECT, and Upgrade. Node's own answers carry none of our headers, so
// these are written here, whole, on the socket, or the request is given back to be answered as any other.

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers are too large. Send fewer or shorter headers (cookies included)."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive and was given up on. Send it again."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "The request's chunk extensions are too large. Send the body without them."],
};
const MALFORMED = "The request is not well-formed HTTP/1.1 and was not read. Check the client that sent it.";

/** A problem+json answer with the full header set, written whole on the socket, which then closes; returns its request id. */
function endWithProblem(socket: Duplex, status: number, detail: string, headers: Record<string, string> = {}): string {
  const id = randomUUID();
  const parts = problemParts({ status, title: STATUS_CODES[status] ?? "Bad Request", detail }, { ...headers, [REQUEST_ID_HEADER]: id });
  const head = Object.entries({ ...parts.headers, "content-length": Buffer.byteLength(parts.body), connection: "close" }).map(([name, value]) => `${name}: ${String(value)}`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${head.join("\r\n")}\r\n\r\n${parts.body}`);
  return id;
}

/** server.on("clientError"): a problem+json answer with the full header set, then the connection closes. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already begun on this connection cannot be followed by another one.
  const inFlight: unknown = Reflect.get(socket, "_httpMessage");
  const begun = typeof inFlight === "object" && inFlight !== null && Reflect.get(inFlight, "headersSent") === true;
  if (error.code === "ECONNRESET" || !socket.writable || begun) {
    socket.destroy();
    return;
  }
  const [status, detail] = ANSWERS[error.code ?? ""] ?? [400, MALFORMED];
  const id = endWithProblem(socket, status, detail);
  console.warn(JSON.stringify({ event: "client_error", requestId: id, status, code: error.code ?? null }));
}

/** server.on("connect"): this site is no proxy, so CONNECT is a method it does not take (405), as the edge answers any other. */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  // Node hands the socket over without its own error listener: a reset must not throw.
  socket.on("error", () => socket.destroy());
  endWithProblem(socket, 405, `This site is not a proxy and opens no tunnel: CONNECT is not answered. Ask for a path of this site with ${EVERY_METHOD}.`, {
    allow: EVERY_METHOD,
  });
}

/** The request's head as it came, without Upgrade and the Connection option naming it. */
function headWithoutUpgrade(req: IncomingMessage): Buffer {
  const lines = [`${req.method ?? "GET"} ${req.url ?? "/"} HTTP/${req.httpVersion}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? "";
    const value = req.rawHeaders[i + 1] ?? "";
    const lower = name.toLowerCase();
    if (lower === "upgrade") continue;
    const kept = lower === "connection" ? value.split(",").map((t) => t.trim()).filter((t) => t !== "" && t.toLowerCase() !== "upgrade").join(", ") : value;
    if (kept !== "" || lower !== "connection") lines.push(`${name}: ${kept}`);
  }
  // Node read the head as latin1; written back the same way, every byte is the one that came.
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
}

/**
 * server.on("upgrade"): RFC 9110 §7.8 lets a server ignore Upgrade, so the request goes back to the
 * server without it, on the same connection, as if it had come that way (Node's documented way to
 * hand a server a connection), and its body and any request after it are read as any other's.
 */
export function ignoreUpgrade(server: EventEmitter): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    socket.unshift(Buffer.concat([headWithoutUpgrade(req), head]));
    server.emit("connection", socket);
  };
}
