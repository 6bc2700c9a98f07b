import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { recordAudit } from "./audit";
import { lockRow } from "./dialect";
import { subscriber } from "./schema";
import type { SubscriberChannel } from "./schema/subscriber";
import type { Store, Tx } from "./store/store";
import { writeTransaction } from "./transaction";

export type SubscriberRow = typeof subscriber.$inferSelect;
const READER: Actor = { kind: "system", name: "reader" };

const scopeIs = (incidentId: number | null) => (incidentId === null ? isNull(subscriber.incidentId) : eq(subscriber.incidentId, incidentId));

// A subscriber's audit entries name no address and no incident: they are not the record's history.
async function audit(tx: Tx, id: number, before: unknown, after: unknown, action: "create" | "update" = "update"): Promise<void> {
  await recordAudit(tx, { actor: READER, incident: null, action, entity: "subscriber", entityId: id, before, after });
}

/** The subscriber's row, locked for the rest of the write before it is read (PostgreSQL's writes run side by side). */
async function lockedById(tx: Tx, id: number): Promise<SubscriberRow | undefined> {
  await lockRow(tx, "subscriber", id);
  return tx.select().from(subscriber).where(eq(subscriber.id, id)).get();
}

/** `locale`: the language of the page signed up on; a confirmed subscription keeps the one it has. */
export type SignUp = { channel: SubscriberChannel; incidentId: number | null; address: string; addressHash: string; domain: string; pendingSecret: string | null; locale: string };

/**
 * A sign-up, with a new nonce so only the newest confirmation link confirms: a new subscription, or
 * one not confirmed (or ended) made to wait again. A confirmed one stays confirmed, its address and
 * secret as they were: only a webhook's new secret waits, in force once its confirmation is used.
 * `then` queues the confirmation in the same transaction; it is told whether there is anything to confirm.
 */
export function signUp(store: Store, s: SignUp, then: (tx: Tx, row: SubscriberRow, confirmable: boolean) => Promise<void>): Promise<SubscriberRow> {
  return writeTransaction(store, async (tx) => {
    const sameAddress = () =>
      tx
        .select({ id: subscriber.id })
        .from(subscriber)
        .where(and(eq(subscriber.channel, s.channel), eq(subscriber.addressHash, s.addressHash), scopeIs(s.incidentId)))
        .get();
    let known = await sameAddress();
    if (!known) {
      const made = await tx.insert(subscriber).values({ ...s, state: "pending" }).onConflictDoNothing().returning().get();
      if (made) {
        await audit(tx, made.id, null, { channel: made.channel, state: made.state, incidentId: made.incidentId }, "create");
        await then(tx, made, true);
        return made;
      }
      // Another sign-up of this address made it meanwhile (PostgreSQL's writes run side by side): this one goes on from it.
      known = await sameAddress();
    }
    const found = known && (await lockedById(tx, known.id));
    if (!found) throw new Error("a subscription that was there is gone");
    const confirmed = found.state === "confirmed";
    if (confirmed && s.pendingSecret === null) {
      await then(tx, found, false);
      return found;
    }
    const row = await tx
      .update(subscriber)
      .set(confirmed ? { pendingSecret: s.pendingSecret, nonce: found.nonce + 1 } : { ...s, state: "pending", nonce: found.nonce + 1, endedAt: null })
      .where(eq(subscriber.id, found.id))
      .returning()
      .get();
    await audit(tx, row.id, { state: found.state }, { channel: row.channel, state: row.state, incidentId: row.incidentId }, "update");
    await then(tx, row, true);
    return row;
  });
}

/** Confirms a waiting subscription whose link carries its current nonce; false when that link is stale or it is not waiting. */
export function confirmSubscriber(store: Store, id: number, nonce: number): Promise<SubscriberRow | null> {
  return writeTransaction(store, async (tx) => {
    const found = await lockedById(tx, id);
    if (!found || found.nonce !== nonce || (found.state !== "pending" && found.state !== "confirmed")) return null;
    if (found.state === "confirmed" && found.pendingSecret === null) return found;
    // A webhook's secret shown at its sign-up comes into force with its confirmation.
    const secret = found.pendingSecret ?? found.secret;
    const row = await tx
      .update(subscriber)
      .set({ state: "confirmed", secret, pendingSecret: null, confirmedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
      .where(eq(subscriber.id, id))
      .returning()
      .get();
    await audit(tx, id, { state: found.state }, { state: row.state });
    return row;
  });
}

/**
 * Ends a subscription (unsubscribed, or disabled when its endpoint answered 410): its address is
 * dropped, its hash kept, and nothing more is queued for it. Ending an ended one changes nothing.
 */
export function endSubscriber(store: Store, id: number, state: "ended" | "disabled"): Promise<SubscriberRow | null> {
  return writeTransaction(store, async (tx) => {
    const found = await lockedById(tx, id);
    if (!found) return null;
    if (found.state === "ended" || found.state === "disabled") return found;
    const row = await tx
      .update(subscriber)
      .set({ state, address: null, secret: null, pendingSecret: null, endedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
      .where(eq(subscriber.id, id))
      .returning()
      .get();
    await tx.exec(sql`UPDATE outbox_message SET state = 'dead', recipient = NULL, last_error = 'the subscription ended before it was sent' WHERE subscriber_id = ${id} AND state = 'pending' AND lease IS NULL`);
    await audit(tx, id, { state: found.state }, { state });
    return row;
  });
}

export const subscriberById = async (tx: Tx, id: number): Promise<SubscriberRow | null> => (await tx.select().from(subscriber).where(eq(subscriber.id, id)).get()) ?? null;
