import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RECOMMENDATION_AUDIENCES, RECOMMENDATION_STATUSES } from "@/domain/record/constants";
import { incident } from "./incident";

/** Advice to tenants, the provider's remediation, and what to watch next. */
export const recommendation = sqliteTable(
  "recommendation",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    audience: text("audience", { enum: RECOMMENDATION_AUDIENCES }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: RECOMMENDATION_STATUSES }).notNull(),
  },
  (t) => [index("recommendation_incident_id_position_idx").on(t.incidentId, t.position)],
);

export type Recommendation = typeof recommendation.$inferSelect;
