import type { Collection } from "@/domain/record/collections";
import { DURATION_KINDS, DURATION_ROLES, type DurationKind, PHASES, RECOMMENDATION_AUDIENCES, RECOMMENDATION_STATUSES } from "@/domain/record/constants";
import { PRECISIONS } from "@/lib/precise-time";

/**
 * The editor's form for each collection, described once: the browser draws it and checks it live,
 * the server reads it back with itemFromForm. Names are the fields of the record schemas.
 */
export type FieldKind = "text" | "prose" | "number" | "date" | "time" | "cites" | "select" | "checkbox" | "event" | "duration";
export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  optional?: boolean;
  hint?: string;
  options?: readonly string[];
  initial?: string;
  /** A duration field that belongs to one kind of duration only. */
  only?: DurationKind;
  wide?: boolean;
};

const cites: FieldSpec = { name: "cites", label: "Cites", kind: "cites", hint: "source numbers, e.g. 0 3" };

export const ITEM_FIELDS = {
  events: [
    { name: "key", label: "Key", kind: "text", hint: "e.g. model-offline" },
    { name: "precision", label: "Precision", kind: "select", options: PRECISIONS, initial: "minute" },
    { name: "at", label: "When (UTC)", kind: "time", hint: "2026-09-09T14:00Z, 2026-09-09, 2026-09 or 2026" },
    { name: "phase", label: "Phase", kind: "select", options: PHASES, initial: "response" },
    { name: "title", label: "Title", kind: "text" },
    cites,
    { name: "detail", label: "Detail (optional)", kind: "prose", optional: true, wide: true },
  ],
  sources: [
    { name: "number", label: "Number", kind: "number" },
    { name: "publisher", label: "Publisher", kind: "text" },
    { name: "title", label: "Title", kind: "text" },
    { name: "author", label: "Author (optional)", kind: "text", optional: true },
    { name: "publishedOn", label: "Published on", kind: "date", hint: "YYYY-MM-DD" },
    { name: "url", label: "URL (only if known)", kind: "text", optional: true },
    { name: "note", label: "Note (optional)", kind: "prose", optional: true, wide: true },
  ],
  figures: [
    { name: "value", label: "Value", kind: "text", hint: "as the source gives it, e.g. 155 or ~2" },
    { name: "unit", label: "Unit (optional)", kind: "text", optional: true },
    { name: "label", label: "Label", kind: "text" },
    cites,
    { name: "threshold", label: "Threshold in prompt tokens (optional)", kind: "number", optional: true, hint: "drawn as a line on the prompt-length chart" },
    { name: "headline", label: "Show on the front page", kind: "checkbox" },
    { name: "note", label: "Note (optional)", kind: "prose", optional: true, wide: true },
  ],
  durations: [
    { name: "key", label: "Key", kind: "text", hint: "e.g. outage" },
    { name: "label", label: "Label", kind: "text" },
    { name: "role", label: "Stands for (optional)", kind: "select", options: DURATION_ROLES, optional: true, hint: "the same measure across incidents, compared side by side; exposure and outage also stand in the lead and on the front page" },
    { name: "countedBy", label: "Counted by", kind: "text" },
    { name: "kind", label: "Kind", kind: "select", options: DURATION_KINDS, initial: "interval", hint: "interval: between two events; stated: a length with no dates" },
    { name: "from", label: "From event", kind: "event", only: "interval" },
    { name: "to", label: "To event", kind: "event", only: "interval" },
    { name: "statedMinutes", label: "Stated length in minutes", kind: "number", only: "stated" },
    { name: "approximate", label: "The stated length is approximate", kind: "checkbox", only: "stated" },
    { name: "contests", label: "Contests (optional)", kind: "duration", optional: true, hint: "the count this one disputes" },
    cites,
    { name: "method", label: "How it is counted", kind: "prose", wide: true },
    { name: "note", label: "Note (optional)", kind: "prose", optional: true, wide: true },
  ],
  findings: [
    { name: "assessor", label: "Assessor", kind: "text" },
    { name: "assessedOn", label: "Assessed on", kind: "date", hint: "YYYY-MM-DD" },
    cites,
    { name: "statement", label: "Finding", kind: "prose", wide: true },
  ],
  reactions: [
    { name: "who", label: "Who", kind: "text" },
    { name: "affiliation", label: "Affiliation (optional)", kind: "text", optional: true },
    cites,
    { name: "statement", label: "Statement", kind: "prose", wide: true },
  ],
  recommendations: [
    { name: "audience", label: "For", kind: "select", options: RECOMMENDATION_AUDIENCES },
    { name: "status", label: "Status", kind: "select", options: RECOMMENDATION_STATUSES },
    cites,
    { name: "text", label: "Recommendation", kind: "prose", wide: true },
  ],
  context: [
    { name: "topic", label: "Topic", kind: "text" },
    cites,
    { name: "statement", label: "Statement", kind: "prose", wide: true },
  ],
} as const satisfies Record<Collection, readonly FieldSpec[]>;


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
  const fields: readonly FieldSpec[] = ITEM_FIELDS[collection];
  return Object.fromEntries(fields.filter((f) => !f.only || f.only === kind).map((f) => [f.name, valueOf(f, form)]));
}

/** The text a control shows for a stored value: the inverse of valueOf. */
export function formValueOf(spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return spec.initial ?? "";
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}
