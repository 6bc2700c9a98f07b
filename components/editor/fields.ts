import type { FieldSpec } from "@/domain/record/collection";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";

export type { FieldSpec };

// How the editor's forms read each collection's fields (described in domain/record/collections/)
// back into an item: the browser to check it live, the server to save it.

type Form = Pick<FormData, "get">;

export const formText = (form: Form, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** An empty number is left undefined so the schema says it is missing, instead of reading it as 0. */
const numberOf = (raw: string): number | undefined => (raw === "" ? undefined : Number(raw));

export const citesOf = (raw: string): number[] => raw.split(/[\s,]+/).filter(Boolean).map(Number);

function valueOf(spec: FieldSpec, form: Form): unknown {
  const raw = formText(form, spec.name);
  switch (spec.kind) {
    case "number":
      return spec.optional && raw === "" ? null : numberOf(raw);
    case "checkbox":
      return form.get(spec.name) === "on";
    case "cites":
      return citesOf(raw);
    case "time":
      return formText(form, "precision") === "none" ? null : raw;
    default:
      return spec.optional && raw === "" ? null : raw;
  }
}

/** A collection item in its plain form (keys, source numbers), as the API and the seed write it. */
export function itemFromForm(collection: Collection, form: Form): Record<string, unknown> {
  const kind = collection === "durations" ? formText(form, "kind") : null;
  const fields: readonly FieldSpec[] = COLLECTIONS[collection].fields;
  return Object.fromEntries(fields.filter((f) => !f.only || f.only === kind).map((f) => [f.name, valueOf(f, form)]));
}

/** The text a control shows for a stored value: the inverse of valueOf. */
export function formValueOf(spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return spec.initial ?? "";
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}
