import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS } from "@/domain/audit";

/**
 * Every change, appended and never altered: triggers in the migration refuse UPDATE and DELETE.
 * No foreign keys, so removing what an entry speaks of cannot remove the entry.
 */
export const auditEntry = sqliteTable(
  "audit_entry",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    /** "user:<email>" or "token:<name>". */
    actor: text("actor").notNull(),
    incidentId: integer("incident_id"),
    incidentSlug: text("incident_slug"),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    /** JSON of the values before and after; null where there were none. */
    before: text("before"),
    after: text("after"),
  },
  (t) => [index("audit_entry_incident_id_at_idx").on(t.incidentId, t.at)],
);
