import "server-only";
import { eq } from "drizzle-orm";
import { incident } from "@/db/schema";
import type { Store, Tx } from "@/db/store/store";
import { type SubscriberRow, confirmSubscriber, endSubscriber, subscriberById } from "@/db/subscribers";
import { maskRecipient } from "@/domain/notify";
import { openConfirm, openEnd } from "./tokens";

/** A subscription as its own links show it to its owner: what it is for (an incident's title; null: every incident), where it goes (masked; null once dropped), and where it stands. */
export type SubscriptionView = { channel: "email" | "webhook"; title: string | null; to: string | null; state: SubscriberRow["state"] };

async function viewOf(tx: Tx, row: SubscriberRow): Promise<SubscriptionView> {
  const title = row.incidentId === null ? null : ((await tx.select({ title: incident.title }).from(incident).where(eq(incident.id, row.incidentId)).get())?.title ?? null);
  return { channel: row.channel, title, to: row.address ? maskRecipient(row.address) : null, state: row.state };
}

/** The subscriber a link names and its view, read in one snapshot; null when there is none. */
const viewById = (store: Store, id: number) =>
  store.read(async (tx) => {
    const row = await subscriberById(tx, id);
    return row && { row, view: await viewOf(tx, row) };
  });

export type LinkState = { kind: "ok"; subscription: SubscriptionView; nonceCurrent: boolean } | { kind: "invalid" | "expired" };

/** What a confirmation link names, before anything is done: a page shows it with its button. */
export async function confirmationOf(store: Store, secret: string, token: string, now: Date): Promise<LinkState> {
  const opened = openConfirm(secret, token, now);
  if (!opened.ok) return { kind: opened.reason };
  const found = await viewById(store, opened.subscriberId);
  if (!found) return { kind: "invalid" };
  return { kind: "ok", subscription: found.view, nonceCurrent: found.row.nonce === opened.nonce };
}

/** Confirms what a link names; the stale link of an earlier sign-up confirms nothing. */
export async function confirmByToken(store: Store, secret: string, token: string, now: Date): Promise<"confirmed" | "stale" | "invalid" | "expired"> {
  const opened = openConfirm(secret, token, now);
  if (!opened.ok) return opened.reason;
  return (await confirmSubscriber(store, opened.subscriberId, opened.nonce)) ? "confirmed" : "stale";
}

/** What an unsubscribe link names; null when it is none of ours. */
export async function subscriptionOf(store: Store, secret: string, token: string): Promise<SubscriptionView | null> {
  const id = openEnd(secret, token);
  return id === null ? null : ((await viewById(store, id))?.view ?? null);
}

/** Ends what an unsubscribe link names (RFC 8058's one click, or the page's button); ending it twice is the same. */
export async function endByToken(store: Store, secret: string, token: string): Promise<boolean> {
  const id = openEnd(secret, token);
  return id !== null && (await endSubscriber(store, id, "ended")) !== null;
}
