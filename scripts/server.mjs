// The production server: Next's request handler behind a node:http server of our own, so that the
// client's socket address reaches the app in a header no client can set (Next only fills in
// X-Forwarded-For when the client did not send one), and so that each page's
// Content-Security-Policy can name the hashes of its inline scripts (below). Plain JavaScript: it
// must not run under the react-server condition the TypeScript scripts use.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { crossSiteRefusal, refuseCrossSite } from "./cross-site-gate.mjs";
import { sendProblem } from "./problem-response.mjs";
import { publishedGate } from "./published-gate.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

/** Keep in step with CLIENT_ADDRESS_HEADER in lib/client-address.ts. */
const CLIENT_ADDRESS_HEADER = "x-aftermath-client-address";
/** Keep in step with STRICT_TRANSPORT_SECURITY in lib/security-headers.ts. */
const HSTS = "max-age=63072000; includeSubDomains";

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a whole number from 1 to 65535, not "${process.env.PORT}"`);
  process.exit(2);
}
const hostname = process.env.HOST ?? "0.0.0.0";
const trustProxy = process.env.TRUST_PROXY === "1";

// Content-Security-Policy by hash. next.config.ts sends every page with `script-src 'self'`, which
// blocks the inline <script> elements Next renders (the RSC payload, self.__next_f.push(…)). A nonce
// cannot be baked into a page prerendered once for everyone, so the finished HTML is read here
// instead, before it leaves: the sha256 of each inline script is appended to script-src, allowing
// exactly those texts and nothing else inline. A prerendered page has an ETag (a hash of its body),
// so its policy is worked out once per (path, ETag) and every later response streams through with
// it; HTML rendered per request (a form posted without JavaScript) is held back and hashed each time.
const SCRIPT_SRC = /(^|;)\s*script-src\s+(?!'none')/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const MAX_POLICIES = 1000;
/** `${path}\n${etag}` → the policy that page is sent with. */
const policies = new Map();

function withScriptHashes(policy, html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (text === "" || /(^|\s)src\s*=/i.test(attributes)) continue;
    // The HTML parser turns CR LF and a lone CR into LF before the browser hashes the text.
    hashes.add(`'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`);
  }
  return hashes.size === 0 ? policy : policy.replace(/(^|;)(\s*script-src\s[^;]*)/i, `$1$2 ${[...hashes].join(" ")}`);
}

/** The body as the browser will read it; Next has compressed it already when the client asked. */
function decode(body, encoding) {
  try {
    switch (String(encoding ?? "identity").toLowerCase()) {
      case "identity": return body;
      case "gzip": return gunzipSync(body);
      case "deflate": return inflateSync(body);
      case "br": return brotliDecompressSync(body);
    }
  } catch {}
  return null; // sent without hashes: the page shows, but does not hydrate
}

/** Wraps `res` so that an HTML page leaves with its hashes; returns whether it is holding one back. */
function hashInlineScripts(req, res) {
  const path = (req.url ?? "/").split("?")[0];
  // A browser revalidating a page not hashed since this server started gets it whole: a 304 would
  // replace the policy it stored with the page by one without the hashes.
  const validator = req.headers["if-none-match"];
  if (validator && !policies.has(`${path}\n${validator}`) && !req.headers.rsc && String(req.headers.accept).includes("text/html")) {
    delete req.headers["if-none-match"];
  }
  const { writeHead, write, end, flushHeaders } = res;
  let buffer; // undefined: not decided yet; null: passing through; an array: the body held back
  let deferred, policy, key;
  const decide = (status) => {
    policy = res.getHeader("content-security-policy");
    if (typeof policy !== "string" || !SCRIPT_SRC.test(policy)) return null;
    if (status !== 304 && !String(res.getHeader("content-type")).startsWith("text/html")) return null;
    const etag = res.getHeader("etag");
    key = typeof etag === "string" ? `${path}\n${etag}` : undefined;
    const known = key && policies.get(key);
    if (known) res.setHeader("content-security-policy", known);
    return known || req.method === "HEAD" || status === 204 || status === 304 ? null : [];
  };
  const bytes = (chunk, encoding) => (typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk));
  res.writeHead = function (status, ...rest) {
    // Headers given here (Next's compression has usually moved them already) join the others first.
    const headers = rest.find((r) => typeof r === "object" && r !== null && !Array.isArray(r));
    for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
    const reason = typeof rest[0] === "string" ? [rest[0]] : [];
    buffer ??= decide(status);
    if (buffer === null) return writeHead.call(this, status, ...reason);
    deferred = [status, ...reason];
    return this;
  };
  res.flushHeaders = function () {
    if (buffer === undefined) this.writeHead(this.statusCode);
    if (buffer === null) flushHeaders.call(this);
  };
  res.write = function (chunk, encoding, callback) {
    if (buffer === undefined) this.writeHead(this.statusCode);
    if (buffer === null) return write.call(this, chunk, encoding, callback);
    if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    buffer.push(bytes(chunk, encoding));
    if (callback) process.nextTick(callback);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
    if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (buffer === undefined) this.writeHead(this.statusCode);
    if (buffer === null) return end.call(this, chunk, encoding, callback);
    if (chunk) buffer.push(bytes(chunk, encoding));
    const body = Buffer.concat(buffer);
    buffer = null;
    const html = decode(body, this.getHeader("content-encoding"));
    if (html) {
      policy = withScriptHashes(policy, html.toString("utf8"));
      this.setHeader("content-security-policy", policy);
      if (key) {
        if (policies.size >= MAX_POLICIES) policies.delete(policies.keys().next().value);
        policies.set(key, policy);
      }
    }
    writeHead.apply(this, deferred);
    return end.call(this, body, callback);
  };
  return () => Array.isArray(buffer);
}

const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const mustBeNotFound = publishedGate(path.resolve(process.env.DATABASE_PATH ?? "./data/aftermath.db"));

const server = createServer((req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
  // Only a trusted proxy's X-Forwarded-Proto (its last entry) can say the browser used HTTPS.
  if (trustProxy && String(req.headers["x-forwarded-proto"] ?? "").split(",").at(-1)?.trim().toLowerCase() === "https") {
    res.setHeader("strict-transport-security", HSTS);
  }
  const crossSite = crossSiteRefusal(req, { trustProxy });
  if (crossSite) return refuseCrossSite(res, crossSite);
  const holdingBack = hashInlineScripts(req, res);
  // A path no route matches: Next answers it with the prerendered not-found page, status 404 and
  // every header next.config.ts sets (render404 would skip those).
  if (mustBeNotFound(req.url)) req.url = "/_aftermath/not-found";
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent && !holdingBack()) {
      sendProblem(res, 500, "Internal Server Error", "The server failed while answering. Try again; if it keeps failing, the server log says why.");
    } else {
      res.destroy();
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`Aftermath listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
