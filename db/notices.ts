import "server-only";
import type Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { lockRow } from "./dialect";
import { type ContactStaging, type MadeNotice, type NoticeBatch, STAGED_COLUMNS, stagedContact, stagedCounts, stagingName } from "./notice-rows";
import { postgresNotices, postgresStaging } from "./pg/notices";
import type { Store, Tx } from "./store/store";
import { writeTransaction } from "./transaction";

// A run of notices is a bulk path (docs/postgres.md): its contacts wait in a temporary table of the
// engine's own connection, and each batch's notices and messages are written by the engine's own
// statements; SQLite's here, PostgreSQL's in db/pg/notices.ts. Both give the same rows.

export type { ContactStaging, NoticeBatch, NoticeTarget, StagedContact } from "./notice-rows";

function sqliteOf(tx: Tx): Database.Database {
  if (tx.native.engine !== "sqlite") throw new Error("SQLite's statements ran on another engine");
  return tx.native.client;
}

/**
 * SQLite's staging: a TEMP table of the store's writing connection (a file SQLite unlinks as it
 * opens it, so a crash leaves nothing), used only inside the store's writes, which run on that
 * connection; each contact is then marked in SQL: the first contact of its account in the file,
 * and whether the account is in the list (one index seek each).
 */
async function sqliteStaging(store: Store): Promise<ContactStaging> {
  const name = stagingName();
  const table = `temp.${name}`;
  const on = <T>(work: (c: Database.Database) => T) => writeTransaction(store, async (tx) => work(sqliteOf(tx)));
  await on((c) =>
    c.exec(`CREATE TABLE ${table} (line INTEGER PRIMARY KEY, account_key TEXT NOT NULL, ending TEXT NOT NULL, email TEXT NOT NULL,
      email_hash TEXT NOT NULL, domain TEXT NOT NULL, first INTEGER NOT NULL DEFAULT 0, affected INTEGER NOT NULL DEFAULT 0)`),
  );
  return {
    add: (rows) =>
      on((c) => {
        const insert = c.prepare(`INSERT INTO ${table} (line, account_key, ending, email, email_hash, domain) VALUES (:line, :accountKey, :ending, :email, :emailHash, :domain)`);
        for (const r of rows) insert.run(r);
      }),
    match: (listId) =>
      on((c) => {
        c.exec(`CREATE INDEX temp.${name}_account ON ${name} (account_key, line)`);
        c.prepare(
          `UPDATE ${table} AS s SET first = (s.line = (SELECT min(d.line) FROM ${table} AS d WHERE d.account_key = s.account_key)),
            affected = EXISTS (SELECT 1 FROM main.affected_response AS r WHERE r.list_id = ? AND r.tenant_key = s.account_key)`,
        ).run(listId);
        const n = stagedCounts.parse(c.prepare(`SELECT sum(first = 0) AS skipped, sum(first = 1 AND affected = 0) AS notInList, sum(first = 1 AND affected = 1) AS affected FROM ${table}`).get());
        return { skipped: n.skipped ?? 0, notInList: n.notInList ?? 0, affected: n.affected ?? 0 };
      }),
    skippedLines: (most) => on((c) => z.array(z.number().int()).parse(c.prepare(`SELECT line FROM ${table} WHERE first = 0 ORDER BY line LIMIT ?`).pluck().all(most))),
    next: (after, limit) => on((c) => z.array(stagedContact).parse(c.prepare(`SELECT ${STAGED_COLUMNS} FROM ${table} WHERE line > ? AND first = 1 AND affected = 1 ORDER BY line LIMIT ?`).all(after, limit))),
    drop: () => on((c) => void c.exec(`DROP TABLE IF EXISTS ${table}`)),
  };
}

/** A run's staging on the store's engine; the caller drops it, whatever happens. */
export function contactStaging(store: Store): Promise<ContactStaging> {
  const native = store.q.native;
  return native.engine === "postgres" ? postgresStaging(native.client) : sqliteStaging(store);
}

const target = z.strictObject({ incidentId: z.number().int(), slug: z.string(), title: z.string(), shape: z.string().nullable(), published: z.number().int(), listId: z.number().int().nullable(), sample: z.number().int().nullable(), rows: z.number().int().nullable() });

/** The incident of this slug (drafts too) and its live list, as a run needs them; undefined when there is none. */
export function readNoticeTarget(tx: Tx, slug: string) {
  return tx.row(
    target,
    sql`SELECT i.id AS "incidentId", i.slug AS slug, i.title AS title, i.affected_shape AS shape, i.published AS published, l.id AS "listId", l.sample AS sample, l.rows AS rows
      FROM incident i LEFT JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live' WHERE i.slug = ${slug}`,
  );
}

const NOTICE = "INSERT INTO notice (incident_id, list_id, account_key, account_ending, email_hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id";
const MESSAGE = `INSERT INTO outbox_message (key, channel, purpose, incident_id, notice_id, recipient, recipient_hash, domain, payload, due_at)
  VALUES (?, 'email', 'notice', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`;
const noticeId = z.number().int().optional();

/** SQLite's batch: a compiled statement run for each contact, inside the store's write on its connection. */
function sqliteNotices(c: Database.Database, { target, contacts, payload, now }: NoticeBatch): MadeNotice[] {
  const insert = c.prepare(NOTICE).pluck();
  const message = c.prepare(MESSAGE);
  const made: MadeNotice[] = [];
  for (const contact of contacts) {
    const id = noticeId.parse(insert.get(target.incidentId, target.listId, contact.accountKey, contact.ending, contact.emailHash));
    if (id === undefined) continue;
    message.run(`notice:${id}`, target.incidentId, id, contact.email, contact.emailHash, contact.domain, JSON.stringify(payload(contact, id)), now);
    made.push({ id, contact });
  }
  return made;
}

const one = z.object({ one: z.number() });

/**
 * One batch of a run, in the caller's transaction: a notice per contact and its message in the
 * outbox, keyed by the notice. An account of the list noticed before (by any run, to any address)
 * gets nothing: the unique indexes on notice say so. `live` is false when the list changed meanwhile.
 */
export async function noticeBatch(tx: Tx, batch: NoticeBatch): Promise<{ live: boolean; queued: number; already: number }> {
  await lockRow(tx, "affected_list", batch.target.listId);
  if (!(await tx.row(one, sql`SELECT 1 AS one FROM affected_list WHERE id = ${batch.target.listId} AND state = 'live'`))) return { live: false, queued: 0, already: 0 };
  const made = tx.native.engine === "sqlite" ? sqliteNotices(tx.native.client, batch) : await postgresNotices(tx, batch);
  return { live: true, queued: made.length, already: batch.contacts.length - made.length };
}

const asked = z.strictObject({ id: z.number().int(), ending: z.string() });

/** The notices of this incident to this address whose account is in the live list: one per account, its newest. */
export function noticesTo(tx: Tx, { incidentId, listId, emailHash }: { incidentId: number; listId: number; emailHash: string }) {
  // An account's ending is the same in each of its notices (both come of its id).
  return tx.rows(
    asked,
    sql`SELECT max(n.id) AS id, n.account_ending AS ending FROM notice n
      WHERE n.incident_id = ${incidentId} AND n.email_hash = ${emailHash} AND EXISTS (SELECT 1 FROM affected_response r WHERE r.list_id = ${listId} AND r.tenant_key = n.account_key)
      GROUP BY n.account_key, n.account_ending ORDER BY max(n.id)`,
  );
}

/** Whether any notice of this incident went out through Aftermath: only then can a tenant ask for its link again. */
export const sentNotices = async (tx: Tx, slug: string): Promise<boolean> =>
  (await tx.row(one, sql`SELECT 1 AS one FROM notice n JOIN incident i ON i.id = n.incident_id WHERE i.slug = ${slug} LIMIT 1`)) !== undefined;

/** How many accounts of the incident were noticed, in any of its lists. */
export const noticeCount = async (tx: Tx, incidentId: number): Promise<number> =>
  (await tx.row(z.object({ n: z.number().int() }), sql`SELECT count(*) AS n FROM notice WHERE incident_id = ${incidentId}`))?.n ?? 0;
