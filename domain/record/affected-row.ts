import { z } from "zod";
import { requestIdOf, wholeNumber } from "./affected";
import { type AffectedShape, accountIdOf } from "./affected-shape";


/** One row as every reader takes it, whatever its incident's shape: what the shape lacks is null or empty. */
export type ShapedRow = {
  account_id: string;
  request_id: string | null;
  occurred_at: string | null;
  role: string;
  data_classes: string[];
  measures: Record<string, number>;
};

/** The columns of a row of this shape, in the order a CSV file gives them. */
export function columnsOf(shape: AffectedShape): string[] {
  return [
    "account_id",
    ...(shape.requestIds ? ["request_id"] : []),
    ...(shape.time === "none" ? [] : ["occurred_at"]),
    ...shape.measures.map((m) => m.key),
    "role",
    ...(shape.dataClasses.length ? ["data_classes"] : []),
  ];
}

/** A row's data classes: a JSON array of keys, or in CSV the keys separated by ";"; each one of the shape's, each once. */
function dataClassesOf(shape: AffectedShape) {
  const keys = shape.dataClasses.map((d) => d.key);
  const list = z.union([z.array(z.string()), z.string().transform((s) => s.split(";").map((k) => k.trim()).filter(Boolean))]);
  return list.pipe(
    z
      .array(z.enum(keys, { message: `data_classes names only ${keys.join(", ")}` }))
      .refine((ks) => new Set(ks).size === ks.length, "data_classes names each class once"),
  );
}

/** The schema of one row of an affected list of this shape, as imported from CSV or JSON. */
export function affectedRowOf(shape: AffectedShape) {
  const roles = shape.roles.map((r) => r.key);
  const fields: Record<string, z.ZodType> = { account_id: accountIdOf(shape.account) };
  if (shape.requestIds) fields.request_id = requestIdOf(shape.requestIds.name);
  if (shape.time === "instant") {
    fields.occurred_at = z.iso.datetime({ offset: true, message: "occurred_at must be ISO 8601 with a zone, e.g. 2026-09-01T12:00:00Z" }).transform((s) => new Date(s).toISOString());
  }
  if (shape.time === "day") fields.occurred_at = z.iso.date({ message: "occurred_at must be a day, e.g. 2026-09-01" });
  for (const m of shape.measures) fields[m.key] = wholeNumber(m.key, m.max);
  fields.role = z.enum(roles, { message: `role must be one of: ${roles.join(", ")}` });
  if (shape.dataClasses.length) fields.data_classes = dataClassesOf(shape);
  const measureKeys = shape.measures.map((m) => m.key);
  return z.strictObject(fields).transform((row): ShapedRow => {
    const read = new Map(Object.entries(row));
    const str = (name: string) => {
      const v = read.get(name);
      return typeof v === "string" ? v : null;
    };
    const classes = read.get("data_classes");
    return {
      account_id: str("account_id") ?? "",
      request_id: str("request_id"),
      occurred_at: str("occurred_at"),
      role: str("role") ?? "",
      data_classes: Array.isArray(classes) ? classes.filter((c): c is string => typeof c === "string") : [],
      measures: Object.fromEntries(measureKeys.map((k) => [k, Number(read.get(k))])),
    };
  });
}

/** One row's JSON Schema, as GET /api/v1/incidents/{slug}/affected/schema gives it: what a JSON import takes. */
export function affectedRowJsonSchema(shape: AffectedShape): Record<string, unknown> {
  return { $schema: "https://json-schema.org/draft/2020-12/schema", ...z.toJSONSchema(affectedRowOf(shape), { io: "input", unrepresentable: "any" }) };
}
