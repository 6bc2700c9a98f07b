// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

export const auditEntry = pgTable(
  "audit_entry",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: text("at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    actor: text("actor").notNull(),
    incidentId: bigint("incident_id", { mode: "number" }),
    incidentSlug: text("incident_slug"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: bigint("entity_id", { mode: "number" }),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    index("audit_entry_incident_id_at_idx").on(t.incidentId, t.at),
  ],
);
