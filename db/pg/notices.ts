import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import { z } from "zod";
import { type ContactStaging, type MadeNotice, type NoticeBatch, STAGED_COLUMNS, type StagedContact, stagedContact, stagedCounts, stagingName } from "../notice-rows";
import type { Tx } from "../store/store";
import { reachable } from "./unreachable";

// SQLite's run of notices (db/notices.ts) on PostgreSQL: the contacts wait in a TEMP table of one
// connection the run holds (a temporary table lives as long as its session, so a crash leaves
// nothing), and each batch is written by multi-row INSERTs in the batch's own transaction.

/**
 * The run's staging on one connection of the pool, kept until it is dropped: the store's reads and
 * writes each take a connection of their own, and a TEMP table is seen only by its session.
 */
export async function postgresStaging(on: pg.Pool | pg.PoolClient): Promise<ContactStaging> {
  const client = "release" in on ? on : await reachable(() => on.connect());
  const owned = client !== on;
  let broken = false;
  // A held connection that dies emits its error on itself; unheard, it would end the process.
  const lost = () => (broken = true);
  client.on("error", lost);
  const name = stagingName();
  const query = (text: string, values: unknown[] = []) => reachable(() => client.query(text, values));
  try {
    await query(`CREATE TEMP TABLE ${name} (line integer PRIMARY KEY, account_key text NOT NULL, ending text NOT NULL, email text NOT NULL,
      email_hash text NOT NULL, domain text NOT NULL, first boolean NOT NULL DEFAULT false, affected boolean NOT NULL DEFAULT false)`);
  } catch (error) {
    if (owned) client.release(true);
    throw error;
  }
  const column = <K extends keyof StagedContact>(rows: StagedContact[], key: K) => rows.map((r) => r[key]);
  return {
    add: async (rows) => {
      await query(
        `INSERT INTO ${name} (line, account_key, ending, email, email_hash, domain) SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [column(rows, "line"), column(rows, "accountKey"), column(rows, "ending"), column(rows, "email"), column(rows, "emailHash"), column(rows, "domain")],
      );
    },
    match: async (listId) => {
      // Autovacuum never analyzes a temporary table: the planner is told its size before the marking.
      await query(`CREATE INDEX ON ${name} (account_key, line)`);
      await query(`ANALYZE ${name}`);
      await query(
        `UPDATE ${name} AS s SET first = (s.line = (SELECT min(d.line) FROM ${name} AS d WHERE d.account_key = s.account_key)),
          affected = EXISTS (SELECT 1 FROM affected_response AS r WHERE r.list_id = $1 AND r.tenant_key = s.account_key)`,
        [listId],
      );
      const { rows } = await query(
        `SELECT count(*) FILTER (WHERE NOT first) AS skipped, count(*) FILTER (WHERE first AND NOT affected) AS "notInList", count(*) FILTER (WHERE first AND affected) AS affected FROM ${name}`,
      );
      const n = stagedCounts.parse(rows[0]);
      return { skipped: n.skipped ?? 0, notInList: n.notInList ?? 0, affected: n.affected ?? 0 };
    },
    skippedLines: async (most) => (await query(`SELECT line FROM ${name} WHERE NOT first ORDER BY line LIMIT $1`, [most])).rows.map((r) => z.object({ line: z.number().int() }).parse(r).line),
    next: async (after, limit) => z.array(stagedContact).parse((await query(`SELECT ${STAGED_COLUMNS} FROM ${name} WHERE line > $1 AND first AND affected ORDER BY line LIMIT $2`, [after, limit])).rows),
    drop: async () => {
      try {
        await query(`DROP TABLE IF EXISTS ${name}`);
      } catch {
        // A connection that cannot drop its table is closed, and the table with it.
        broken = true;
      } finally {
        client.off("error", lost);
        if (owned) client.release(broken);
      }
    },
  };
}

/** Rows a statement takes at a time: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
const values = (rows: SQL[]) => sql.join(rows, sql`, `);
const madeRow = z.strictObject({ id: z.number().int(), accountKey: z.string() });

/**
 * PostgreSQL's batch, in the caller's transaction: the notices by multi-row INSERTs, an account
 * noticed before passed over by the unique indexes, then the new notices' messages likewise.
 */
export async function postgresNotices(tx: Tx, { target, contacts, payload, now }: NoticeBatch): Promise<MadeNotice[]> {
  const made: MadeNotice[] = [];
  for (const part of chunks(contacts)) {
    const rows = part.map((c) => sql`(${target.incidentId}, ${target.listId}, ${c.accountKey}, ${c.ending}, ${c.emailHash})`);
    const ids = await tx.rows(
      madeRow,
      sql`INSERT INTO notice (incident_id, list_id, account_key, account_ending, email_hash) VALUES ${values(rows)} ON CONFLICT DO NOTHING RETURNING id, account_key AS "accountKey"`,
    );
    // A batch holds the first contact of each account only: its account key names its notice.
    const idOf = new Map(ids.map((r) => [r.accountKey, r.id]));
    for (const contact of part) {
      const id = idOf.get(contact.accountKey);
      if (id !== undefined) made.push({ id, contact });
    }
  }
  for (const part of chunks(made)) {
    const rows = part.map(
      ({ id, contact: c }) => sql`(${`notice:${id}`}, 'email', 'notice', ${target.incidentId}, ${id}, ${c.email}, ${c.emailHash}, ${c.domain}, ${JSON.stringify(payload(c, id))}, ${now})`,
    );
    await tx.exec(sql`INSERT INTO outbox_message (key, channel, purpose, incident_id, notice_id, recipient, recipient_hash, domain, payload, due_at) VALUES ${values(rows)} ON CONFLICT (key) DO NOTHING`);
  }
  return made;
}
