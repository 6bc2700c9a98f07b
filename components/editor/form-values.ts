import { key, positiveDecimalText } from "@/domain/record/common";
import type { Said } from "@/domain/said";
import { slugOf } from "@/lib/slug";
import { citesOf, formText as text, numbersText } from "./fields";
import { sentValues } from "./changed";

/** The incident's own fields to the plain input the verbs take: shared by the browser (live checks) and the server. */
type Form = Pick<FormData, "get" | "getAll">;

const optional = (form: Form, name: string): string | null => text(form, name) || null;

/** "yes", "no", or empty for not established; anything else is left for the schema to refuse. */
const attackOf = (raw: string): boolean | null | string => (raw === "yes" ? true : raw === "no" ? false : raw === "" ? null : raw);

export function incidentFromForm(form: Form) {
  return {
    slug: text(form, "slug") || slugOf(text(form, "title")),
    title: text(form, "title"),
    summary: text(form, "summary"),
    provider: text(form, "provider"),
    service: text(form, "service"),
    model: optional(form, "model"),
    kind: optional(form, "kind"),
    status: text(form, "status"),
    severity: optional(form, "severity"),
    impact: text(form, "impact"),
    cause: text(form, "cause"),
    isAttack: attackOf(text(form, "isAttack")),
    attackNote: optional(form, "attackNote"),
    contextTitle: optional(form, "contextTitle"),
    cites: citesOf(sentValues(form, "cites")),
  };
}

/** A slug the record cannot take, with one made from it (or from the title) to take instead. */
export function slugProblems(form: Form): Array<{ field: string; said: Said }> {
  const slug = text(form, "slug");
  if (slug === "" || key.safeParse(slug).success) return [];
  const suggestion = slugOf(slug) || slugOf(text(form, "title"));
  return [{ field: "slug", said: suggestion ? { key: "editor.saves.slugFormLike", values: { suggestion } } : { key: "editor.saves.slugForm" } }];
}

/** The names of the incident form's fields. */
export const INCIDENT_FORM_FIELDS = Object.keys(incidentFromForm(new FormData()));

/** The version the form was based on, in its one decimal spelling; anything else is NaN, which the verb refuses. */
export function versionFromForm(form: Form): number {
  const parsed = positiveDecimalText.safeParse(text(form, "version"));
  return parsed.success ? parsed.data : Number.NaN;
}

/** What the editor typed, kept so a refused form comes back as it was sent instead of empty. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !name.startsWith("$")) values[name] = value;
  return values;
}


/** The incident's fields as its form draws them (text for every control): the controls' values and their twins. */
export function incidentFormText(values: Partial<Record<keyof ReturnType<typeof incidentFromForm>, unknown>>): Record<string, string> {
  const attack = values.isAttack === true ? "yes" : values.isAttack === false ? "no" : "";
  const shown = (value: unknown) => (Array.isArray(value) ? numbersText(value) : value === null || value === undefined ? "" : String(value));
  const given = new Map(Object.entries(values));
  const text = Object.fromEntries(INCIDENT_FORM_FIELDS.map((name) => [name, shown(given.get(name))]));
  return { ...text, status: shown(values.status) || "investigating", isAttack: attack };
}
