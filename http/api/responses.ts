import { z } from "zod";
import { AUDIT_ACTIONS } from "@/domain/audit";
import { affectedSummarySchema } from "@/domain/record/affected";
import { COLLECTION_NAMES, type Collection, collectionOf } from "@/domain/record/collections";
import { incidentSchema } from "@/domain/record/incident";

// What /api/v1 answers, as zod schemas: the OpenAPI document describes every answer with these,
// and the API's one way in (app/api/v1/_lib/handler.ts) checks each answer against its own before
// it is sent, so a 200 never carries something the document does not say.

const id = z.number().int().positive();
const version = z.number().int().positive();
const instant = z.string();

export const incidentList = z.strictObject({
  incidents: z.array(z.strictObject({ slug: z.string(), title: z.string(), published: z.boolean(), version, updatedAt: instant })),
});

export const created = z.strictObject({ slug: z.string(), version, published: z.literal(false) });
export const changed = z.strictObject({ slug: z.string(), version });
export const publishedChange = z.strictObject({ slug: z.string(), version, published: z.boolean() });
export const itemChange = z.strictObject({ id, version });
export const translationsChanged = z.strictObject({ slug: z.string(), locale: z.string(), version });

/** An item with the id the editor and the API address it by. */
function withId(schema: z.core.$ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return schema.extend({ id });
  if (schema instanceof z.ZodDiscriminatedUnion) return z.union(schema.options.map((o) => withId(o)));
  throw new Error("an item schema is an object or a union of objects");
}

const items = z.strictObject(Object.fromEntries(COLLECTION_NAMES.map((c: Collection) => [c, z.array(withId(collectionOf(c).schema))])));

export const incidentForEditing = z.strictObject({
  slug: z.string(),
  published: z.boolean(),
  version,
  updatedAt: instant,
  incident: incidentSchema,
  items,
  affected: z.strictObject({ rows: z.boolean(), summary: affectedSummarySchema }).nullable(),
});

export const history = z.strictObject({
  entries: z.array(
    z.strictObject({
      id,
      at: instant,
      actor: z.string(),
      incidentId: z.number().int().nullable(),
      incidentSlug: z.string().nullable(),
      action: z.enum(AUDIT_ACTIONS),
      entity: z.string(),
      entityId: z.number().int().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

export const affectedImported = z.strictObject({
  incident: z.string(),
  version,
  format: z.enum(["csv", "json", "rows"]),
  rowsRead: z.number().int().min(0),
  added: z.number().int().min(0),
  alreadyPresent: z.number().int().min(0),
  removed: z.number().int().min(0).nullable(),
  empty: z.boolean(),
});

/** The document itself: an OpenAPI 3.1 object, described no further here. */
export const openApi = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

/** A JSON Schema of one affected row (domain/record/affected-row.ts): an object of its columns. */
export const rowSchema = z.looseObject({ $schema: z.string(), type: z.literal("object"), properties: z.record(z.string(), z.unknown()), required: z.array(z.string()) });
