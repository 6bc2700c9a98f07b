import pg from "pg";
import { postgresBuckets } from "./pg/buckets";
import { type Buckets, sqliteBuckets } from "./rate-limit";
import type { Store, Tx } from "./store/store";

const made = new WeakMap<Store, Buckets>();

/** SQLite's buckets on a write's own connection. */
function onWriter(tx: Tx): Buckets {
  if (tx.native.engine !== "sqlite") throw new Error("a SQLite store's write ran on another engine");
  return sqliteBuckets({ $client: tx.native.client });
}

/**
 * The rate limiter's buckets on the store's engine (db/rate-limit.ts for SQLite, db/pg/buckets.ts
 * for PostgreSQL). On SQLite each statement takes the store's write turn: on its one writing
 * connection outside that turn it would land inside another request's open transaction (and leave
 * with its rollback), and on a connection of its own it would wait for that transaction's lock with
 * the event loop stopped. PostgreSQL's run on the pool, each its own transaction.
 */
export function bucketsOf(store: Store): Buckets {
  const found = made.get(store);
  if (found) return found;
  const native = store.q.native;
  let buckets: Buckets;
  if (native.engine === "postgres") {
    if (!(native.client instanceof pg.Pool)) throw new Error("a store's own statements run on its pool");
    buckets = postgresBuckets({ $client: native.client });
  } else {
    buckets = {
      take: (b) => store.write((tx) => onWriter(tx).take(b)),
      forget: (b) => store.write((tx) => onWriter(tx).forget(b)),
      prune: (b) => store.write((tx) => onWriter(tx).prune(b)),
    };
  }
  made.set(store, buckets);
  return buckets;
}
