import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CITATION_SUBJECTS } from "@/domain/record/constants";
import { source } from "@/domain/record/collections/sources";

/** Links any cited fact (by table and id) to a source; a fact may cite several. */
export const citation = sqliteTable(
  "citation",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sourceId: integer("source_id")
      .notNull()
      .references(() => source.id, { onDelete: "cascade" }),
    subjectType: text("subject_type", { enum: CITATION_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
  },
  (t) => [
    uniqueIndex("citation_subject_type_subject_id_source_id_idx").on(t.subjectType, t.subjectId, t.sourceId),
    index("citation_source_id_idx").on(t.sourceId),
  ],
);

export type Citation = typeof citation.$inferSelect;
