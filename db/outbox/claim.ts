import "server-only";
import type Database from "better-sqlite3";
import { z } from "zod";
import { outboxPayload } from "@/domain/notify";
import type { Db } from "../client";
import { writeTransaction } from "../transaction";

/** A message a worker holds under its lease: sent by it alone until the lease ends. */
export type Claimed = z.infer<typeof claimedRow>;

const claimedRow = z
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

// The oldest due pending rows of one channel, by the partial index on (channel, due_at): a claim
// reads only what it takes, however many rows were sent before or wait on the other channel. Claimed rows are due again when the
// lease ends, so a worker killed mid-send leaves them to the next claim, under the same key.
const CLAIM = `UPDATE outbox_message SET lease = :lease, due_at = :until, attempts = attempts + 1
  WHERE id IN (SELECT id FROM outbox_message WHERE state = 'pending' AND channel = :channel AND due_at <= :now ORDER BY due_at LIMIT :limit)
  RETURNING id, key, channel, purpose, incident_id AS incidentId, subscriber_id AS subscriberId, notice_id AS noticeId,
    recipient, domain, payload, attempts`;
const SENT = `UPDATE outbox_message SET state = 'sent', lease = NULL, recipient = NULL, last_error = NULL, sent_at = :at WHERE id = :id AND lease = :lease`;
const RETRY = `UPDATE outbox_message SET lease = NULL, due_at = :dueAt, last_error = :error WHERE id = :id AND lease = :lease`;
// A message held back by pacing was not tried: its claim does not count as an attempt.
const DEFER = `UPDATE outbox_message SET lease = NULL, due_at = :dueAt, attempts = attempts - 1 WHERE id = :id AND lease = :lease`;
const DEAD = `UPDATE outbox_message SET state = 'dead', lease = NULL, recipient = NULL, last_error = :error WHERE id = :id AND lease = :lease`;

type Statements = Record<"claim" | "sent" | "retry" | "defer" | "dead", Database.Statement>;
const prepared = new WeakMap<Database.Database, Statements>();
function statements(db: Db): Statements {
  const c = db.$client;
  let s = prepared.get(c);
  if (!s) prepared.set(c, (s = { claim: c.prepare(CLAIM), sent: c.prepare(SENT), retry: c.prepare(RETRY), defer: c.prepare(DEFER), dead: c.prepare(DEAD) }));
  return s;
}

/** Takes up to `limit` due messages of a channel under `lease` until `now + leaseMs`, in one write. */
export function claimDue(db: Db, { channel, now, lease, leaseMs, limit }: { channel: "email" | "webhook"; now: number; lease: string; leaseMs: number; limit: number }): Claimed[] {
  const rows = writeTransaction(db, () => statements(db).claim.all({ channel, now, lease, until: now + leaseMs, limit }));
  return z.array(claimedRow).parse(rows);
}

/** What became of a claimed message; each holds only while the lease is still this worker's (false: another took it over). */
export const settle = {
  sent: (db: Db, m: { id: number; lease: string; at: Date }) => statements(db).sent.run({ id: m.id, lease: m.lease, at: m.at.toISOString() }).changes > 0,
  retry: (db: Db, m: { id: number; lease: string; dueAt: number; error: string }) => statements(db).retry.run(m).changes > 0,
  defer: (db: Db, m: { id: number; lease: string; dueAt: number }) => statements(db).defer.run(m).changes > 0,
  dead: (db: Db, m: { id: number; lease: string; error: string }) => statements(db).dead.run(m).changes > 0,
};
