import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { incident } from "@/domain/record/incident";
import { notice } from "./notice";
import { subscriber } from "./subscriber";

export const OUTBOX_CHANNELS = ["email", "webhook"] as const;
/** confirm: a subscription's confirmation; news: an incident's update, status or postmortem; notice: to an affected tenant; link: that notice's link sent again. */
export const OUTBOX_PURPOSES = ["confirm", "news", "notice", "link"] as const;
export type OutboxPurpose = (typeof OUTBOX_PURPOSES)[number];
export const OUTBOX_STATES = ["pending", "sent", "dead"] as const;

/**
 * Every message Aftermath sends, written in the transaction of the change it tells of and sent by
 * a worker (notify/worker.ts) that claims due rows with a lease: a process killed mid-send leaves
 * its rows to be claimed again when the lease ends, and resent under the same key.
 */
export const outboxMessage = sqliteTable(
  "outbox_message",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stable across every try: the email's Message-ID and the webhook's webhook-id are made from it. */
    key: text("key").notNull(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    purpose: text("purpose", { enum: OUTBOX_PURPOSES }).notNull(),
    incidentId: integer("incident_id").references(() => incident.id, { onDelete: "set null" }),
    subscriberId: integer("subscriber_id").references(() => subscriber.id, { onDelete: "set null" }),
    noticeId: integer("notice_id").references(() => notice.id, { onDelete: "set null" }),
    /** The email address or URL it goes to, until it is sent or dead; then null, and only its hash stays. */
    recipient: text("recipient"),
    recipientHash: text("recipient_hash").notNull(),
    /** The recipient's domain (or host), for pacing per domain. */
    domain: text("domain").notNull(),
    /** What to say, as JSON (notify/payload.ts): the facts of the change, rendered when sent. */
    payload: text("payload").notNull(),
    state: text("state", { enum: OUTBOX_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When it may next be claimed, in ms since the epoch: its next try, or the end of a claim's lease. */
    dueAt: integer("due_at").notNull(),
    /** The claim of the worker sending it now; null when none. */
    lease: text("lease"),
    /** The last failure, as the server said it ("421 4.7.0 Try again later", "HTTP 500"). */
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    sentAt: text("sent_at"),
  },
  (t) => [
    uniqueIndex("outbox_message_key_idx").on(t.key),
    // A claim reads only pending rows of its channel, by when they are due: its cost grows neither
    // with what was sent nor with mail waiting for an SMTP server while webhooks go out.
    index("outbox_message_due_idx").on(t.channel, t.dueAt).where(sql`state = 'pending'`),
    index("outbox_message_incident_id_state_idx").on(t.incidentId, t.state),
    index("outbox_message_notice_id_idx").on(t.noticeId),
    index("outbox_message_subscriber_id_idx").on(t.subscriberId),
  ],
);
