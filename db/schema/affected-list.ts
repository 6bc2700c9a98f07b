import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    firstAt: text("first_at"),
    lastAt: text("last_at"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    /** Touched by the import building the list; a building list left untouched is a crashed import's. */
    touchedAt: text("touched_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    uniqueIndex("affected_list_live_idx").on(t.incidentId).where(sql`${t.state} = 'live'`),
    index("affected_list_incident_id_idx").on(t.incidentId),
  ],
);

/** Rows per role of one list (the role's key in its incident's shape). */
export const affectedRoleCount = sqliteTable(
  "affected_role_count",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_role_count_pk", columns: [t.listId, t.role] })],
);

/** Rows per UTC day and role of one list (rows with a time only). */
export const affectedDay = sqliteTable(
  "affected_day",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    role: text("role").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_day_pk", columns: [t.listId, t.day, t.role] })],
);

/** The bucket width of each measure of one list (its key in the shape); none when no row carries it. */
export const affectedMeasure = sqliteTable(
  "affected_measure",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    measure: text("measure").notNull(),
    width: integer("width").notNull(),
  },
  (t) => [primaryKey({ name: "affected_measure_pk", columns: [t.listId, t.measure] })],
);

/** Rows per bucket of one measure of one list: from `from`, the measure's width wide. */
export const affectedBucket = sqliteTable(
  "affected_bucket",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    measure: text("measure").notNull(),
    from: integer("from_value").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_bucket_pk", columns: [t.listId, t.measure, t.from] })],
);

/** Rows per data class of one list (the class's key in the shape). */
export const affectedClassCount = sqliteTable(
  "affected_class_count",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => affectedList.id, { onDelete: "cascade" }),
    dataClass: text("data_class").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "affected_class_count_pk", columns: [t.listId, t.dataClass] })],
);
