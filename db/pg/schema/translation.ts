// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { incident } from "./incident";

export const translation = pgTable(
  "translation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    subject: text("subject").notNull(),
    subjectId: bigint("subject_id", { mode: "number" }).notNull(),
    field: text("field").notNull(),
    locale: text("locale").notNull(),
    text: text("text").notNull(),
    original: integer("original").notNull().default(0),
    quote: integer("quote").notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("translation_subject_subject_id_field_locale_idx").on(t.subject, t.subjectId, t.field, t.locale),
    index("translation_incident_id_locale_idx").on(t.incidentId, t.locale),
  ],
);
