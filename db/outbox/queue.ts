import "server-only";
import type { OutboxPayload } from "@/domain/notify";
import { outboxMessage } from "../schema";
import type { OutboxPurpose } from "../schema/outbox";
import type { Tx } from "../store/store";

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
export async function enqueue(tx: Tx, m: NewMessage): Promise<boolean> {
  const made = await tx
    .insert(outboxMessage)
    .values({ ...m, subscriberId: m.subscriberId ?? null, noticeId: m.noticeId ?? null, payload: JSON.stringify(m.payload) })
    // Its key is its one unique column but the id (drizzle names a target table-qualified, which PostgreSQL refuses).
    .onConflictDoNothing()
    .returning({ id: outboxMessage.id });
  return made.length > 0;
}
