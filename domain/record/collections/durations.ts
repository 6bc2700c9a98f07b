import { sql } from "drizzle-orm";
import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineMappedCollection, itemColumns, positionColumn, positionIndex, type Refs } from "../collection";
import { described, namesOf } from "../words";
import { cites, key, text } from "../common";
import { DURATION_KINDS, DURATION_ROLES } from "../constants";
import { event } from "./events";

/**
 * A labelled length and who counts it. An interval names its two events and the app computes the
 * length; only a stated claim (a length given without endpoints) stores minutes.
 */
export const durationClaim = sqlite.sqliteTable(
  "duration_claim",
  {
    ...itemColumns(),
    key: sqlite.text("key").notNull(),
    position: positionColumn(),
    label: sqlite.text("label").notNull(),
    role: sqlite.text("role", { enum: DURATION_ROLES }),
    kind: sqlite.text("kind", { enum: DURATION_KINDS }).notNull(),
    fromEventId: sqlite.integer("from_event_id").references(() => event.id, { onDelete: "restrict" }),
    toEventId: sqlite.integer("to_event_id").references(() => event.id, { onDelete: "restrict" }),
    statedMinutes: sqlite.integer("stated_minutes"),
    approximate: sqlite.integer("approximate", { mode: "boolean" }).notNull().default(false),
    countedBy: sqlite.text("counted_by").notNull(),
    method: sqlite.text("method").notNull(),
    note: sqlite.text("note"),
    /** The claim this one disagrees with; both are kept and shown together. */
    contestsId: sqlite.integer("contests_id").references((): sqlite.AnySQLiteColumn => durationClaim.id, { onDelete: "set null" }),
  },
  (t) => [
    sqlite.uniqueIndex("duration_claim_incident_id_key_idx").on(t.incidentId, t.key),
    sqlite.uniqueIndex("duration_claim_incident_id_role_idx").on(t.incidentId, t.role),
    positionIndex("duration_claim", t),
    sqlite.check(
      "duration_claim_kind_fields",
      sql`(${t.kind} = 'interval' AND ${t.fromEventId} IS NOT NULL AND ${t.toEventId} IS NOT NULL AND ${t.statedMinutes} IS NULL)
        OR (${t.kind} = 'stated' AND ${t.statedMinutes} > 0 AND ${t.fromEventId} IS NULL AND ${t.toEventId} IS NULL)`,
    ),
  ],
);

const durationBase = {
  key,
  label: text,
  /** What this length stands for across incidents (/compare), and for exposure and outage in the lead. */
  role: z.enum(DURATION_ROLES).nullable().default(null),
  countedBy: text,
  method: text,
  note: text.nullable(),
  contests: key.nullable(),
  cites,
};

/** A labelled length and who counts it: between two events, or as a source states it without dates. */
export const durationSchema = z.discriminatedUnion("kind", [
  z.strictObject({ ...durationBase, kind: z.literal("interval"), from: key, to: key }),
  z.strictObject({
    ...durationBase,
    kind: z.literal("stated"),
    statedMinutes: z.number().int().positive(),
    approximate: z.boolean(),
  }),
]);
export type Duration = z.infer<typeof durationSchema>;
/** What every duration has, whichever its kind. */
export type DurationCommon = Omit<Duration, "kind" | "from" | "to" | "statedMinutes" | "approximate">;

/** A duration's fields apart from how its length is given. */
export function durationCommon(d: Duration): DurationCommon {
  const { key, label, role, countedBy, method, note, contests, cites } = d;
  return { key, label, role, countedBy, method, note, contests, cites };
}

const eventKeyOf = (refs: Refs, id: unknown) => (typeof id === "number" ? refs.key("events", id) : null);

export const durations = defineMappedCollection<Duration, typeof durationSchema>({
  table: durationClaim,
  schema: durationSchema,
  subject: "duration_claim",
  names: namesOf("durations"),
  seedFile: "durations.json",
  order: durationClaim.position,
  fields: described("durations", [
    { name: "key", kind: "text", madeFrom: "label" },
    { name: "label", kind: "text" },
    { name: "role", kind: "select", options: DURATION_ROLES, optional: true },
    { name: "countedBy", kind: "text" },
    { name: "kind", kind: "select", options: DURATION_KINDS, initial: "interval" },
    { name: "from", kind: "event", only: "interval" },
    { name: "to", kind: "event", only: "interval" },
    { name: "statedMinutes", kind: "number", only: "stated" },
    { name: "approximate", kind: "checkbox", only: "stated" },
    { name: "contests", kind: "duration", optional: true },
    citesField,
    { name: "method", kind: "prose", wide: true },
    { name: "note", kind: "prose", optional: true, wide: true },
  ]),
  line: (d) => `${d.label} · ${d.countedBy} · ${d.kind}${d.contests ? ` · contests ${d.contests}` : ""}${cited(d)}`,
  name: (d) => d.label,
  key: (d) => d.key,
  refers: (d) => [
    ...(d.kind === "interval" ? [{ field: "from", to: "events", key: d.from }, { field: "to", to: "events", key: d.to }] : []),
    ...(d.contests === null ? [] : [{ field: "contests", to: "durations", key: d.contests }]),
  ],
  unique: {
    field: "role",
    column: durationClaim.role,
    many: { key: "validation.record.roleOnce" },
    taken: (holder, role) => ({ key: "problems.roleTaken", values: { holder, role } }),
    holds: (holder) => ({ key: "problems.roleTakenField", values: { holder } }),
  },
  toRow: (d, refs) => {
    const { cites: _cites, contests, ...common } = durationCommon(d);
    return {
      ...common,
      kind: d.kind,
      fromEventId: d.kind === "interval" ? refs.id("events", d.from) : null,
      toEventId: d.kind === "interval" ? refs.id("events", d.to) : null,
      statedMinutes: d.kind === "stated" ? d.statedMinutes : null,
      approximate: d.kind === "stated" ? d.approximate : false,
      contestsId: contests === null ? null : refs.id("durations", contests),
    };
  },
  fromRow: (row, refs) => {
    const { key, label, role, countedBy, method, note, kind } = row;
    const contests = typeof row.contestsId === "number" ? refs.key("durations", row.contestsId) : null;
    const common = { key, label, role, countedBy, method, note, contests, kind };
    return kind === "interval"
      ? { ...common, from: eventKeyOf(refs, row.fromEventId), to: eventKeyOf(refs, row.toEventId) }
      : { ...common, statedMinutes: row.statedMinutes, approximate: row.approximate };
  },
});
