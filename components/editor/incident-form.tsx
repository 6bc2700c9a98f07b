"use client";

import { type FormEvent, type ReactNode, useActionState, useRef } from "react";
import { slugOf } from "@/lib/slug";
import { INCIDENT_STATUSES, SEVERITIES } from "@/domain/record/constants";
import { incidentFormText, incidentFromForm, slugProblems } from "@/components/editor/form-values";
import { WAS } from "./changed";
import { CitesField } from "./cites-field";
import type { Choice } from "./item-field";
import { INCIDENT_LABELS as L, incidentInput } from "@/domain/record/incident";
import { type EditorState, shownState } from "./editor-state";
import { Field, SelectField, StateMessage } from "@/components/ui/field";
import { MARKDOWN_HINT } from "./markdown-hint";
import { MarkdownArea } from "./markdown-area";
import { BUTTON, INPUT } from "@/components/ui/styles";
import { useLiveCheck } from "./use-live-check";

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
  const { onInput: check, problem } = useLiveCheck(incidentInput, incidentFromForm, slugProblems);
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

export function IncidentForm({ action, values = {}, version, sources = [], submitLabel }: Props) {
  const [made, formAction, pending] = useActionState(action, { status: "idle" });
  const state = shownState(made, version);
  // Each control's twin holds the stored value, so a save sends only the fields the author changed.
  const stored = incidentFormText(values);
  const twin = (name: string, value: string) => version !== undefined && <input type="hidden" name={WAS + name} value={value} />;
  const { onInput, problem } = useIncidentCheck(version === undefined);
  const show = (name: string) => problem(name) ?? (state.status === "error" ? state.errors.find((e) => e.field === name)?.message : undefined);
  // A refused form comes back as it was sent.
  const sent = state.status === "error" ? state.values : undefined;
  const text = (name: TextName, label: string, options: { area?: boolean; hint?: string } = {}) => (
    <>
      {twin(name, stored[name] ?? "")}
      <IncidentText name={name} label={label} {...options} value={sent?.[name] ?? stored[name] ?? ""} problem={show(name)} />
    </>
  );
  const select = (name: "status" | "severity" | "isAttack", field: (value: string) => ReactNode) => (
    <>
      {twin(name, stored[name] ?? "")}
      {field(sent?.[name] ?? stored[name] ?? "")}
    </>
  );
  return (
    <form action={formAction} onInput={onInput} className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <StateMessage state={state} />
      </div>
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      {version === undefined ? text("slug", L.slug, { hint: "the page's address: lower-case words joined by hyphens, made from the title unless you write one" }) : <input type="hidden" name="slug" value={values.slug} />}
      {text("title", L.title)}
      {text("provider", L.provider)}
      {text("service", L.service)}
      {text("model", L.model)}
      {text("kind", L.kind, { hint: 'what sort of incident, as the front page filters them, e.g. "Cross-customer data exposure"' })}
      {select("status", (value) => <SelectField name="status" label={L.status} value={value} options={INCIDENT_STATUSES} />)}
      {select("severity", (value) => (
        <SelectField name="severity" label={L.severity} hint="leave unrated unless someone with standing rated it" value={value} options={[{ value: "", label: "unrated" }, ...SEVERITIES]} />
      ))}
      <div className="md:col-span-2">{text("summary", L.summary, { area: true, hint: MARKDOWN_HINT })}</div>
      {text("impact", L.impact, { area: true, hint: MARKDOWN_HINT })}
      {text("cause", L.cause, { area: true, hint: MARKDOWN_HINT })}
      {select("isAttack", (value) => (
        <SelectField name="isAttack" label={L.isAttack} hint="leave it not established until a source says" value={value} options={[{ value: "", label: "not established" }, "yes", "no"]} />
      ))}
      {text("attackNote", L.attackNote, { area: true, hint: `Who says so, and why. ${MARKDOWN_HINT}` })}
      {text("contextTitle", L.contextTitle, { hint: 'e.g. "The model"; "Context" when empty' })}
      {version !== undefined && (
        <>
          {twin("cites", stored.cites ?? "")}
          <CitesField id="cites" name="cites" label={L.cites} chosen={sent?.cites ?? stored.cites ?? ""} sources={sources} addHere={version !== undefined} problem={show("cites")} />
        </>
      )}
      <div className="md:col-span-2">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
