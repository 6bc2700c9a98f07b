// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";
import { notice } from "./notice";
import { subscriber } from "./subscriber";

export const outboxMessage = pgTable(
  "outbox_message",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    channel: text("channel").notNull(),
    purpose: text("purpose").notNull(),
    incidentId: integer("incident_id"),
    subscriberId: integer("subscriber_id"),
    noticeId: integer("notice_id"),
    recipient: text("recipient"),
    recipientHash: text("recipient_hash").notNull(),
    domain: text("domain").notNull(),
    payload: text("payload").notNull(),
    state: text("state").notNull().default("pending"),
    attempts: bigint("attempts", { mode: "number" }).notNull().default(0),
    dueAt: bigint("due_at", { mode: "number" }).notNull(),
    lease: text("lease"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    sentAt: text("sent_at"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("set null"),
    foreignKey({ columns: [t.subscriberId], foreignColumns: [subscriber.id] }).onDelete("set null"),
    foreignKey({ columns: [t.noticeId], foreignColumns: [notice.id] }).onDelete("set null"),
    uniqueIndex("outbox_message_key_idx").on(t.key),
    index("outbox_message_due_idx").on(t.channel, t.dueAt).where(sql`state = 'pending'`),
    index("outbox_message_incident_id_state_idx").on(t.incidentId, t.state),
    index("outbox_message_notice_id_idx").on(t.noticeId),
    index("outbox_message_subscriber_id_idx").on(t.subscriberId),
  ],
);
