import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { recordAudit } from "./audit";
import type { Db, Tx } from "./client";
import { subscriber } from "./schema";
import type { SubscriberChannel } from "./schema/subscriber";
import { writeTransaction } from "./transaction";

export type SubscriberRow = typeof subscriber.$inferSelect;
const READER: Actor = { kind: "system", name: "reader" };

const scopeIs = (incidentId: number | null) => (incidentId === null ? isNull(subscriber.incidentId) : eq(subscriber.incidentId, incidentId));

// A subscriber's audit entries name no address and no incident: they are not the record's history.
function audit(tx: Parameters<typeof recordAudit>[0], id: number, before: unknown, after: unknown, action: "create" | "update" = "update") {
  recordAudit(tx, { actor: READER, incident: null, action, entity: "subscriber", entityId: id, before, after });
}

/** `locale`: the language of the page signed up on; a confirmed subscription keeps the one it has. */
export type SignUp = { channel: SubscriberChannel; incidentId: number | null; address: string; addressHash: string; domain: string; pendingSecret: string | null; locale: string };

/**
 * A sign-up, with a new nonce so only the newest confirmation link confirms: a new subscription, or
 * one not confirmed (or ended) made to wait again. A confirmed one stays confirmed, its address and
 * secret as they were: only a webhook's new secret waits, in force once its confirmation is used.
 * `then` queues the confirmation in the same transaction; it is told whether there is anything to confirm.
 */
export function signUp(db: Db, s: SignUp, then: (tx: Tx, row: SubscriberRow, confirmable: boolean) => void): SubscriberRow {
  return writeTransaction(db, (tx) => {
    const found = tx.select().from(subscriber).where(and(eq(subscriber.channel, s.channel), eq(subscriber.addressHash, s.addressHash), scopeIs(s.incidentId))).get();
    const confirmed = found?.state === "confirmed";
    if (confirmed && s.pendingSecret === null) {
      then(tx, found, false);
      return found;
    }
    const row = found
      ? tx
          .update(subscriber)
          .set(confirmed ? { pendingSecret: s.pendingSecret, nonce: found.nonce + 1 } : { ...s, state: "pending", nonce: found.nonce + 1, endedAt: null })
          .where(eq(subscriber.id, found.id))
          .returning()
          .get()
      : tx.insert(subscriber).values({ ...s, state: "pending" }).returning().get();
    audit(tx, row.id, found ? { state: found.state } : null, { channel: row.channel, state: row.state, incidentId: row.incidentId }, found ? "update" : "create");
    then(tx, row, true);
    return row;
  });
}

/** Confirms a waiting subscription whose link carries its current nonce; false when that link is stale or it is not waiting. */
export function confirmSubscriber(db: Db, id: number, nonce: number): SubscriberRow | null {
  return writeTransaction(db, (tx) => {
    const found = tx.select().from(subscriber).where(eq(subscriber.id, id)).get();
    if (!found || found.nonce !== nonce || (found.state !== "pending" && found.state !== "confirmed")) return null;
    if (found.state === "confirmed" && found.pendingSecret === null) return found;
    // A webhook's secret shown at its sign-up comes into force with its confirmation.
    const secret = found.pendingSecret ?? found.secret;
    const row = tx
      .update(subscriber)
      .set({ state: "confirmed", secret, pendingSecret: null, confirmedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
      .where(eq(subscriber.id, id))
      .returning()
      .get();
    audit(tx, id, { state: found.state }, { state: row.state });
    return row;
  });
}

/**
 * Ends a subscription (unsubscribed, or disabled when its endpoint answered 410): its address is
 * dropped, its hash kept, and nothing more is queued for it. Ending an ended one changes nothing.
 */
export function endSubscriber(db: Db, id: number, state: "ended" | "disabled"): SubscriberRow | null {
  return writeTransaction(db, (tx) => {
    const found = tx.select().from(subscriber).where(eq(subscriber.id, id)).get();
    if (!found) return null;
    if (found.state === "ended" || found.state === "disabled") return found;
    const row = tx.update(subscriber).set({ state, address: null, secret: null, pendingSecret: null, endedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` }).where(eq(subscriber.id, id)).returning().get();
    tx.run(sql`UPDATE outbox_message SET state = 'dead', recipient = NULL, last_error = 'the subscription ended before it was sent' WHERE subscriber_id = ${id} AND state = 'pending' AND lease IS NULL`);
    audit(tx, id, { state: found.state }, { state });
    return row;
  });
}

export const subscriberById = (db: Db, id: number) => db.select().from(subscriber).where(eq(subscriber.id, id)).get() ?? null;
