// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const subscriber = pgTable(
  "subscriber",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    channel: text("channel").notNull(),
    incidentId: integer("incident_id"),
    address: text("address"),
    domain: text("domain").notNull(),
    addressHash: text("address_hash").notNull(),
    state: text("state").notNull(),
    secret: text("secret"),
    pendingSecret: text("pending_secret"),
    locale: text("locale").notNull().default("en"),
    nonce: bigint("nonce", { mode: "number" }).notNull().default(0),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    confirmedAt: text("confirmed_at"),
    endedAt: text("ended_at"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("subscriber_channel_address_hash_scope_idx").on(t.channel, t.addressHash, sql`coalesce("incident_id", 0)`),
    index("subscriber_incident_id_state_idx").on(t.incidentId, t.state),
  ],
);
