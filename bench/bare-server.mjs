// The floor for `npm run bench:lookup` on SQLite: the same lookup as POST /api/incidents/:slug/lookup
// with a link, with nothing around it — node:http, JSON.parse, the link's key looked up by kid and
// derived, its HMAC checked, its payload read, one prepared SELECT searching the (list_id, tenant_key)
// index of the incident's live list, JSON out (bench/bare-lookup.mjs: the same answer as the app's on
// the wire). Started as its own process (never under the react-server condition).
//
// Env: DATABASE_URL (a SQLite file), LOOKUP_SECRET, FLOOR_SLUG, FLOOR_HEADERS, FLOOR_SHAPE (JSON), PORT, HOST (default 127.0.0.1).
import Database from "better-sqlite3";
import { derivedKey, floorEnv, serveLookups } from "./bare-lookup.mjs";

const env = floorEnv("bare-server");

// The pragmas db/client.ts sets on every connection.
const db = new Database(env.url, { fileMustExist: true });
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");

const found = db
  .prepare(
    `SELECT i.id AS incidentId, l.id AS listId, l.sample AS sample FROM incident i JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live'
     WHERE i.slug = ? AND i.published = 1 AND l.rows = 1`,
  )
  .get(env.slug);
if (!found) {
  console.error(`no published incident ${env.slug} with a live list of rows in ${env.url}`);
  process.exit(2);
}
// lookup/rows.ts's statement, pinned to the covering index the app's plan uses (bench/lookup.ts
// prints that plan): the floor is the indexed lookup, whatever SQLite's statistics say.
const rows = db.prepare(
  `SELECT request_id AS requestId, occurred_at AS occurredAt, m1, m2, m3, m4, role, classes
   FROM affected_response INDEXED BY affected_response_lookup_idx
   WHERE list_id = ? AND tenant_key = ? ORDER BY occurred_at, request_id`,
);
// Read per request: in-process, a key's row costs SQLite about a microsecond.
const keyRow = db.prepare("SELECT kid, salt FROM lookup_key WHERE kid = ? AND revoked_at IS NULL");

serveLookups({
  name: "bare lookup server (SQLite)",
  env,
  found: { ...found, slug: env.slug, sample: found.sample === 1 },
  keyOf: (kid) => {
    const row = keyRow.get(kid);
    return row ? derivedKey(env.secret, row.kid, row.salt) : null;
  },
  rows: (listId, tenantKey) => rows.all(listId, tenantKey),
  close: () => db.close(),
});
