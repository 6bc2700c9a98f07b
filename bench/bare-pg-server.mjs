// The floor for `npm run bench:lookup:pg`: the lookup of bench/bare-server.mjs on PostgreSQL, through
// the same driver as the app (node-postgres, a pool of as many connections as the app's): per
// request the link's HMAC, then one statement, lookup/rows.ts's query of the account's rows (by
// (list_id, tenant_key), the order the app gives), prepared once per connection, one round trip.
// The incident and the signing keys are read once at start, as the app keeps them in its view of the
// record (lookup/snapshot.ts); it reads no generation and opens no snapshot per lookup. The answer
// is the app's, byte for byte in its fields (bench/bare-lookup.mjs).
//
// Env: DATABASE_URL (postgres://…), LOOKUP_SECRET, FLOOR_SLUG, FLOOR_HEADERS, FLOOR_SHAPE (JSON), PORT, HOST (default 127.0.0.1).
import pg from "pg";
import { derivedKey, floorEnv, serveLookups } from "./bare-lookup.mjs";

const env = floorEnv("bare-pg-server");
const INT8 = 20;

// The app's pool (db/store/open.ts: ten connections), with 64-bit integers read as numbers as db/pg/connect.ts reads them.
const pool = new pg.Pool({
  connectionString: env.url,
  max: 10,
  application_name: "aftermath-bench-floor",
  types: { getTypeParser: (oid, format) => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) },
});
pool.on("error", () => undefined);

const found = (
  await pool.query(
    `SELECT i.id AS "incidentId", l.id AS "listId", l.sample AS sample FROM incident i JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live'
     WHERE i.slug = $1 AND i.published = 1 AND l.rows = 1`,
    [env.slug],
  )
).rows[0];
if (!found) {
  console.error(`no published incident ${env.slug} with a live list of rows in the database`);
  process.exit(2);
}
const keys = new Map((await pool.query("SELECT kid, salt FROM lookup_key WHERE revoked_at IS NULL")).rows.map((k) => [k.kid, derivedKey(env.secret, k.kid, k.salt)]));

// lookup/rows.ts's statement as the app sends it to PostgreSQL, without the generation it reads beside the rows.
const ROWS = {
  name: "bench-floor-lookup",
  text: `SELECT request_id AS "requestId", occurred_at AS "occurredAt", m1, m2, m3, m4, role, classes FROM affected_response
         WHERE list_id = $1 AND tenant_key = $2 ORDER BY occurred_at NULLS FIRST, request_id`,
};

serveLookups({
  name: "bare lookup server (PostgreSQL)",
  env,
  found: { slug: env.slug, incidentId: Number(found.incidentId), listId: Number(found.listId), sample: Number(found.sample) === 1 },
  keyOf: (kid) => keys.get(kid) ?? null,
  rows: async (listId, tenantKey) => (await pool.query({ ...ROWS, values: [listId, tenantKey] })).rows,
  close: () => pool.end(),
});
