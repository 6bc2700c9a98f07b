import { randomUUID } from "node:crypto";
import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse, STATUS_CODES } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { domainErrorIn } from "@/domain/errors";
import { domainProblemParts } from "../domain-problem";
import { problemParts } from "../problem";
import type { Said } from "@/domain/said";
import { sayIn } from "@/domain/say-in";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { API_POLICY, BASE_HEADERS, STRICT_TRANSPORT_SECURITY } from "../security-headers";
import { hashable, withScriptHashes } from "./csp";
import type { EdgeAnswer } from "./gate";
import { REQUEST_ID_HEADER, type RequestNote } from "./request-store";

// The one writer of every answer: the server makes each response an EdgeResponse
// (createServer's ServerResponse option), and no other module stands in for writeHead, write or end.

export type Captured = { status: number; headers: OutgoingHttpHeaders; body: Buffer };
type Head = { status: number; reason: string | undefined; headers: OutgoingHttpHeaders };

/** Every header an answer must carry, lower-cased as Node keeps them; what a layer sets itself wins. */
const FULL: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(Object.entries(BASE_HEADERS).map(([k, v]) => [k.toLowerCase(), v])),
  "content-security-policy": API_POLICY,
});
const HSTS: Readonly<Record<string, string>> = Object.freeze({ "strict-transport-security": STRICT_TRANSPORT_SECURITY });
/** Headers an error's meaning depends on, kept when its body is replaced. */
const MEANINGFUL = ["allow", "retry-after", "www-authenticate", "connection"];

const isProblem = (type: unknown) => String(type ?? "").startsWith("application/problem+json");
const isHtml = (type: unknown) => String(type ?? "").startsWith("text/html");

/** Whether a Location stays on this site (a path, resolved against any origin, keeps that origin), or goes to the one origin allowed. */
function onSite(location: unknown, allowed: string | undefined): boolean {
  if (location === undefined) return true;
  try {
    const origin = new URL(String(location), "http://site.invalid").origin;
    return origin === "http://site.invalid" || origin === allowed;
  } catch {
    return false;
  }
}

function detailOf(status: number, id: string): Said {
  if (status >= 500) return { key: "problems.edge.serverFailed", values: { id } };
  if (status === 404) return { key: "problems.edge.nothingHere" };
  if (status === 400) return { key: "problems.edge.unreadable" };
  return { key: "problems.edge.refused", values: { phrase: STATUS_CODES[status] ?? "error", status } };
}

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
const chunkBytes = (chunk: unknown, encoding: unknown): Buffer =>
  typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
const hasChunk = (chunk: unknown) => chunk !== undefined && chunk !== null && typeof chunk !== "function";
/** Calls back a write() or end() that was held or dropped, as Node would once the bytes were handled. */
function callBack(args: unknown[]): void {
  const cb = args.find((a): a is () => void => typeof a === "function");
  if (cb) process.nextTick(cb);
}

/** writeHead's headers argument (an object, or name, value, name, value…) as lower-cased fields. */
function headersArg(rest: unknown[]): OutgoingHttpHeaders {
  const given = rest.find((r) => typeof r === "object" && r !== null);
  const out: OutgoingHttpHeaders = {};
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) out[String(given[i]).toLowerCase()] = String(given[i + 1]);
  } else if (given) {
    for (const [name, value] of Object.entries(given)) if (value !== undefined) out[name.toLowerCase()] = value;
  }
  return out;
}

/**
 * Each answer gets the request id and the full set of security headers (and HSTS over HTTPS); an
 * error a non-browser client would get as HTML or text becomes problem+json; a redirect off this
 * site is refused; the status a form's action asks for (the request's note) goes on the form's own
 * answer; a form post Next could not decode, before any action ran, is a 400, not Next's 500; an
 * action that refused its arguments gets its 400. The head goes out in one writeHead with its final
 * headers, with the body when it is known. 5xx are logged with the id.
 */
export class EdgeResponse extends ServerResponse<IncomingMessage> {
  id = "";
  /** What the app's code says about this request (request-store.ts runs its handling with it). */
  readonly note: RequestNote = {};
  private always: Readonly<Record<string, string>> = {};
  private wantsHtml = false;
  private formPost = false;
  private logged: { method: string | undefined; path: string | undefined } = { method: undefined, path: undefined };
  /** pass: straight to the socket; hold: an HTML page kept until complete, for its script hashes; capture: kept for the page cache. */
  /** Whether the browser came over HTTPS (a trusted proxy said so): which session cookie is its own. */
  https = false;
  /** The address's language, once the gate has read it: the edge's own problems are said in it (English before). */
  locale: Locale = DEFAULT_LOCALE;
  private mode: "pass" | "hold" | "capture" = "pass";
  private head: "open" | "sent" | "held" | "replaced" = "open";
  private held: Head | null = null;
  /** The length of the one chunk end() was given with the head still open, for a Content-Length. */
  private endLength: number | undefined;
  private chunks: Buffer[] = [];
  private onCaptured: ((captured: Captured) => void) | null = null;

  /** Called first for every request: its id (on the request too, any client's value replaced), and whether it came over HTTPS. */
  begin({ https }: { https: boolean }): void {
    this.https = https;
    this.id = randomUUID();
    this.req.headers[REQUEST_ID_HEADER] = this.id;
    this.wantsHtml = String(this.req.headers.accept ?? "").includes("text/html");
    // Without the query: a link's token (and any other secret a query may carry) stays out of the log.
    this.logged = { method: this.req.method, path: this.req.url?.split("?")[0] };
    if (https) this.always = HSTS;
  }

  /** Marks the request as a post of one of the app's forms (a server action). */
  markFormPost(): void {
    this.formPost = true;
  }

  /** Holds back an HTML page Next renders for this request until it is complete, so its inline scripts' hashes join its policy. */
  hold(): void {
    this.mode = "hold";
  }

  /** What Next writes is kept and handed, whole, to `done` instead of the socket; the answer is then sent with send(). */
  capture(done: (captured: Captured) => void): void {
    this.mode = "capture";
    this.onCaptured = done;
  }

  /** An answer whose head and body are known: one writeHead with the final headers (named in lower case, as Node keeps them), one end. */
  send(status: number, headers: OutgoingHttpHeaders, body: Buffer | string | undefined): void {
    if (this.head !== "open") return;
    const head = this.decide({ status, reason: undefined, headers });
    if (head === null) return;
    this.head = "sent";
    super.writeHead(head.status, head.headers);
    super.end(body);
  }

  /** The edge's own answer: a refusal as problem+json, or a 204 (OPTIONS) with its headers. */
  answer({ status, title, detail, headers = {}, locale }: EdgeAnswer): void {
    if (status === 204) return this.send(204, { ...headers, "cache-control": "no-store" }, undefined);
    if (locale) this.locale = locale;
    this.problem(status, detail, title, headers);
  }

  /** A request that threw: a 500 quoting the request id when nothing was sent yet; else the connection is cut. */
  fail(error: unknown): void {
    // The database out of reach (PostgreSQL restarting) or held: a 503 with Retry-After, never a 500.
    const domain = domainErrorIn(error);
    if (domain && (domain.code === "unavailable" || domain.code === "busy") && !this.headersSent && !(this.mode === "hold" && this.head === "held")) {
      const { problem, headers } = domainProblemParts(domain, this.locale);
      return this.problem(problem.status, problem.detail, problem.title, headers);
    }
    console.error(JSON.stringify({ event: "request_failed", requestId: this.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
    // A page held back for its hashes may be half made: nothing of it, or of a 500 after it, is sent.
    if (this.headersSent || (this.mode === "hold" && this.head === "held")) this.destroy();
    else if (this.head !== "replaced") this.problem(500, detailOf(500, this.id));
  }

  private problem(status: number, detail: string | Said, title = STATUS_CODES[status] ?? "Error", headers: Record<string, string> = {}): void {
    // A head already on the wire cannot be followed by another: the connection is cut instead.
    if (this.headersSent) return void this.destroy();
    this.head = "replaced";
    for (const name of this.getHeaderNames()) this.removeHeader(name);
    const said = typeof detail === "string" ? detail : sayIn(this.locale, detail);
    const parts = problemParts({ status, title, detail: said }, { ...this.always, [REQUEST_ID_HEADER]: this.id, ...headers });
    this.logIfFailed(status);
    super.writeHead(status, { ...parts.headers, "content-length": Buffer.byteLength(parts.body) });
    super.end(parts.body);
  }

  private logIfFailed(status: number): void {
    if (status >= 500) console.error(JSON.stringify({ event: "server_error", requestId: this.id, ...this.logged, status }));
  }

  /** The head as it will go out, or null when a problem went out in its place. */
  private decide(head: Head): Head | null {
    const note = this.note;
    const headers: OutgoingHttpHeaders = { ...FULL, ...this.always, ...head.headers, [REQUEST_ID_HEADER]: this.id };
    let status = head.status;
    if (note.status) {
      status = note.status.code;
      Object.assign(headers, note.status.headers);
    }
    const type = headers["content-type"];
    if (note.refused) return this.refuse(400, note.refused);
    if (status >= 500 && this.formPost && !note.actionStarted) return this.refuse(400, { key: "problems.edge.formUnreadable" });
    if (!onSite(headers.location, note.offSite)) return this.refuse(400, { key: "problems.edge.offSite" });
    if (status >= 400 && !note.status && !isProblem(type) && !(this.wantsHtml && isHtml(type))) {
      return this.refuse(status, detailOf(status, this.id), Object.fromEntries(MEANINGFUL.flatMap((name) => (headers[name] === undefined ? [] : [[name, String(headers[name])]]))));
    }
    this.logIfFailed(status);
    return { status, reason: head.reason, headers };
  }

  private refuse(status: number, detail: Said, headers: Record<string, string> = {}): null {
    this.problem(status, detail, undefined, headers);
    return null;
  }

  /**
   * A layer's head (Next's, the lookup's): the headers it set and gave, decided on, then written,
   * held or kept. Opened through this.writeHead even when implicit, as Node does, so that whatever
   * wraps it on the instance (Next's compression decides there) sees every head.
   */
  private open(status: number, rest: unknown[]): void {
    const length = this.endLength;
    this.endLength = undefined;
    if (this.head !== "open") return;
    if (this.mode === "capture") {
      this.statusCode = status;
      for (const [name, value] of Object.entries(headersArg(rest))) if (value !== undefined) this.setHeader(name, value);
      this.head = "held";
      return;
    }
    const given = { ...this.getHeaders(), ...headersArg(rest) };
    const reason = typeof rest[0] === "string" ? rest[0] : undefined;
    const policy = given["content-security-policy"];
    // Held whole, and decided on once complete: what the page's code notes while it renders counts.
    if (this.mode === "hold" && hashable(policy) && isHtml(given["content-type"]) && status !== 204 && status !== 304) {
      this.held = { status, reason, headers: given };
      this.head = "held";
      return;
    }
    if (length !== undefined && given["content-length"] === undefined && given["transfer-encoding"] === undefined && given["content-encoding"] === undefined && status >= 200 && status !== 204 && status !== 304) {
      given["content-length"] = length;
    }
    const head = this.decide({ status, reason, headers: given });
    if (head !== null) this.writeFinal(head);
  }

  private writeFinal(head: Head): void {
    this.head = "sent";
    if (head.reason === undefined) super.writeHead(head.status, head.headers);
    else super.writeHead(head.status, head.reason, head.headers);
  }

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    this.open(statusCode, rest);
    return this;
  }

  override flushHeaders(): void {
    if (this.head === "open") this.writeHead(this.statusCode);
    if (this.head === "sent") super.flushHeaders();
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (this.head === "open") this.writeHead(this.statusCode);
    if (this.head === "held") {
      this.chunks.push(chunkBytes(chunk, encoding));
      callBack([encoding, callback]);
      return true;
    }
    if (this.head === "replaced") {
      callBack([encoding, callback]);
      return true;
    }
    return Reflect.apply(ServerResponse.prototype.write, this, [chunk, encoding, callback].filter((a) => a !== undefined));
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    const args = [chunk, encoding, callback];
    if (this.head === "open") {
      this.endLength = hasChunk(chunk) ? (typeof chunk === "string" ? Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : chunkBytes(chunk, encoding).length) : 0;
      this.writeHead(this.statusCode);
    }
    if (this.head === "replaced") {
      callBack(args);
      return this;
    }
    if (this.head === "held") {
      if (hasChunk(chunk)) this.chunks.push(chunkBytes(chunk, encoding));
      const body = Buffer.concat(this.chunks);
      this.chunks = [];
      callBack(args);
      if (this.mode === "capture") this.finishCapture(body);
      else this.sendHeld(body);
      return this;
    }
    return Reflect.apply(ServerResponse.prototype.end, this, args.filter((a) => a !== undefined));
  }

  private finishCapture(body: Buffer): void {
    const headers = this.getHeaders();
    for (const name of Object.keys(headers)) this.removeHeader(name);
    const done = this.onCaptured;
    this.mode = "pass";
    this.head = "open";
    this.onCaptured = null;
    done?.({ status: this.statusCode, headers, body });
  }

  private sendHeld(body: Buffer): void {
    const held = this.held;
    if (!held) return;
    // Headers set after writeHead, while the page was held, count as Node would have counted them.
    const given: OutgoingHttpHeaders = { ...held.headers, ...this.getHeaders() };
    const html = decode(body, given["content-encoding"]);
    const policy = given["content-security-policy"];
    if (html && typeof policy === "string") given["content-security-policy"] = withScriptHashes(policy, html.toString("utf8"));
    if (given["transfer-encoding"] === undefined) given["content-length"] = body.length;
    this.head = "open";
    const head = this.decide({ status: held.status, reason: held.reason, headers: given });
    if (head === null) return;
    this.writeFinal(head);
    super.end(body);
  }
}
