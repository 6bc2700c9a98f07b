import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { outboxPayload } from "@/domain/notify";
import type { Store } from "../store/store";

/** A message a worker holds under its lease: sent by it alone until the lease ends. */
export type Claimed = z.infer<typeof claimedRow>;

export const claimedRow = z
  .strictObject({
    id: z.number().int(),
    key: z.string(),
    channel: z.enum(["email", "webhook"]),
    purpose: z.enum(["confirm", "news", "notice", "link"]),
    incidentId: z.number().int().nullable(),
    subscriberId: z.number().int().nullable(),
    noticeId: z.number().int().nullable(),
    recipient: z.string().nullable(),
    domain: z.string(),
    payload: z.string(),
    attempts: z.number().int(),
  })
  .transform(({ payload, ...row }) => ({ ...row, payload: outboxPayload.parse(JSON.parse(payload)) }));

export type ClaimAsk = { channel: "email" | "webhook"; now: number; lease: string; leaseMs: number; limit: number };

/**
 * Each engine's claim and settlements (this file's for SQLite, db/pg/claims.ts for PostgreSQL).
 * Every settlement holds only while the lease is still the worker's (false: another took it over).
 */
export type Claims = {
  /** Takes up to `limit` due messages of a channel under `lease` until `now + leaseMs`, in one write. */
  claimDue(ask: ClaimAsk): Promise<Claimed[]>;
  sent(m: { id: number; lease: string; at: Date }): Promise<boolean>;
  retry(m: { id: number; lease: string; dueAt: number; error: string }): Promise<boolean>;
  /** A message held back by pacing was not tried: its claim does not count as an attempt. */
  defer(m: { id: number; lease: string; dueAt: number }): Promise<boolean>;
  dead(m: { id: number; lease: string; error: string }): Promise<boolean>;
};

// The oldest due pending rows of one channel, by the partial index on (channel, due_at): a claim
// reads only what it takes, however many rows were sent before or wait on the other channel. Claimed rows are due again when the
// lease ends, so a worker killed mid-send leaves them to the next claim, under the same key.
const claim = ({ channel, now, lease, leaseMs, limit }: ClaimAsk) => sql`UPDATE outbox_message SET lease = ${lease}, due_at = ${now + leaseMs}, attempts = attempts + 1
  WHERE id IN (SELECT id FROM outbox_message WHERE state = 'pending' AND channel = ${channel} AND due_at <= ${now} ORDER BY due_at LIMIT ${limit})
  RETURNING id, key, channel, purpose, incident_id AS "incidentId", subscriber_id AS "subscriberId", notice_id AS "noticeId",
    recipient, domain, payload, attempts`;

const made = new WeakMap<Store, Claims>();

/**
 * SQLite's claims: each one statement of the store's own, in its writing connection's turn (so none
 * lands inside another request's transaction), atomic by itself, and compiled once on that
 * connection. No transaction is held open across an await: other processes' workers on the file,
 * and other connections of this one, wait for the file's lock at most one statement long.
 */
export function sqliteClaims(store: Store): Claims {
  const found = made.get(store);
  if (found) return found;
  const changed = async (statement: SQL) => (await store.q.exec(statement)) > 0;
  const claims: Claims = {
    claimDue: (ask) => store.q.rows(claimedRow, claim(ask)),
    sent: (m) => changed(sql`UPDATE outbox_message SET state = 'sent', lease = NULL, recipient = NULL, last_error = NULL, sent_at = ${m.at.toISOString()} WHERE id = ${m.id} AND lease = ${m.lease}`),
    retry: (m) => changed(sql`UPDATE outbox_message SET lease = NULL, due_at = ${m.dueAt}, last_error = ${m.error} WHERE id = ${m.id} AND lease = ${m.lease}`),
    defer: (m) => changed(sql`UPDATE outbox_message SET lease = NULL, due_at = ${m.dueAt}, attempts = attempts - 1 WHERE id = ${m.id} AND lease = ${m.lease}`),
    dead: (m) => changed(sql`UPDATE outbox_message SET state = 'dead', lease = NULL, recipient = NULL, last_error = ${m.error} WHERE id = ${m.id} AND lease = ${m.lease}`),
  };
  made.set(store, claims);
  return claims;
}
