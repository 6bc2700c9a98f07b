import { type FieldSpec, belongsTo } from "@/domain/record/collection";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";
import { changedNames, patchOf, sentValues } from "./changed";
import { PRECISIONS } from "@/lib/precise-time";
import { slugOf } from "@/lib/slug";
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
  const precision = spec.precision ?? PRECISIONS.find((p) => p === formText(form, "precision"));
  if (!precision) return { ok: false, message: "Choose a precision first.", said: { key: "editor.saves.choosePrecision" } };
  return readWrittenTime({ text: formText(form, spec.name), zone: formText(form, zoneName(spec)) || "UTC", precision, now: Date.now() });
}

function valueOf(spec: FieldSpec, form: Form, times: ReadonlyMap<string, ReadTime>): unknown {
  const raw = formText(form, spec.name);
  switch (spec.kind) {
    case "number":
      return spec.optional && raw === "" ? null : numberOf(raw);
    case "checkbox":
      return form.get(spec.name) === "on";
    case "cites":
      return citesOf(sentValues(form, spec.name));
    case "time": {
      const read = times.get(spec.name);
      return read?.ok ? read.at : raw;
    }
    default:
      if (raw === "" && spec.madeFrom) return slugOf(formText(form, spec.madeFrom));
      return spec.optional && raw === "" ? null : raw;
  }
}

/**
 * An item's form read once: the item in its plain form (keys, source numbers), as the API and the
 * seed write it; the time fields it cannot read, each with what to write instead; and how it read
 * the others, in the author's zone and in UTC ("14:02 Europe/Berlin = 13:02 UTC").
 */
export function readItemForm(collection: Collection, form: Form) {
  const kind = collection === "durations" ? formText(form, "kind") : null;
  const fields = COLLECTIONS[collection].fields.filter((f) => belongsTo(f, kind));
  const timed = fields.filter((f) => f.kind === "time").map((spec) => ({ spec, read: timeOf(spec, form) }));
  const times = new Map(timed.map((t) => [t.spec.name, t.read]));
  return {
    item: Object.fromEntries(fields.map((f) => [f.name, valueOf(f, form, times)])),
    unread: timed.flatMap(({ spec, read }) => (read.ok ? [] : [{ field: spec.name, said: read.said }])),
    shown: timed.flatMap(({ spec, read }) => (read.ok && read.shown ? [{ spec, shown: read.shown }] : [])),
  };
}

export const itemFromForm = (collection: Collection, form: Form) => readItemForm(collection, form).item;
export const timeProblems = (collection: Collection, form: Form) => readItemForm(collection, form).unread;

/** The fields of an item's form the author changed, as the form sends them: what an edit patches. */
export function changedFields(collection: Collection, form: Form, item: Record<string, unknown>): Record<string, unknown> {
  const patch = patchOf(form, item);
  // A time is also changed when only its zone is: the same clock in another zone is another time.
  for (const spec of COLLECTIONS[collection].fields) if (spec.kind === "time" && spec.name in item && changedNames(form, [zoneName(spec)]).length) patch[spec.name] = item[spec.name];
  return patch;
}

/** The text a control shows for a stored value: the inverse of valueOf; a ticked checkbox sends "on". */
export function formValueOf(spec: FieldSpec, value: unknown): string {
  if (spec.kind === "checkbox") return value === true || value === "on" || value === "true" ? "on" : "";
  if (value === null || value === undefined) return spec.initial ?? "";
  if (Array.isArray(value)) return spec.kind === "cites" ? numbersText(value) : value.join(" ");
  return String(value);
}
