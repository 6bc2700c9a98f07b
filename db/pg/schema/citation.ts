// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { bigint, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { source } from "./source";

export const citation = pgTable(
  "citation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    sourceId: integer("source_id").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: bigint("subject_id", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.sourceId], foreignColumns: [source.id] }).onDelete("cascade"),
    uniqueIndex("citation_subject_type_subject_id_source_id_idx").on(t.subjectType, t.subjectId, t.sourceId),
    index("citation_source_id_idx").on(t.sourceId),
  ],
);
