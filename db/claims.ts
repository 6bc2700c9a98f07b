import "server-only";
import { postgresClaims } from "./pg/claims";
import type { Store } from "./store/store";
import { type Claims, sqliteClaims } from "./outbox/claim";

/** The outbox's claims on the store's engine: SQLite's on its writing connection, in the store's turns; PostgreSQL's on its pool, rows taken FOR UPDATE SKIP LOCKED. */
export function claimsOf(store: Store): Claims {
  const native = store.q.native;
  return native.engine === "postgres" ? postgresClaims(native.client) : sqliteClaims(store);
}
