// The production server: Next's request handler behind a node:http server of our own. It gives
// the app the client's socket address in a header no client can set, refuses cross-site form posts,
// serves the public pages and exports from memory as the record stands (http/edge/serve.ts), and
// adds each HTML page's script hashes to its Content-Security-Policy.
import { type ServerResponse, createServer } from "node:http";
import { openDatabase } from "@/db/client";
import { databasePath, readEnv } from "@/db/env";
import { CLIENT_ADDRESS_HEADER } from "@/http/client-address";
import { crossSiteRefusal } from "@/http/edge/cross-site";
import { generationReader } from "@/http/edge/generation";
import { dropValidators, hashInlineScripts } from "@/http/edge/hash-pages";
import { cachedRoute } from "@/http/edge/routes";
import { sendProblem } from "@/http/edge/send";
import { publicAnswers } from "@/http/edge/serve";
import { STRICT_TRANSPORT_SECURITY } from "@/http/security-headers";
import { removeLeftoverSpools } from "@/http/spool-upload";

const dev = process.argv.includes("--dev");
if (!process.env.NODE_ENV) Reflect.set(process.env, "NODE_ENV", dev ? "development" : "production");
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const env = readEnv();
const trustProxy = env.TRUST_PROXY === "1";
const hostname = process.env.HOST ?? "0.0.0.0";
/** What the server keeps of finished public answers, in bytes, for all paths together. */
const CACHE_BYTES = 64 * 1024 * 1024;

const { default: next } = await import("next");
const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();
removeLeftoverSpools();

const file = databasePath(env);
const answers = publicAnswers({ db: openDatabase(file), handle, generation: generationReader(file), maxBytes: dev ? 0 : CACHE_BYTES });

const FAILED = "The server failed while answering. Try again; if it keeps failing, the server log says why.";

const server = createServer((req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
  // Only a trusted proxy's X-Forwarded-Proto (its last entry) can say the browser used HTTPS.
  const https = trustProxy && String(req.headers["x-forwarded-proto"] ?? "").split(",").at(-1)?.trim().toLowerCase() === "https";
  const extra = https ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {};
  const crossSite = crossSiteRefusal(req, { trustProxy });
  if (crossSite) {
    return sendProblem(res, 403, "Cross-site request refused", `This form post was refused because ${crossSite}. Open the form on this site and send it from there.`);
  }
  const route = cachedRoute(req.method, req.url, req.headers);
  if (route) return void answers(route, req, res, extra).catch((error: unknown) => fail(res, error, false));
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  if (String(req.headers.accept).includes("text/html")) dropValidators(req);
  const holding = hashInlineScripts(res);
  handle(req, res).catch((error: unknown) => fail(res, error, holding()));
});

/** A request that threw: 500 problem+json while nothing was sent (or held back), else the connection is cut. */
function fail(res: ServerResponse, error: unknown, holding: boolean): void {
  console.error(error);
  if (!res.headersSent && !holding) sendProblem(res, 500, "Internal Server Error", FAILED);
  else res.destroy();
}
server.keepAliveTimeout = 65_000;
server.listen(env.PORT, hostname, () => console.log(`Aftermath listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${env.PORT}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
