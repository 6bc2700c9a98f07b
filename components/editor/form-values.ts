import { positiveDecimalText } from "@/domain/record/common";
import { citesOf, formText as text } from "./fields";

/** The incident's own fields to the plain input the verbs take: shared by the browser (live checks) and the server. */
type Form = Pick<FormData, "get">;

const optional = (form: Form, name: string): string | null => text(form, name) || null;

/** "yes", "no", or empty for not established; anything else is left for the schema to refuse. */
const attackOf = (raw: string): boolean | null | string => (raw === "yes" ? true : raw === "no" ? false : raw === "" ? null : raw);

export function incidentFromForm(form: Form) {
  return {
    slug: text(form, "slug"),
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
    cites: citesOf(text(form, "cites")),
  };
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
  const shown = (value: unknown) => (Array.isArray(value) ? value.join(" ") : value === null || value === undefined ? "" : String(value));
  const given = new Map(Object.entries(values));
  const text = Object.fromEntries(INCIDENT_FORM_FIELDS.map((name) => [name, shown(given.get(name))]));
  return { ...text, status: shown(values.status) || "investigating", isAttack: attack };
}
