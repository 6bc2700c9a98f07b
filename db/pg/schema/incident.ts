// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

export const incident = pgTable(
  "incident",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    provider: text("provider").notNull(),
    service: text("service").notNull(),
    model: text("model"),
    kind: text("kind"),
    status: text("status").notNull(),
    severity: text("severity"),
    impact: text("impact").notNull(),
    cause: text("cause").notNull(),
    isAttack: integer("is_attack"),
    attackNote: text("attack_note"),
    contextTitle: text("context_title"),
    textLocale: text("text_locale").notNull().default("en"),
    affectedShape: text("affected_shape"),
    published: integer("published").notNull().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    updatedAt: text("updated_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    latestAt: text("latest_at"),
    year: text("year"),
  },
  (t) => [
    uniqueIndex("incident_slug_idx").on(t.slug),
    index("incident_listing_idx").on(t.published, t.latestAt, t.slug),
    index("incident_year_idx").on(t.published, t.year),
    index("incident_provider_idx").on(t.published, t.provider),
    index("incident_kind_idx").on(t.published, t.kind),
    index("incident_status_idx").on(t.published, t.status),
  ],
);
