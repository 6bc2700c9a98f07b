"use client";

import { type FormEvent, type ReactNode, useActionState, useRef } from "react";
import { slugOf } from "@/lib/slug";
import { INCIDENT_STATUSES, SEVERITIES } from "@/domain/record/constants";
import { incidentFormText, incidentFromForm, slugProblems } from "@/components/editor/form-values";
import { WAS } from "./changed";
import { CitesField } from "./cites-field";
import type { Choice } from "./item-field";
import { INCIDENT_OPTIONAL, incidentInput } from "@/domain/record/incident";
import { incidentNaming } from "@/domain/record/naming";
import { type EditorState, shownState } from "./editor-state";
import { Field, SelectField, StateMessage } from "@/components/ui/field";
import { MarkdownArea } from "./markdown-area";
import { BUTTON, INPUT } from "@/components/ui/styles";
import { useLiveCheck } from "./use-live-check";
import { optionLabel } from "./field-words";
import { useWords } from "./use-words";

type Values = Partial<Omit<ReturnType<typeof incidentFromForm>, "isAttack">> & { isAttack?: boolean | null };

type Props = { action: (p: EditorState, f: FormData) => Promise<EditorState>; values?: Values; version?: number; sources?: Choice[]; submitLabel: string };

type TextName = Exclude<keyof Values, "isAttack">;

/** One of the incident's text fields, a line or an area, with its hint and its problem. */
function IncidentText({ name, label, area = false, hint, value, problem }: { name: TextName; label: string; area?: boolean; hint?: string; value: string; problem?: string }) {
  const props = {
    id: name,
    name,
    defaultValue: value,
    "aria-invalid": Boolean(problem),
    "aria-describedby": `${hint ? `${name}-hint ` : ""}${name}-problem`,
    className: INPUT,
  };
  return (
    <Field name={name} label={label} hint={hint} problem={problem}>
      {area ? <MarkdownArea rows={4} {...props} /> : <input {...props} />}
    </Field>
  );
}

/** The live check, and a new incident's slug following its title until the author writes one of their own. */
function useIncidentCheck(isNew: boolean) {
  const { onInput: check, problem } = useLiveCheck(incidentInput, incidentFromForm, incidentNaming, slugProblems);
  const ownSlug = useRef(false);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    const slug = event.currentTarget.elements.namedItem("slug");
    if (target instanceof HTMLInputElement && target.name === "slug") ownSlug.current = target.value !== "";
    if (target instanceof HTMLInputElement && target.name === "title" && isNew && !ownSlug.current && slug instanceof HTMLInputElement) slug.value = slugOf(target.value);
    check(event);
  };
  return { onInput, problem };
}

/** The incident's field labels and the form's words, in the page's language. */
function useIncidentWords() {
  const { t } = useWords();
  const label = (name: TextName | "status" | "severity" | "isAttack") => {
    const own = t(`editor.incident.fields.${name}`);
    return INCIDENT_OPTIONAL.has(name) ? t("editor.form.optional", { label: own }) : own;
  };
  const w = (key: string, values?: Record<string, string>) => t(`editor.incident.${key}`, values);
  const choices = (values: readonly string[]) => values.map((value) => ({ value, label: optionLabel(t, value) }));
  return { t, label, w, choices, markdown: t("editor.form.markdownHint") };
}

/** The incident's three choices: status, severity (unrated until someone with standing rates it), whether it was an attack. */
function selectFor(name: "status" | "severity" | "isAttack", value: string, { label: L, w, choices }: ReturnType<typeof useIncidentWords>): ReactNode {
  if (name === "status") return <SelectField name="status" label={L("status")} value={value} options={choices(INCIDENT_STATUSES)} />;
  if (name === "severity") return <SelectField name="severity" label={L("severity")} hint={w("severityHint")} value={value} options={[{ value: "", label: w("unrated") }, ...choices(SEVERITIES)]} />;
  const options = [{ value: "", label: w("notEstablished") }, { value: "yes", label: w("yes") }, { value: "no", label: w("no") }];
  return <SelectField name="isAttack" label={L("isAttack")} hint={w("attackHint")} value={value} options={options} />;
}

export function IncidentForm({ action, values = {}, version, sources = [], submitLabel }: Props) {
  const words = useIncidentWords();
  const { t, label: L, w, markdown } = words;
  const [made, formAction, pending] = useActionState(action, { status: "idle" });
  const state = shownState(made, version);
  // Each control's twin holds the stored value, so a save sends only the fields the author changed.
  const stored = incidentFormText(values);
  const twin = (name: string, value: string) => version !== undefined && <input type="hidden" name={WAS + name} value={value} />;
  const { onInput, problem } = useIncidentCheck(version === undefined);
  const show = (name: string) => problem(name) ?? (state.status === "error" ? state.errors.find((e) => e.field === name)?.message : undefined);
  // A refused form comes back as it was sent.
  const sent = state.status === "error" ? state.values : undefined;
  const text = (name: TextName, options: { area?: boolean; hint?: string } = {}) => (
    <>
      {twin(name, stored[name] ?? "")}
      <IncidentText name={name} label={L(name)} {...options} value={sent?.[name] ?? stored[name] ?? ""} problem={show(name)} />
    </>
  );
  const select = (name: "status" | "severity" | "isAttack") => (
    <>
      {twin(name, stored[name] ?? "")}
      {selectFor(name, sent?.[name] ?? stored[name] ?? "", words)}
    </>
  );
  return (
    <form action={formAction} onInput={onInput} className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <StateMessage state={state} />
      </div>
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      {version === undefined ? text("slug", { hint: w("slugHint") }) : <input type="hidden" name="slug" value={values.slug} />}
      {text("title")}
      {text("provider")}
      {text("service")}
      {text("model")}
      {text("kind", { hint: w("kindHint") })}
      {select("status")}
      {select("severity")}
      <div className="md:col-span-2">{text("summary", { area: true, hint: markdown })}</div>
      {text("impact", { area: true, hint: markdown })}
      {text("cause", { area: true, hint: markdown })}
      {select("isAttack")}
      {text("attackNote", { area: true, hint: w("attackNoteHint", { markdown }) })}
      {text("contextTitle", { hint: w("contextTitleHint") })}
      {version !== undefined && (
        <>
          {twin("cites", stored.cites ?? "")}
          <CitesField id="cites" name="cites" label={L("cites")} chosen={sent?.cites ?? stored.cites ?? ""} sources={sources} addHere={version !== undefined} problem={show("cites")} />
        </>
      )}
      <div className="md:col-span-2">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? t("editor.form.saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}
