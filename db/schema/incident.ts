import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INCIDENT_STATUSES, SEVERITIES } from "@/domain/record/constants";

export const incident = sqliteTable(
  "incident",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    provider: text("provider").notNull(),
    service: text("service").notNull(),
    model: text("model"),
    /** What sort of incident it is ("Cross-customer data exposure"); the dashboard's filter. */
    kind: text("kind"),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull(),
    /** Null until someone with standing rates it; never guessed. */
    severity: text("severity", { enum: SEVERITIES }),
    impact: text("impact").notNull(),
    cause: text("cause").notNull(),
    /** Null while nobody with standing has said whether it was an attack. */
    isAttack: integer("is_attack", { mode: "boolean" }),
    attackNote: text("attack_note"),
    /** The heading of the context section; the page says "Context" when it is null. */
    contextTitle: text("context_title"),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("incident_slug_idx").on(t.slug)],
);

export type Incident = typeof incident.$inferSelect;
