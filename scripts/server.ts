// The production server: Next's request handler behind a node:http server of our own. Every
// request passes the edge first (http/edge/front.ts: request id, headers, route list, limits,
// cross-site posts); the public pages and exports are served from memory as the record stands.
import { createServer } from "node:http";
import { readEnv } from "@/config/env";
import { getStore } from "@/db/app-store";
import { answerClientError, answerConnect, ignoreUpgrade } from "@/http/edge/client-error";
import { edgeHandler } from "@/http/edge/front";
import { EdgeResponse } from "@/http/edge/writer";
import { publicAnswers } from "@/http/edge/serve";
import { removeLeftoverSpools } from "@/http/spool-upload";
import { lookupSecret } from "@/config/secret";
import { outboxOf } from "@/notify/outbox";
import { startOutbox } from "@/notify/worker";

const dev = process.argv.includes("--dev");
if (!process.env.NODE_ENV) Reflect.set(process.env, "NODE_ENV", dev ? "development" : "production");
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const env = readEnv();
const trustProxy = env.TRUST_PROXY === "1";
const hostname = process.env.HOST ?? "0.0.0.0";
/** What the server keeps of finished public answers, in bytes, for all paths together. */
const CACHE_BYTES = 64 * 1024 * 1024;

// Next attaches its Upgrade handler to the server of the first request it sees, and in production
// that handler closes the connection without a word; it gets a server of its own that never listens,
// and only next dev's own websocket (hot reload, under /_next/) is handed to it.
const nextsUpgrades = createServer();
const { default: next } = await import("next");
const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT, httpServer: nextsUpgrades });
const handle = app.getRequestHandler();
await app.prepare();
removeLeftoverSpools();

const store = getStore();
const statuspage = { name: env.STATUSPAGE_NAME, origin: env.PUBLIC_ORIGIN ?? null };
const answers = publicAnswers({ store, handle, maxBytes: dev ? 0 : CACHE_BYTES, statuspage });

const onRequest = edgeHandler({ answers, handle, trustProxy, dev, reachable: () => store.generation() });
// A request without Host is refused by the edge, with our headers, not by Node with none; every
// response is the edge's writer.
const server = createServer({ requireHostHeader: false, ServerResponse: EdgeResponse }, (req, res) => onRequest(req, res));
// A client that waits for "100 Continue" is told to send its body only once the edge has taken the request.
server.on("checkContinue", (req, res) => onRequest(req, res, true));
// Any other expectation: the edge answers 417.
server.on("checkExpectation", (req, res) => onRequest(req, res));
server.on("clientError", answerClientError);
server.on("connect", answerConnect);
const ignored = ignoreUpgrade(server);
server.on("upgrade", (req, socket, head) => {
  if (dev && req.url?.startsWith("/_next/")) nextsUpgrades.emit("upgrade", req, socket, head);
  else ignored(req, socket, head);
});
// Slow clients: the head must arrive within 15 s, the whole request within 10 minutes (a 200 MB
// upload at 350 KB/s), and a body must not stall for 30 s (http/edge/body-limit.ts).
server.headersTimeout = 15_000;
server.requestTimeout = 600_000;
server.keepAliveTimeout = 65_000;
server.listen(env.PORT, hostname, () => console.log(`Aftermath listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${env.PORT}`));

// The outbox's worker runs beside the server unless OUTBOX_WORKER=0 (then `npm run outbox` does).
const outbox = env.OUTBOX_WORKER === "1" ? startOutbox(outboxOf(store, env, lookupSecret(env)).outbox) : null;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void outbox?.stop();
    server.close(() => void store.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
