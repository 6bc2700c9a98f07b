import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { jsonText } from "../dialect";
import { OUTBOX_PURPOSES, OUTBOX_STATES } from "../schema/outbox";
import type { Tx } from "../store/store";

// What the outbox holds for one incident, read in SQL by the (incident_id, state) index: the
// editor's counts and dead letters, and the notices a run of notify:affected waits for.

const tally = z.strictObject({ purpose: z.enum(OUTBOX_PURPOSES), state: z.enum(OUTBOX_STATES), count: z.number().int() });
export type OutboxTally = Array<z.infer<typeof tally>>;

/** How many messages of the incident there are, by purpose and state. */
export function outboxTally(tx: Tx, incidentId: number): Promise<OutboxTally> {
  return tx.rows(tally, sql`SELECT purpose, state, count(*) AS count FROM outbox_message WHERE incident_id = ${incidentId} GROUP BY purpose, state ORDER BY purpose, state`);
}

const dead = z.strictObject({ id: z.number().int(), purpose: z.enum(OUTBOX_PURPOSES), to: z.string().nullable(), attempts: z.number().int(), lastError: z.string().nullable(), createdAt: z.string() });
export type DeadLetter = z.infer<typeof dead>;

/** The incident's newest messages given up, with the masked recipient their payload carries and the server's last reply. */
export function deadLetters(tx: Tx, incidentId: number, limit = 50): Promise<DeadLetter[]> {
  return tx.rows(
    dead,
    sql`SELECT id, purpose, ${jsonText(tx, sql`payload`, "to")} AS "to", attempts, last_error AS "lastError", created_at AS "createdAt"
      FROM outbox_message WHERE incident_id = ${incidentId} AND state = 'dead' ORDER BY id DESC LIMIT ${limit}`,
  );
}

const waiting = z.strictObject({ pending: z.number().int(), retrying: z.number().int().nullable(), held: z.number().int().nullable(), heldUntil: z.number().int().nullable(), nextDueAt: z.number().int().nullable() });

/**
 * The incident's notices still to send: how many, how many wait for a try again after a failure,
 * how many another worker holds under its lease and until when, and when the first is due.
 */
export async function noticesWaiting(tx: Tx, incidentId: number): Promise<{ pending: number; retrying: number; held: number; heldUntil: number | null; nextDueAt: number | null }> {
  const row = await tx.row(
    waiting,
    sql`SELECT count(*) AS pending, sum(CASE WHEN lease IS NULL AND last_error IS NOT NULL THEN 1 ELSE 0 END) AS retrying,
        sum(CASE WHEN lease IS NOT NULL THEN 1 ELSE 0 END) AS held, max(CASE WHEN lease IS NOT NULL THEN due_at END) AS "heldUntil", min(due_at) AS "nextDueAt"
      FROM outbox_message WHERE incident_id = ${incidentId} AND state = 'pending' AND purpose = 'notice'`,
  );
  if (!row) throw new Error("an aggregate answered no row");
  return { pending: row.pending, retrying: row.retrying ?? 0, held: row.held ?? 0, heldUntil: row.heldUntil, nextDueAt: row.nextDueAt };
}

const message = z.strictObject({ dueAt: z.number().int(), ending: z.string().nullable() });

/** When a message is due next, and the account ending of its notice: what a run says of a try that failed. */
export const messageDue = (tx: Tx, id: number) =>
  tx.row(message, sql`SELECT m.due_at AS "dueAt", n.account_ending AS ending FROM outbox_message m LEFT JOIN notice n ON n.id = m.notice_id WHERE m.id = ${id}`);
