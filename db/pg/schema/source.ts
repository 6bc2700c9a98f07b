// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const source = pgTable(
  "source",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    number: bigint("number", { mode: "number" }).notNull(),
    publisher: text("publisher").notNull(),
    title: text("title").notNull(),
    author: text("author"),
    publishedOn: text("published_on").notNull(),
    url: text("url"),
    note: text("note"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("source_incident_id_number_idx").on(t.incidentId, t.number),
    index("source_incident_id_idx").on(t.incidentId),
  ],
);
