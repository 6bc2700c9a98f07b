import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AFFECTED_ROLES } from "@/domain/record/constants";
import { incident } from "@/domain/record/incident";

/**
 * A list is built row by row while "building" (readers never see it), then becomes the incident's
 * one "live" list in a single short transaction; the list it replaces is "retired" and its rows
 * are removed afterwards, a batch at a time.
 */
export const AFFECTED_LIST_STATES = ["building", "live", "retired"] as const;

/**
 * One version of an incident's affected list, with its counts. The counts are computed in SQL from
 * the list's rows when it goes live, or carried over from an export that has no rows (`rows` false).
 */
export const affectedList = sqliteTable(
  "affected_list",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => incident.id, { onDelete: "cascade" }),
    state: text("state", { enum: AFFECTED_LIST_STATES }).notNull(),
    /** A generated sample that agrees with the published facts, not the provider's list. */
    sample: integer("sample", { mode: "boolean" }).notNull(),
    note: text("note"),
    /** The rows are in this database, so accounts can be looked up in it. */
    rows: integer("rows", { mode: "boolean" }).notNull(),
    total: integer("total").notNull().default(0),
    recipient: integer("recipient").notNull().default(0),
    exposed: integer("exposed").notNull().default(0),
    firstAt: text("first_at"),
    lastAt: text("last_at"),
    /** Width, in tokens, of the prompt-length buckets; null when there is nothing to count. */
    bucket: integer("bucket"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    /** Touched by the import building the list; a building list left untouched is a crashed import's. */
    touchedAt: text("touched_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    uniqueIndex("affected_list_live_idx").on(t.incidentId).where(sql`${t.state} = 'live'`),
    index("affected_list_incident_id_idx").on(t.incidentId),
    check("affected_list_counts", sql`${t.recipient} + ${t.exposed} = ${t.total}`),
  ],
);

/** Responses per UTC day and role of one list. */
export const affectedDay = sqliteTable(
  "affected_day",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    role: text("role", { enum: AFFECTED_ROLES }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_day_pk", columns: [t.listId, t.day, t.role] })],
);

/** Responses per prompt-length bucket of one list: from `from` tokens, `affected_list.bucket` wide. */
export const affectedBucket = sqliteTable(
  "affected_bucket",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    from: integer("from_tokens").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_bucket_pk", columns: [t.listId, t.from] })],
);
