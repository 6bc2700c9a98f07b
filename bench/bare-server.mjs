// The floor for `npm run bench:lookup`: the same lookup as POST /api/incidents/:slug/lookup with a
// link, with nothing around it — node:http, JSON.parse, the link's key looked up by kid and derived,
// its HMAC checked, its payload read, one prepared SELECT searching the (list_id, tenant_key) index of
// the incident's live list, JSON out. The same answer as the app's on the wire: its body's shape, and
// its headers (FLOOR_HEADERS, the app's security headers as bench/lookup.ts passes them, and a request
// id), so the two differ in the work done and not in the bytes sent. No rate limit, no schema, no
// freshness check. Plain JavaScript, started as its own process (never under the react-server condition).
//
// Env: DATABASE_URL, LOOKUP_SECRET, FLOOR_HEADERS (JSON object), PORT, HOST (default 127.0.0.1).
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import Database from "better-sqlite3";

const SLUG = "glm-5-3-kv-cache-exposure";
const PATH = `/api/incidents/${SLUG}/lookup`;
const MAX_BODY_BYTES = 8 * 1024;
const TOKEN = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{43})$/;

const { DATABASE_URL, LOOKUP_SECRET, FLOOR_HEADERS } = process.env;
if (!DATABASE_URL || !LOOKUP_SECRET || !FLOOR_HEADERS) {
  console.error("bare-server needs DATABASE_URL, LOOKUP_SECRET and FLOOR_HEADERS");
  process.exit(2);
}
const fixedHeaders = JSON.parse(FLOOR_HEADERS);
const port = Number(process.env.PORT ?? 3100);
const hostname = process.env.HOST ?? "127.0.0.1";

// The pragmas db/client.ts sets on every connection.
const db = new Database(DATABASE_URL, { fileMustExist: true });
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");

const found = db
  .prepare(
    `SELECT i.id AS incidentId, l.id AS listId, l.sample AS sample FROM incident i JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live'
     WHERE i.slug = ? AND i.published = 1 AND l.rows = 1`,
  )
  .get(SLUG);
if (!found) {
  console.error(`no published incident ${SLUG} with a live list of rows in ${DATABASE_URL}`);
  process.exit(2);
}
// lookup/rows.ts's statement, pinned to the covering index the app's plan uses (bench/lookup.ts
// prints that plan): the floor is the indexed lookup, whatever SQLite's statistics say.
const rows = db.prepare(
  `SELECT request_id AS requestId, occurred_at AS occurredAt, m1, m2, m3, m4, role, classes
   FROM affected_response INDEXED BY affected_response_lookup_idx
   WHERE list_id = ? AND tenant_key = ? ORDER BY occurred_at, request_id`,
);

const keyRow = db.prepare("SELECT kid, salt FROM lookup_key WHERE kid = ? AND revoked_at IS NULL");

/** The payload of a link token that proves an account here (lookup/proof/tokens.ts and lib/signed-token.ts, without zod), or null. */
function proven(token) {
  const parts = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!parts) return null;
  const [, kid, body, mac] = parts;
  const row = keyRow.get(kid);
  if (!row) return null;
  const key = createHmac("sha256", LOOKUP_SECRET).update(`lookup-key\0${row.kid}\0${row.salt}`).digest();
  const want = Buffer.from(createHmac("sha256", key).update(`lookup-link\0${kid}\0${body}`).digest("base64url"));
  const got = Buffer.from(mac);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  return payload.i === found.incidentId && payload.x > Date.now() / 1000 ? payload : null;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...fixedHeaders,
    "x-request-id": randomUUID(),
    "content-type": status === 200 ? "application/json" : "application/problem+json",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function lookup(proof) {
  // The shape's one measure and no data classes: the floor reads the same columns, keeps what the list has.
  const requests = rows.all(found.listId, proof.t).map((r) => ({ requestId: r.requestId, occurredAt: r.occurredAt, measures: { m1: r.m1 }, role: r.role, dataClasses: [] }));
  const byRole = { recipient: 0, exposed: 0 };
  for (const r of requests) byRole[r.role] += 1;
  return {
    incident: SLUG,
    list: "published",
    sampleData: found.sample === 1,
    covers: "account",
    affected: requests.length > 0,
    responses: requests.length,
    byRole,
    firstAt: requests[0]?.occurredAt ?? null,
    lastAt: requests.at(-1)?.occurredAt ?? null,
    requests,
    proof: { kind: "account", via: "link", accountEnding: proof.e, expiresAt: new Date(proof.x * 1000).toISOString() },
  };
}

const server = createServer((req, res) => {
  if (req.method !== "POST" || req.url !== PATH) return send(res, 404, { status: 404, title: "Not Found" });
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > MAX_BODY_BYTES) return send(res, 413, { status: 413, title: "Content Too Large" });
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(res, 400, { status: 400, title: "Bad Request" });
    }
    const proof = proven(body?.link);
    if (!proof) return send(res, 403, { status: 403, title: "Forbidden" });
    send(res, 200, lookup(proof));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`bare lookup server listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => {
      db.close();
      process.exit(0);
    });
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
