import "server-only";
import { z } from "zod";
import type { Db } from "../client";
import { OUTBOX_PURPOSES, OUTBOX_STATES } from "../schema/outbox";

// What the outbox holds for one incident, read in SQL by the (incident_id, state) index: the
// editor's counts and dead letters, and the notices a run of notify:affected waits for.

const tally = z.array(z.strictObject({ purpose: z.enum(OUTBOX_PURPOSES), state: z.enum(OUTBOX_STATES), count: z.number().int() }));
export type OutboxTally = z.infer<typeof tally>;

/** How many messages of the incident there are, by purpose and state. */
export function outboxTally(db: Db, incidentId: number): OutboxTally {
  return tally.parse(db.$client.prepare("SELECT purpose, state, count(*) AS count FROM outbox_message WHERE incident_id = ? GROUP BY purpose, state ORDER BY purpose, state").all(incidentId));
}

const dead = z.array(
  z.strictObject({ id: z.number().int(), purpose: z.enum(OUTBOX_PURPOSES), to: z.string().nullable(), attempts: z.number().int(), lastError: z.string().nullable(), createdAt: z.string() }),
);
export type DeadLetter = z.infer<typeof dead>[number];

/** The incident's newest messages given up, with the masked recipient their payload carries and the server's last reply. */
export function deadLetters(db: Db, incidentId: number, limit = 50): DeadLetter[] {
  const rows = db.$client
    .prepare(
      `SELECT id, purpose, json_extract(payload, '$.to') AS "to", attempts, last_error AS lastError, created_at AS createdAt
       FROM outbox_message WHERE incident_id = ? AND state = 'dead' ORDER BY id DESC LIMIT ?`,
    )
    .all(incidentId, limit);
  return dead.parse(rows);
}

const waiting = z.strictObject({ pending: z.number().int(), retrying: z.number().int().nullable(), held: z.number().int().nullable(), heldUntil: z.number().int().nullable(), nextDueAt: z.number().int().nullable() });

/**
 * The incident's notices still to send: how many, how many wait for a try again after a failure,
 * how many another worker holds under its lease and until when, and when the first is due.
 */
export function noticesWaiting(db: Db, incidentId: number): { pending: number; retrying: number; held: number; heldUntil: number | null; nextDueAt: number | null } {
  const row = waiting.parse(
    db.$client
      .prepare(
        `SELECT count(*) AS pending, sum(lease IS NULL AND last_error IS NOT NULL) AS retrying, sum(lease IS NOT NULL) AS held,
           max(CASE WHEN lease IS NOT NULL THEN due_at END) AS heldUntil, min(due_at) AS nextDueAt
         FROM outbox_message WHERE incident_id = ? AND state = 'pending' AND purpose = 'notice'`,
      )
      .get(incidentId),
  );
  return { pending: row.pending, retrying: row.retrying ?? 0, held: row.held ?? 0, heldUntil: row.heldUntil, nextDueAt: row.nextDueAt };
}

const message = z.strictObject({ dueAt: z.number().int(), ending: z.string().nullable() }).optional();

/** When a message is due next, and the account ending of its notice: what a run says of a try that failed. */
export const messageDue = (db: Db, id: number) =>
  message.parse(db.$client.prepare("SELECT m.due_at AS dueAt, n.account_ending AS ending FROM outbox_message m LEFT JOIN notice n ON n.id = m.notice_id WHERE m.id = ?").get(id));
