import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { NoticePayload } from "@/domain/notify";
import type { Db, Tx } from "./client";
import { enqueue } from "./outbox/queue";

/** One contact of a run, keyed: its account's keyed hash and ending, its address, the address's keyed hash and domain. */
export type StagedContact = { line: number; accountKey: string; ending: string; email: string; emailHash: string; domain: string };

/** Where a run's notices go: a published incident and its live list, with rows to match accounts against. */
export type NoticeTarget = { incidentId: number; slug: string; title: string; listId: number };

const staged = z.strictObject({ line: z.number().int(), accountKey: z.string(), ending: z.string(), email: z.string(), emailHash: z.string(), domain: z.string() });
const counted = z.strictObject({ skipped: z.number().int().nullable(), notInList: z.number().int().nullable(), affected: z.number().int().nullable() });
const COLUMNS = "line, account_key AS accountKey, ending, email, email_hash AS emailHash, domain";

/**
 * A run's contacts wait in a TEMP table of the connection (a file SQLite unlinks as it opens it, so a
 * crash leaves nothing), which takes no lock on the database; each is then marked in SQL: the first
 * contact of its account in the file, and whether the account is in the list (one index seek each).
 */
export function contactStaging(db: Db) {
  const c = db.$client;
  const name = `notice_contact_${randomBytes(6).toString("hex")}`;
  const table = `temp.${name}`;
  c.exec(`CREATE TABLE ${table} (line INTEGER PRIMARY KEY, account_key TEXT NOT NULL, ending TEXT NOT NULL, email TEXT NOT NULL,
    email_hash TEXT NOT NULL, domain TEXT NOT NULL, first INTEGER NOT NULL DEFAULT 0, affected INTEGER NOT NULL DEFAULT 0)`);
  const insert = c.prepare(`INSERT INTO ${table} (line, account_key, ending, email, email_hash, domain) VALUES (:line, :accountKey, :ending, :email, :emailHash, :domain)`);
  const addAll = c.transaction((rows: StagedContact[]) => rows.forEach((r) => insert.run(r)));
  return {
    add: (rows: StagedContact[]) => addAll(rows),
    /** Marks every contact against the list; how many are later contacts of an account, not in the list, and in it. */
    match(listId: number): { skipped: number; notInList: number; affected: number } {
      c.exec(`CREATE INDEX temp.${name}_account ON ${name} (account_key, line)`);
      c.prepare(
        `UPDATE ${table} AS s SET first = (s.line = (SELECT min(d.line) FROM ${table} AS d WHERE d.account_key = s.account_key)),
          affected = EXISTS (SELECT 1 FROM main.affected_response AS r WHERE r.list_id = ? AND r.tenant_key = s.account_key)`,
      ).run(listId);
      const n = counted.parse(c.prepare(`SELECT sum(first = 0) AS skipped, sum(first = 1 AND affected = 0) AS notInList, sum(first = 1 AND affected = 1) AS affected FROM ${table}`).get());
      return { skipped: n.skipped ?? 0, notInList: n.notInList ?? 0, affected: n.affected ?? 0 };
    },
    /** The lines of the contacts passed over for an earlier one of the same account, the first `most`. */
    skippedLines: (most: number) => z.array(z.number().int()).parse(c.prepare(`SELECT line FROM ${table} WHERE first = 0 ORDER BY line LIMIT ?`).pluck().all(most)),
    /** The next `limit` contacts to notice, after line `after`: the first of each account in the list. */
    next: (after: number, limit: number) => z.array(staged).parse(c.prepare(`SELECT ${COLUMNS} FROM ${table} WHERE line > ? AND first = 1 AND affected = 1 ORDER BY line LIMIT ?`).all(after, limit)),
    drop: () => c.exec(`DROP TABLE IF EXISTS ${table}`),
  };
}
export type ContactStaging = ReturnType<typeof contactStaging>;

const target = z.strictObject({ incidentId: z.number().int(), slug: z.string(), title: z.string(), shape: z.string().nullable(), published: z.number().int(), listId: z.number().int().nullable(), sample: z.number().int().nullable(), rows: z.number().int().nullable() });

/** The incident of this slug (drafts too) and its live list, as a run needs them; undefined when there is none. */
export function readNoticeTarget(db: Db, slug: string) {
  const row = db.$client
    .prepare(
      `SELECT i.id AS incidentId, i.slug AS slug, i.title AS title, i.affected_shape AS shape, i.published AS published, l.id AS listId, l.sample AS sample, l.rows AS rows
       FROM incident i LEFT JOIN affected_list l ON l.incident_id = i.id AND l.state = 'live' WHERE i.slug = ?`,
    )
    .get(slug);
  return row === undefined ? undefined : target.parse(row);
}

const LIVE = "SELECT 1 FROM affected_list WHERE id = ? AND state = 'live'";
const NOTICE = "INSERT INTO notice (incident_id, list_id, account_key, account_ending, email_hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id";
const noticeId = z.number().int().optional();

/**
 * One batch of a run, in the caller's transaction on `db`: a notice per contact and its message in
 * the outbox, keyed by the notice. An account of the list noticed before (by any run, to any address)
 * gets nothing: the unique indexes on notice say so. `live` is false when the list changed meanwhile.
 */
export function noticeBatch(
  db: Db,
  tx: Tx,
  { target, contacts, payload, now }: { target: NoticeTarget; contacts: StagedContact[]; payload: (c: StagedContact, noticeId: number) => NoticePayload; now: number },
): { live: boolean; queued: number; already: number } {
  if (db.$client.prepare(LIVE).get(target.listId) === undefined) return { live: false, queued: 0, already: 0 };
  const insert = db.$client.prepare(NOTICE).pluck();
  let queued = 0;
  for (const contact of contacts) {
    const id = noticeId.parse(insert.get(target.incidentId, target.listId, contact.accountKey, contact.ending, contact.emailHash));
    if (id === undefined) continue;
    enqueue(tx, {
      key: `notice:${id}`,
      channel: "email",
      purpose: "notice",
      incidentId: target.incidentId,
      noticeId: id,
      recipient: contact.email,
      recipientHash: contact.emailHash,
      domain: contact.domain,
      payload: payload(contact, id),
      dueAt: now,
    });
    queued += 1;
  }
  return { live: true, queued, already: contacts.length - queued };
}

const asked = z.array(z.strictObject({ id: z.number().int(), ending: z.string() }));

/** The notices of this incident to this address whose account is in the live list: one per account, its newest. */
export function noticesTo(db: Db, { incidentId, listId, emailHash }: { incidentId: number; listId: number; emailHash: string }) {
  const rows = db.$client
    .prepare(
      `SELECT max(n.id) AS id, n.account_ending AS ending FROM notice n
       WHERE n.incident_id = ? AND n.email_hash = ? AND EXISTS (SELECT 1 FROM affected_response r WHERE r.list_id = ? AND r.tenant_key = n.account_key)
       GROUP BY n.account_key ORDER BY id`,
    )
    .all(incidentId, emailHash, listId);
  return asked.parse(rows);
}

/** Whether any notice of this incident went out through Aftermath: only then can a tenant ask for its link again. */
export const sentNotices = (db: Db, slug: string) => db.$client.prepare("SELECT 1 FROM notice n JOIN incident i ON i.id = n.incident_id WHERE i.slug = ? LIMIT 1").get(slug) !== undefined;

/** How many accounts of the incident were noticed, in any of its lists. */
export const noticeCount = (db: Db, incidentId: number) => z.number().int().parse(db.$client.prepare("SELECT count(*) FROM notice WHERE incident_id = ?").pluck().get(incidentId));
