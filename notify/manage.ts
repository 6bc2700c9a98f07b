import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { incident } from "@/db/schema";
import { type SubscriberRow, confirmSubscriber, endSubscriber, subscriberById } from "@/db/subscribers";
import { maskRecipient } from "@/domain/notify";
import { openConfirm, openEnd } from "./tokens";

/** A subscription as its own links show it to its owner: what it is for (an incident's title; null: every incident), where it goes (masked; null once dropped), and where it stands. */
export type SubscriptionView = { channel: "email" | "webhook"; title: string | null; to: string | null; state: SubscriberRow["state"] };

function viewOf(db: Db, row: SubscriberRow): SubscriptionView {
  const title = row.incidentId === null ? null : (db.select({ title: incident.title }).from(incident).where(eq(incident.id, row.incidentId)).get()?.title ?? null);
  return { channel: row.channel, title, to: row.address ? maskRecipient(row.address) : null, state: row.state };
}

export type LinkState = { kind: "ok"; subscription: SubscriptionView; nonceCurrent: boolean } | { kind: "invalid" | "expired" };

/** What a confirmation link names, before anything is done: a page shows it with its button. */
export function confirmationOf(db: Db, secret: string, token: string, now: Date): LinkState {
  const opened = openConfirm(secret, token, now);
  if (!opened.ok) return { kind: opened.reason };
  const row = subscriberById(db, opened.subscriberId);
  if (!row) return { kind: "invalid" };
  return { kind: "ok", subscription: viewOf(db, row), nonceCurrent: row.nonce === opened.nonce };
}

/** Confirms what a link names; the stale link of an earlier sign-up confirms nothing. */
export function confirmByToken(db: Db, secret: string, token: string, now: Date): "confirmed" | "stale" | "invalid" | "expired" {
  const opened = openConfirm(secret, token, now);
  if (!opened.ok) return opened.reason;
  return confirmSubscriber(db, opened.subscriberId, opened.nonce) ? "confirmed" : "stale";
}

/** What an unsubscribe link names; null when it is none of ours. */
export function subscriptionOf(db: Db, secret: string, token: string): SubscriptionView | null {
  const id = openEnd(secret, token);
  const row = id === null ? null : subscriberById(db, id);
  return row ? viewOf(db, row) : null;
}

/** Ends what an unsubscribe link names (RFC 8058's one click, or the page's button); ending it twice is the same. */
export function endByToken(db: Db, secret: string, token: string): boolean {
  const id = openEnd(secret, token);
  return id !== null && endSubscriber(db, id, "ended") !== null;
}
