import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { incident } from "@/domain/record/incident";
import { affectedList } from "./affected-list";

/**
 * One notice to an affected account's contact that its account is in a list: made once per account
 * and list, however often the command runs. It holds the account's keyed hash and its contact's,
 * never the id or the address (the message in the outbox holds the address until it is sent).
 */
export const notice = sqliteTable(
  "notice",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    accountKey: text("account_key").notNull(),
    /** The account id's last four characters, as the lookup names an account to its owner. */
    accountEnding: text("account_ending").notNull(),
    /** HMAC-SHA-256 of the contact's address: "send me my link" finds the account by it. */
    emailHash: text("email_hash").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("notice_list_id_account_key_idx").on(t.listId, t.accountKey), uniqueIndex("notice_incident_id_email_hash_account_key_idx").on(t.incidentId, t.emailHash, t.accountKey)],
);
