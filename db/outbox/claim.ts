import "server-only";
import type Database from "better-sqlite3";
import { z } from "zod";
import { outboxPayload } from "@/domain/notify";
import type { Db } from "../client";
import { writeTransaction } from "../transaction";

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
const CLAIM = `UPDATE outbox_message SET lease = :lease, due_at = :until, attempts = attempts + 1
  WHERE id IN (SELECT id FROM outbox_message WHERE state = 'pending' AND channel = :channel AND due_at <= :now ORDER BY due_at LIMIT :limit)
  RETURNING id, key, channel, purpose, incident_id AS incidentId, subscriber_id AS subscriberId, notice_id AS noticeId,
    recipient, domain, payload, attempts`;
const SENT = `UPDATE outbox_message SET state = 'sent', lease = NULL, recipient = NULL, last_error = NULL, sent_at = :at WHERE id = :id AND lease = :lease`;
const RETRY = `UPDATE outbox_message SET lease = NULL, due_at = :dueAt, last_error = :error WHERE id = :id AND lease = :lease`;
const DEFER = `UPDATE outbox_message SET lease = NULL, due_at = :dueAt, attempts = attempts - 1 WHERE id = :id AND lease = :lease`;
const DEAD = `UPDATE outbox_message SET state = 'dead', lease = NULL, recipient = NULL, last_error = :error WHERE id = :id AND lease = :lease`;

const made = new WeakMap<Database.Database, Claims>();

/** SQLite's claims: statements compiled once per connection; the claim under BEGIN IMMEDIATE. */
export function sqliteClaims(db: Db): Claims {
  const c = db.$client;
  const found = made.get(c);
  if (found) return found;
  const s = { claim: c.prepare(CLAIM), sent: c.prepare(SENT), retry: c.prepare(RETRY), defer: c.prepare(DEFER), dead: c.prepare(DEAD) };
  const claims: Claims = {
    claimDue: async ({ channel, now, lease, leaseMs, limit }) => z.array(claimedRow).parse(writeTransaction(db, () => s.claim.all({ channel, now, lease, until: now + leaseMs, limit }))),
    sent: async (m) => s.sent.run({ id: m.id, lease: m.lease, at: m.at.toISOString() }).changes > 0,
    retry: async (m) => s.retry.run(m).changes > 0,
    defer: async (m) => s.defer.run(m).changes > 0,
    dead: async (m) => s.dead.run(m).changes > 0,
  };
  made.set(c, claims);
  return claims;
}
