// What the two lookup floors share (bench/bare-server.mjs on SQLite, bench/bare-pg-server.mjs on
// PostgreSQL), for the incident FLOOR_SLUG: node:http, JSON.parse, the link's HMAC checked, its
// payload read, the rows asked of the engine, the app's answer written out — its body's fields in
// the app's order, in the incident's shape (FLOOR_SHAPE, as bench/lookup.ts reads it from the
// record), and its headers (FLOOR_HEADERS, the app's security headers, and a request id) — so a
// floor and the app differ in the work done and not in the bytes sent. No rate limit, no schema, no
// freshness check. Plain JavaScript.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const MAX_BODY_BYTES = 8 * 1024;
const TOKEN = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{43})$/;

/** The environment every floor needs, or exit 2 saying what is missing. */
export function floorEnv(name) {
  const { DATABASE_URL, LOOKUP_SECRET, FLOOR_SLUG, FLOOR_HEADERS, FLOOR_SHAPE } = process.env;
  if (!DATABASE_URL || !LOOKUP_SECRET || !FLOOR_SLUG || !FLOOR_HEADERS || !FLOOR_SHAPE) {
    console.error(`${name} needs DATABASE_URL, LOOKUP_SECRET, FLOOR_SLUG, FLOOR_HEADERS and FLOOR_SHAPE`);
    process.exit(2);
  }
  return { url: DATABASE_URL, secret: LOOKUP_SECRET, slug: FLOOR_SLUG, path: `/api/incidents/${encodeURIComponent(FLOOR_SLUG)}/lookup`, headers: JSON.parse(FLOOR_HEADERS), shape: JSON.parse(FLOOR_SHAPE) };
}

/** A lookup key's HMAC key, derived from the secret as lookup/proof/keys.ts derives it. */
export const derivedKey = (secret, kid, salt) => createHmac("sha256", secret).update(`lookup-key\0${kid}\0${salt}`).digest();

/** The payload of a link token that proves an account here (lookup/proof/tokens.ts and lib/signed-token.ts, without zod), or null. */
function proven(token, keyOf, incidentId) {
  const parts = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!parts) return null;
  const [, kid, body, mac] = parts;
  const key = keyOf(kid);
  if (!key) return null;
  const want = Buffer.from(createHmac("sha256", key).update(`lookup-link\0${kid}\0${body}`).digest("base64url"));
  const got = Buffer.from(mac);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  return payload.i === incidentId && payload.x > Date.now() / 1000 ? payload : null;
}

/** The account's answer, as lookup/rows.ts and lookup/run.ts make it, from rows in the list's columns. */
function answer(shape, found, proof, read) {
  const rows = read.map((r) => {
    const values = [r.m1, r.m2, r.m3, r.m4];
    const measures = {};
    shape.measures.forEach((key, i) => {
      if (values[i] != null) measures[key] = values[i];
    });
    const dataClasses = shape.dataClasses.filter((_, i) => (r.classes >> i) & 1);
    return { requestId: shape.requestIds ? r.requestId : null, occurredAt: r.occurredAt, measures, role: r.role, dataClasses };
  });
  const byRole = Object.fromEntries(shape.roles.map((role) => [role, 0]));
  for (const r of rows) byRole[r.role] = (byRole[r.role] ?? 0) + 1;
  return {
    incident: found.slug,
    list: "published",
    sampleData: found.sample,
    covers: "account",
    affected: rows.length > 0,
    affectedRows: rows.length,
    byRole,
    firstAt: rows[0]?.occurredAt ?? null,
    lastAt: rows.at(-1)?.occurredAt ?? null,
    rows,
    proof: { kind: "account", via: "link", accountEnding: proof.e, expiresAt: new Date(proof.x * 1000).toISOString() },
  };
}

/**
 * Serves the lookup on PORT: `keyOf(kid)` gives a key in force or null, `rows(listId, tenantKey)` the
 * account's rows (an array, or a promise of one: SQLite's floor answers in the same tick, as it did).
 */
export function serveLookups({ name, env, found, keyOf, rows, close }) {
  const send = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...env.headers,
      "x-request-id": randomUUID(),
      "content-type": status === 200 ? "application/json" : "application/problem+json",
      "cache-control": "no-store",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  };
  const failed = (res, error) => {
    console.error(error);
    send(res, 500, { status: 500, title: "Internal Server Error" });
  };
  const lookup = (res, proof) => {
    let read;
    try {
      read = rows(found.listId, proof.t);
    } catch (error) {
      return failed(res, error);
    }
    if (Array.isArray(read)) return send(res, 200, answer(env.shape, found, proof, read));
    read.then((r) => send(res, 200, answer(env.shape, found, proof, r)), (error) => failed(res, error));
  };
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== env.path) return send(res, 404, { status: 404, title: "Not Found" });
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
      const proof = proven(body?.link, keyOf, found.incidentId);
      if (!proof) return send(res, 403, { status: 403, title: "Forbidden" });
      lookup(res, proof);
    });
  });
  server.keepAliveTimeout = 65_000;
  const port = Number(process.env.PORT ?? 3100);
  const hostname = process.env.HOST ?? "127.0.0.1";
  server.listen(port, hostname, () => console.log(`${name} listening on http://${hostname}:${port}`));
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      server.close(() => Promise.resolve(close()).finally(() => process.exit(0)));
      server.closeAllConnections();
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}
