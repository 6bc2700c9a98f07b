import { z } from "zod";
import { type Claims, claimedRow } from "../outbox/claim";
import type pg from "pg";
import { reachable } from "./unreachable";

// SQLite's claim (db/outbox/claim.ts) on PostgreSQL: the due rows are locked as they are read, and
// rows another worker holds locked are skipped, not waited for, so workers on several machines
// claim at once and never the same message.
const CLAIM = `UPDATE outbox_message SET lease = $1, due_at = $2::bigint, attempts = attempts + 1
  WHERE id IN (SELECT id FROM outbox_message WHERE state = 'pending' AND channel = $3 AND due_at <= $4::bigint ORDER BY due_at LIMIT $5 FOR UPDATE SKIP LOCKED)
  RETURNING id, key, channel, purpose, incident_id AS "incidentId", subscriber_id AS "subscriberId", notice_id AS "noticeId",
    recipient, domain, payload, attempts`;
const SENT = `UPDATE outbox_message SET state = 'sent', lease = NULL, recipient = NULL, last_error = NULL, sent_at = $3 WHERE id = $1 AND lease = $2`;
const RETRY = `UPDATE outbox_message SET lease = NULL, due_at = $3::bigint, last_error = $4 WHERE id = $1 AND lease = $2`;
const DEFER = `UPDATE outbox_message SET lease = NULL, due_at = $3::bigint, attempts = attempts - 1 WHERE id = $1 AND lease = $2`;
const DEAD = `UPDATE outbox_message SET state = 'dead', lease = NULL, recipient = NULL, last_error = $3 WHERE id = $1 AND lease = $2`;

/** PostgreSQL's claims: each statement named, so every connection of the pool prepares it once. */
export function postgresClaims(pool: pg.Pool | pg.PoolClient): Claims {
  const changed = (name: string, text: string, values: unknown[]) => reachable(async () => ((await pool.query({ name, text, values })).rowCount ?? 0) > 0);
  return {
    claimDue: ({ channel, now, lease, leaseMs, limit }) =>
      reachable(async () => z.array(claimedRow).parse((await pool.query({ name: "outbox-claim", text: CLAIM, values: [lease, now + leaseMs, channel, now, limit] })).rows)),
    sent: (m) => changed("outbox-sent", SENT, [m.id, m.lease, m.at.toISOString()]),
    retry: (m) => changed("outbox-retry", RETRY, [m.id, m.lease, m.dueAt, m.error]),
    defer: (m) => changed("outbox-defer", DEFER, [m.id, m.lease, m.dueAt]),
    dead: (m) => changed("outbox-dead", DEAD, [m.id, m.lease, m.error]),
  };
}
