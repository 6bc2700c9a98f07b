import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { incident } from "./incident";

export const source = sqliteTable(
  "source",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    /** The reference number readers see, e.g. [3]. */
    number: integer("number").notNull(),
    publisher: text("publisher").notNull(),
    title: text("title").notNull(),
    author: text("author"),
    publishedOn: text("published_on").notNull(),
    url: text("url"),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("source_incident_id_number_idx").on(t.incidentId, t.number),
    index("source_incident_id_idx").on(t.incidentId),
  ],
);

export type Source = typeof source.$inferSelect;
