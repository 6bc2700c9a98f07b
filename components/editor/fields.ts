import type { FieldSpec } from "@/domain/record/collection";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";
import { changedNames, sentValues } from "./changed";
import { PRECISIONS } from "@/lib/precise-time";
import { type ReadTime, readWrittenTime } from "@/lib/written-time";

export type { FieldSpec };

// How the editor's forms read each collection's fields (described in domain/record/collections/)
// back into an item: the browser to check it live, the server to save it.

type Form = Pick<FormData, "get" | "getAll">;

export const formText = (form: Form, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** An empty number is left undefined so the schema says it is missing, instead of reading it as 0. */
const numberOf = (raw: string): number | undefined => (raw === "" ? undefined : Number(raw));

/** Source numbers as the pickers send them, in the sources' order. */
export const numbersText = (value: readonly unknown[]): string => value.map(Number).sort((a, b) => a - b).join(" ");

export const citesOf = (raw: string): number[] => raw.split(/[\s,]+/).filter(Boolean).map(Number);

/** The zone control beside a time field: the author's own zone, UTC unless chosen. */
export const zoneName = (spec: FieldSpec) => `${spec.name}Zone`;

/** A time field as the author wrote it, read in the zone beside it at the precision chosen (the item's "precision"). */
function timeOf(spec: FieldSpec, form: Form): ReadTime {
  const precision = PRECISIONS.find((p) => p === formText(form, "precision"));
  if (!precision) return { ok: false, message: "Choose a precision first." };
  return readWrittenTime({ text: formText(form, spec.name), zone: formText(form, zoneName(spec)) || "UTC", precision, now: Date.now() });
}

/** The time fields of an item's form that cannot be read, each with what to write instead. */
export function timeProblems(collection: Collection, form: Form): Array<{ field: string; message: string }> {
  return COLLECTIONS[collection].fields.flatMap((spec) => {
    const read = spec.kind === "time" ? timeOf(spec, form) : null;
    return read && !read.ok ? [{ field: spec.name, message: read.message }] : [];
  });
}

/** How the form's times were read, in the author's zone and in UTC ("14:02 Europe/Berlin = 13:02 UTC"). */
export function timesShown(collection: Collection, form: Form): string[] {
  return COLLECTIONS[collection].fields.flatMap((spec) => {
    const read = spec.kind === "time" ? timeOf(spec, form) : null;
    return read?.ok && read.shown ? [`${spec.label}: ${read.shown}`] : [];
  });
}

function valueOf(spec: FieldSpec, form: Form): unknown {
  const raw = formText(form, spec.name);
  switch (spec.kind) {
    case "number":
      return spec.optional && raw === "" ? null : numberOf(raw);
    case "checkbox":
      return form.get(spec.name) === "on";
    case "cites":
      return citesOf(sentValues(form, spec.name));
    case "time": {
      const read = timeOf(spec, form);
      return read.ok ? read.at : raw;
    }
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

/** An edited item: the fields the author changed as the form sends them, the others as stored. */
export function editedItem(collection: Collection, form: Pick<FormData, "get" | "getAll">, stored: Record<string, unknown>): Record<string, unknown> {
  const sent = itemFromForm(collection, form);
  const changed = new Set(changedNames(form, Object.keys(sent)));
  // A time is also changed when only its zone is: the same clock in another zone is another time.
  for (const spec of COLLECTIONS[collection].fields) if (spec.kind === "time" && changedNames(form, [zoneName(spec)]).length) changed.add(spec.name);
  return Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, changed.has(name) || !(name in stored) ? value : stored[name]]));
}

/** The text a control shows for a stored value: the inverse of valueOf; a ticked checkbox sends "on". */
export function formValueOf(spec: FieldSpec, value: unknown): string {
  if (spec.kind === "checkbox") return value === true || value === "on" || value === "true" ? "on" : "";
  if (value === null || value === undefined) return spec.initial ?? "";
  if (Array.isArray(value)) return spec.kind === "cites" ? numbersText(value) : value.join(" ");
  return String(value);
}
