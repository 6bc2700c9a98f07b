// The production server: Next's request handler behind a node:http server of our own, so that the
// client's socket address reaches the app in a header no client can set (Next only fills in
// X-Forwarded-For when the client did not send one). Plain JavaScript: it must not run under the
// react-server condition the TypeScript scripts use.
import { createServer } from "node:http";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

/** Keep in step with CLIENT_ADDRESS_HEADER in lib/client-address.ts. */
const CLIENT_ADDRESS_HEADER = "x-aftermath-client-address";

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a whole number from 1 to 65535, not "${process.env.PORT}"`);
  process.exit(2);
}
const hostname = process.env.HOST ?? "0.0.0.0";

const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/problem+json", "cache-control": "no-store" });
      res.end(JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }));
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
