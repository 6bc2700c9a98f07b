import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { messageDue, noticesWaiting } from "@/db/outbox/progress";
import { type Outbox, type SentEvent, sendDue } from "./worker";

/** One notice's try, as a run reports it: the masked address, the account's ending, the server's reply and the next try. */
export type NoticeTry = { kind: "sent" | "retrying" | "dead"; to: string; ending: string | null; attempts: number; error?: string; nextTryAt?: Date };

/** What a run of the worker came to: this run's tries, what is left, and whether it stopped with retries left to the worker. */
export type NoticeSending = {
  sent: number;
  failed: number;
  /** Notices left waiting for a try again, and when the first is due. */
  left: number;
  nextTryAt: Date | null;
  /** Other messages of the outbox this run sent on the way (news, confirmations, other incidents' notices). */
  others: number;
};

type Run = {
  outbox: Outbox;
  incidentId: number;
  /** Wait for every retry too, however long the schedule; otherwise stop once only retries are left. */
  wait: boolean;
  onTry: (t: NoticeTry) => void;
  /** Said once when notices are held by another worker's claim (one killed mid-send holds them until its lease ends). */
  onHeld?: (count: number, until: Date) => void;
};

/**
 * Runs the outbox's worker until every notice of the incident is sent or dead, or, without `wait`,
 * until only notices waiting for a try again are left (the server's worker or npm run outbox sends
 * them). It sends whatever else is due on the way: every worker may send any message.
 */
export async function sendNotices({ outbox, incidentId, wait, onTry, onHeld }: Run): Promise<NoticeSending> {
  const clock = outbox.clock ?? Date.now;
  const done = { sent: 0, failed: 0, others: 0 };
  const onEvent = async (e: SentEvent) => {
    await outbox.onEvent?.(e);
    if (e.kind === "held") return;
    if (e.purpose !== "notice" || e.incidentId !== incidentId) {
      done.others += e.kind === "sent" ? 1 : 0;
      return;
    }
    const facts = await messageDue(outbox.store.q, e.id);
    if (e.kind === "sent") done.sent += 1;
    if (e.kind === "dead") done.failed += 1;
    onTry({ kind: e.kind, to: e.to, ending: facts?.ending ?? null, attempts: e.attempts, ...(e.error ? { error: e.error } : {}), ...(e.kind === "retrying" && facts ? { nextTryAt: new Date(facts.dueAt) } : {}) });
  };
  const worker: Outbox = { ...outbox, onEvent };
  let heldSaid = false;
  for (;;) {
    if ((await sendDue(worker)) > 0) continue;
    const left = await noticesWaiting(outbox.store.q, incidentId);
    if (left.pending === 0) return { ...done, left: 0, nextTryAt: null };
    if (!wait && left.retrying === left.pending) return { ...done, left: left.pending, nextTryAt: left.nextDueAt === null ? null : new Date(left.nextDueAt) };
    if (left.heldUntil !== null && !heldSaid) {
      heldSaid = true;
      onHeld?.(left.held, new Date(left.heldUntil));
    }
    await sleep(Math.min(Math.max((left.nextDueAt ?? 0) - clock(), 50), 1_000));
  }
}
