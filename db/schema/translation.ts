import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { incident } from "@/domain/record/incident";

/**
 * A text field of the record in another language than its incident's own (`incident.text_locale`,
 * the language of its columns): the incident's own fields (subject "incident") or an item's (the
 * collection's name and the item's row id). `original`: this wording is the source's own (the
 * article's Russian, a quote as said), and the column's text is translated from it. `quote`: the
 * text is someone's words, so its original stands beside every translation of it (migration 0019).
 */
export const translation = sqliteTable(
  "translation",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    subjectId: integer("subject_id").notNull(),
    field: text("field").notNull(),
    locale: text("locale").notNull(),
    text: text("text").notNull(),
    original: integer("original", { mode: "boolean" }).notNull().default(false),
    quote: integer("quote", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("translation_subject_subject_id_field_locale_idx").on(t.subject, t.subjectId, t.field, t.locale), index("translation_incident_id_locale_idx").on(t.incidentId, t.locale)],
);
