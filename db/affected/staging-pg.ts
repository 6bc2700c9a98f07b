import "server-only";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";
import { field } from "../pg/copy";
import type { Store, Tx } from "../store/store";
import { writeTransaction } from "../transaction";
import { STAGED_COLUMNS, type Staging } from "./staged";

/** A bulk statement's time limit (the pool's is a minute): a million rows may take longer. */
const BULK_TIMEOUT_MS = 30 * 60_000;

const counted = z.object({ n: z.number().int() });

/** The write's own connection, inside one of PostgreSQL's writes. */
function clientOf(tx: Tx): pg.PoolClient {
  if (tx.native.engine !== "postgres" || !("release" in tx.native.client)) throw new Error("PostgreSQL's staging runs inside a PostgreSQL write only");
  return tx.native.client;
}

/** The table an import's rows are staged in, gone with its transaction. */
export const stagedTable = (name: string) =>
  `CREATE TEMP TABLE ${name} (tenant_key text NOT NULL, request_id text NOT NULL, occurred_at text, m1 bigint, m2 bigint, m3 bigint, m4 bigint, role text NOT NULL, classes bigint NOT NULL) ON COMMIT DROP`;

/**
 * The staged rows into the new list ($1), sorted. The list is new, so a key repeats only among the
 * staged rows: DISTINCT ON keeps each once, where ON CONFLICT probed the unique index for every row
 * (the benchmark's million rows: 12.7–16.0 s instead of 18.8 s; npm run bench:import-statement:pg).
 */
export const moveStatement = (name: string) =>
  `INSERT INTO affected_response (list_id, ${STAGED_COLUMNS}) SELECT DISTINCT ON (tenant_key, request_id, role) $1, ${STAGED_COLUMNS} FROM ${name} ORDER BY tenant_key, request_id, role`;

/**
 * On PostgreSQL an import's rows wait in a file of COPY's text format while the input is read and
 * checked (no transaction is open meanwhile); the file is unlinked as soon as it is opened, so
 * nothing is left of it after a crash. Then one write COPYs them into a TEMP table that goes with
 * its transaction and moves them, sorted and each once, into the new list: all of them or, if
 * anything fails, none.
 */
export async function postgresStaging(store: Store, listId: number): Promise<Staging> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "aftermath-import-"));
  const handle = await fs.promises.open(path.join(dir, "rows.tsv"), "w+", 0o600);
  await fs.promises.rm(dir, { recursive: true, force: true });
  const out = handle.createWriteStream({ autoClose: false });
  let carried: number | null = null;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    out.destroy();
    await handle.close();
  };
  return {
    async add(rows) {
      if (!out.write(rows.map((r) => `${r.map(field).join("\t")}\n`).join(""))) await once(out, "drain");
    },
    async addList(fromListId) {
      carried = fromListId;
      return (await store.q.row(counted, sql`SELECT count(*) AS n FROM affected_response WHERE list_id = ${fromListId}`))?.n ?? 0;
    },
    async moveInto() {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      // Marked alive where a sweep sees it, before the long transaction whose own mark it sees only at the end.
      await writeTransaction(store, (tx) => tx.exec(sql`UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${listId}`));
      await writeTransaction(store, async (tx) => {
        const client = clientOf(tx);
        const staged = `import_staged_${listId}`;
        // node-postgres reads a query's own time limit from its config (its types do not name it).
        const run = (text: string, values: unknown[] = []) => {
          const config = { text, values, query_timeout: BULK_TIMEOUT_MS };
          return client.query(config);
        };
        await run(stagedTable(staged));
        const copy = Object.assign(copyFrom(`COPY ${staged} (${STAGED_COLUMNS}) FROM STDIN`), { query_timeout: BULK_TIMEOUT_MS });
        await pipeline(handle.createReadStream({ start: 0, autoClose: false }), client.query(copy));
        if (carried !== null) await run(`INSERT INTO ${staged} (${STAGED_COLUMNS}) SELECT ${STAGED_COLUMNS} FROM affected_response WHERE list_id = $1`, [carried]);
        await run(moveStatement(staged), [listId]);
        await run("UPDATE affected_list SET touched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = $1", [listId]);
      });
    },
    drop,
    done: drop,
  };
}
