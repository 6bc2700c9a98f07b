import "server-only";
import type { OutboxPayload } from "@/domain/notify";
import type { Db, Tx } from "../client";
import { outboxMessage } from "../schema";
import type { OutboxPurpose } from "../schema/outbox";

export type NewMessage = {
  key: string;
  channel: "email" | "webhook";
  purpose: OutboxPurpose;
  incidentId: number | null;
  subscriberId?: number | null;
  noticeId?: number | null;
  recipient: string;
  recipientHash: string;
  domain: string;
  payload: OutboxPayload;
  dueAt: number;
};

/** Queues one message, in the caller's transaction; a key queued before is left as it is (never sent twice). Whether it was new. */
export function enqueue(tx: Tx | Db, m: NewMessage): boolean {
  const done = tx
    .insert(outboxMessage)
    .values({ ...m, subscriberId: m.subscriberId ?? null, noticeId: m.noticeId ?? null, payload: JSON.stringify(m.payload) })
    .onConflictDoNothing({ target: outboxMessage.key })
    .run();
  return done.changes > 0;
}
