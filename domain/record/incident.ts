import { sql } from "drizzle-orm";
import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import en from "@/i18n/messages/en/editor.json";
import { key, sourceNumber, text } from "./common";
import { INCIDENT_STATUSES, SEVERITIES } from "./constants";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** An incident's own fields as stored, with its version and whether readers see it. */
export const incident = sqlite.sqliteTable(
  "incident",
  {
    id: sqlite.integer("id").primaryKey({ autoIncrement: true }),
    slug: sqlite.text("slug").notNull(),
    title: sqlite.text("title").notNull(),
    summary: sqlite.text("summary").notNull(),
    provider: sqlite.text("provider").notNull(),
    service: sqlite.text("service").notNull(),
    model: sqlite.text("model"),
    /** What sort of incident it is ("Cross-customer data exposure"); the dashboard's filter. */
    kind: sqlite.text("kind"),
    status: sqlite.text("status", { enum: INCIDENT_STATUSES }).notNull(),
    /** Null until someone with standing rates it; never guessed. */
    severity: sqlite.text("severity", { enum: SEVERITIES }),
    impact: sqlite.text("impact").notNull(),
    cause: sqlite.text("cause").notNull(),
    /** Null while nobody with standing has said whether it was an attack. */
    isAttack: sqlite.integer("is_attack", { mode: "boolean" }),
    attackNote: sqlite.text("attack_note"),
    /** The heading of the context section; the page says "Context" when it is null. */
    contextTitle: sqlite.text("context_title"),
    /** The language its texts (these columns and its items') are written in; other languages are in `translation`. */
    textLocale: sqlite.text("text_locale").notNull().default("en"),
    /** What one row of its affected list is, as JSON (affected-shape.ts); read through its schema. */
    affectedShape: sqlite.text("affected_shape"),
    published: sqlite.integer("published", { mode: "boolean" }).notNull().default(true),
    version: sqlite.integer("version").notNull().default(1),
    createdAt: sqlite.text("created_at").notNull().default(now),
    updatedAt: sqlite.text("updated_at").notNull().default(now),
    /** The start of its latest dated event (domain/record/latest.ts), kept by every write: the order lists page through. Null only until prepare fills it after the migration. */
    latestAt: sqlite.text("latest_at"),
    /** The year of its earliest event of the incident itself (db/write/listing.ts); null when it has none. Kept with latest_at. */
    year: sqlite.text("year"),
  },
  // The front page's facets count published incidents per value from these, never the wide rows.
  (t) => [
    sqlite.uniqueIndex("incident_slug_idx").on(t.slug),
    sqlite.index("incident_listing_idx").on(t.published, t.latestAt, t.slug),
    sqlite.index("incident_year_idx").on(t.published, t.year),
    sqlite.index("incident_provider_idx").on(t.published, t.provider),
    sqlite.index("incident_kind_idx").on(t.published, t.kind),
    sqlite.index("incident_status_idx").on(t.published, t.status),
  ],
);

/** The incident as the record holds it: its fields and the sources it cites. */
export const incidentSchema = z.strictObject({
  slug: key,
  title: text,
  summary: text,
  provider: text,
  service: text,
  model: text.nullable(),
  /** What sort of incident it is, as the dashboard groups and filters them ("Cross-customer data exposure"). */
  kind: text.nullable().default(null),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(SEVERITIES).nullable(),
  impact: text,
  cause: text,
  /** Null while nobody with standing has said whether it was an attack. */
  isAttack: z.boolean().nullable(),
  attackNote: text.nullable(),
  /** The heading of the context section ("The model"); "Context" when null. */
  contextTitle: text.nullable(),
  /** A draft may cite nothing until it has sources. */
  cites: z.array(sourceNumber),
});

/** What an editor sends for a new incident: the optional texts may be left out. */
export const incidentInput = incidentSchema.extend({
  model: text.nullable().default(null),
  severity: z.enum(SEVERITIES).nullable().default(null),
  isAttack: z.boolean().nullable().default(null),
  attackNote: text.nullable().default(null),
  contextTitle: text.nullable().default(null),
  cites: z.array(sourceNumber).default([]),
});
/** A patch: only the fields sent. No defaults in it, since zod 4 fills an optional field's default, and a patch without `kind` would clear it. */
export const incidentChanges = incidentSchema.omit({ slug: true }).extend({ kind: text.nullable() }).partial();

/** The incident's fields the record may leave empty: their labels say "(optional)". */
export const INCIDENT_OPTIONAL: ReadonlySet<string> = new Set(["model", "kind", "attackNote", "contextTitle"]);

/** How the editor's form labels each of the incident's fields in English, and the history and the changes page name them; each language's words are under editor.incident.fields. */
// Typed as every field's: a field the catalogue lacks is a type error here, so the cast below hides none.
const WORDS: Record<keyof typeof incidentSchema.shape, string> = en.incident.fields;
export const INCIDENT_LABELS = Object.fromEntries(
  Object.entries(WORDS).map(([name, label]) => [name, INCIDENT_OPTIONAL.has(name) ? en.form.optional.replace("{label}", label) : label]),
) as Record<keyof typeof incidentSchema.shape, string>;

/** A field's label without its "(optional)": how a sentence names it. */
export const fieldName = (label: string) => label.replace(/ \(optional\)$/, "");
