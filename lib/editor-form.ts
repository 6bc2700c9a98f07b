/** Form fields to the plain inputs the verbs take: shared by the browser (live checks) and the server. */
type Form = Pick<FormData, "get">;

const text = (form: Form, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};
const optional = (form: Form, name: string): string | null => text(form, name) || null;
const numbers = (form: Form, name: string): number[] =>
  text(form, name)
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

export function incidentFromForm(form: Form) {
  return {
    slug: text(form, "slug"),
    title: text(form, "title"),
    summary: text(form, "summary"),
    provider: text(form, "provider"),
    service: text(form, "service"),
    model: optional(form, "model"),
    status: text(form, "status"),
    severity: optional(form, "severity"),
    impact: text(form, "impact"),
    cause: text(form, "cause"),
    isAttack: form.get("isAttack") === "on",
    attackNote: optional(form, "attackNote"),
    sampleNote: optional(form, "sampleNote"),
    cites: numbers(form, "cites"),
  };
}

export function eventFromForm(form: Form) {
  const precision = text(form, "precision");
  return {
    key: text(form, "key"),
    at: precision === "none" ? null : text(form, "at"),
    precision,
    phase: text(form, "phase"),
    title: text(form, "title"),
    detail: optional(form, "detail"),
    cites: numbers(form, "cites"),
  };
}

export function sourceFromForm(form: Form) {
  return {
    number: Number(text(form, "number")),
    publisher: text(form, "publisher"),
    title: text(form, "title"),
    author: optional(form, "author"),
    publishedOn: text(form, "publishedOn"),
    url: optional(form, "url"),
    note: optional(form, "note"),
  };
}

export const versionFromForm = (form: Form): number => Number(text(form, "version"));
