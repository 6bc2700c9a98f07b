import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { REQUEST_ID_HEADER } from "./request-notes";
import { problemParts } from "../problem";

// What Node's parser refuses before there is a request to answer: a head too large (431), a
// request that took too long (408), bytes that are not HTTP (400). Node's own answers carry none
// of our headers, so these are written here, whole, on the socket.

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers are too large. Send fewer or shorter headers (cookies included)."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive and was given up on. Send it again."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "The request's chunk extensions are too large. Send the body without them."],
};
const MALFORMED = "The request is not well-formed HTTP/1.1 and was not read. Check the client that sent it.";

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
  const id = randomUUID();
  const { headers, body } = problemParts({ status, title: STATUS_CODES[status] ?? "Bad Request", detail }, { [REQUEST_ID_HEADER]: id });
  const head = Object.entries({ ...headers, "content-length": Buffer.byteLength(body), connection: "close" }).map(([name, value]) => `${name}: ${String(value)}`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${head.join("\r\n")}\r\n\r\n${body}`);
  console.warn(JSON.stringify({ event: "client_error", requestId: id, status, code: error.code ?? null }));
}
