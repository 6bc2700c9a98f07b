// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { foreignKey, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { affectedList } from "./affected-list";
import { incident } from "./incident";

export const notice = pgTable(
  "notice",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    listId: integer("list_id").notNull(),
    accountKey: text("account_key").notNull(),
    accountEnding: text("account_ending").notNull(),
    emailHash: text("email_hash").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    uniqueIndex("notice_list_id_account_key_idx").on(t.listId, t.accountKey),
    uniqueIndex("notice_incident_id_email_hash_account_key_idx").on(t.incidentId, t.emailHash, t.accountKey),
  ],
);
