// The floor for `npm run bench:page`: node:http answering every GET with one page's bytes, already
// gzip-compressed and held in memory, with the headers the app sent for them. Nothing is read,
// rendered, compressed or checked per request. Plain JavaScript, started as its own process.
//
// Env: PAGE_FILE (the gzip bytes), PAGE_HEADERS (a JSON file of the response headers), PORT, HOST.
import fs from "node:fs";
import { createServer } from "node:http";

const { PAGE_FILE, PAGE_HEADERS } = process.env;
if (!PAGE_FILE || !PAGE_HEADERS) {
  console.error("bare-page-server needs PAGE_FILE and PAGE_HEADERS");
  process.exit(2);
}
const body = fs.readFileSync(PAGE_FILE);
const headers = { ...JSON.parse(fs.readFileSync(PAGE_HEADERS, "utf8")), "content-length": body.length };
const port = Number(process.env.PORT ?? 3101);
const hostname = process.env.HOST ?? "127.0.0.1";

const server = createServer((req, res) => {
  if (req.method !== "GET") {
    res.writeHead(405, { allow: "GET" });
    return res.end();
  }
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`bare page server listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
