"use client";

import type { FieldSpec } from "@/domain/record/collection";
import { Field } from "@/components/ui/field";
import { INPUT } from "@/components/ui/styles";
import { CitesField } from "./cites-field";
import { MarkdownArea } from "./markdown-area";
import { fieldHint, fieldLabel, optionLabel } from "./field-words";
import { useWords } from "./use-words";

export type Choice = { value: string; label: string };

/** What the item forms offer: the incident's events, durations and sources, whether it has an affected list, and where a source is added from this page. */
export type Choices = { events: Choice[]; durations: Choice[]; sources: Choice[]; hasList: boolean };
type Props = { formId: string; spec: FieldSpec; value: string; problem?: string; choices: Choices };

/** One control of an item form, drawn from its description in its collection (domain/record/collections/). */
export function ItemField({ formId, spec, value, problem, choices }: Props) {
  const { t } = useWords();
  const id = `${formId}-${spec.name}`;
  const label = fieldLabel(t, spec);
  const own = fieldHint(t, spec);
  const hint = spec.kind === "prose" ? [own, t("editor.form.markdownHint")].filter(Boolean).join(" ") : own;
  const common = {
    id,
    name: spec.name,
    "aria-invalid": Boolean(problem),
    "aria-describedby": `${hint ? `${id}-hint ` : ""}${id}-problem`,
    className: INPUT,
  };
  if (spec.kind === "cites") return <CitesField id={id} name={spec.name} label={label} chosen={value} sources={choices.sources} problem={problem} />;
  if (spec.kind === "checkbox") {
    return (
      <div className="flex items-center gap-2 self-center text-sm">
        <input key={value} id={id} name={spec.name} type="checkbox" defaultChecked={value === "on"} />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  }
  const options = spec.kind === "event" ? choices.events : spec.kind === "duration" ? choices.durations : (spec.options ?? []).map((o) => ({ value: o, label: optionLabel(t, o) }));
  let control;
  if (spec.kind === "select" || spec.kind === "event" || spec.kind === "duration") {
    control = (
      // Keyed by its value: React applies a select's defaultValue only when it mounts (SelectField says more).
      <select key={value} {...common} defaultValue={value}>
        {(spec.optional || spec.kind === "event") && <option value="">{spec.optional ? t("editor.form.none") : t("editor.form.chooseEvent")}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "prose") {
    control = <MarkdownArea {...common} rows={3} defaultValue={value} />;
  } else {
    control = <input {...common} type={spec.kind === "number" ? "number" : "text"} defaultValue={value} />;
  }
  return (
    <div className={spec.wide ? "md:col-span-3" : undefined}>
      <Field id={id} name={spec.name} label={label} hint={hint} problem={problem}>
        {control}
      </Field>
    </div>
  );
}
