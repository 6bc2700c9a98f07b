"use client";

import { useActionState } from "react";
import { INCIDENT_STATUSES, SEVERITIES } from "@/domain/record/constants";
import { incidentFromForm } from "@/components/editor/form-values";
import { incidentInput } from "@/domain/record/incident";
import type { EditorState } from "./editor-state";
import { BUTTON, Field, INPUT, MARKDOWN_HINT, StateMessage } from "./field";
import { useLiveCheck } from "./use-live-check";

type Values = Partial<Omit<ReturnType<typeof incidentFromForm>, "isAttack">> & { isAttack?: boolean | null };

const attackValue = (v: boolean | null | undefined) => (v === true ? "yes" : v === false ? "no" : "");
type Props = { action: (p: EditorState, f: FormData) => Promise<EditorState>; values?: Values; version?: number; submitLabel: string };

export function IncidentForm({ action, values = {}, version, submitLabel }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const { onInput, problem } = useLiveCheck(incidentInput, incidentFromForm);
  const serverProblem = (name: string) => (state.status === "error" ? state.errors.find((e) => e.field === name)?.message : undefined);
  const show = (name: string) => problem(name) ?? serverProblem(name);
  // A refused form comes back as it was sent.
  const sent = state.status === "error" ? state.values : undefined;
  const text = (name: Exclude<keyof Values, "isAttack">, label: string, { area = false, hint }: { area?: boolean; hint?: string } = {}) => {
    const props = {
      id: name,
      name,
      defaultValue: sent?.[name] ?? (Array.isArray(values[name]) ? values[name].join(" ") : String(values[name] ?? "")),
      "aria-invalid": Boolean(show(name)),
      "aria-describedby": `${hint ? `${name}-hint ` : ""}${name}-problem`,
      className: INPUT,
    };
    return (
      <Field name={name} label={label} hint={hint} problem={show(name)}>
        {area ? <textarea rows={4} {...props} /> : <input {...props} />}
      </Field>
    );
  };
  return (
    <form action={formAction} onInput={onInput} className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <StateMessage state={state} />
      </div>
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      {version === undefined ? text("slug", "Slug", { hint: "lower-case words joined by hyphens; the address of the page" }) : <input type="hidden" name="slug" value={values.slug} />}
      {text("title", "Title")}
      {text("provider", "Provider")}
      {text("service", "Service")}
      {text("model", "Model (optional)")}
      {text("kind", "Kind (optional)", { hint: 'what sort of incident, as the front page filters them, e.g. "Cross-customer data exposure"' })}
      <Field name="status" label="Status">
        <select id="status" name="status" defaultValue={sent?.status ?? values.status ?? "investigating"} className={INPUT}>
          {INCIDENT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Field>
      <Field name="severity" label="Severity" hint="leave unrated unless someone with standing rated it">
        <select id="severity" name="severity" defaultValue={sent?.severity ?? values.severity ?? ""} aria-describedby="severity-hint" className={INPUT}>
          <option value="">unrated</option>
          {SEVERITIES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Field>
      <div className="md:col-span-2">{text("summary", "Summary", { area: true, hint: MARKDOWN_HINT })}</div>
      {text("impact", "Impact", { area: true, hint: MARKDOWN_HINT })}
      {text("cause", "Cause", { area: true, hint: MARKDOWN_HINT })}
      <Field name="isAttack" label="Was it an attack?" hint="leave it not established until a source says">
        <select id="isAttack" name="isAttack" defaultValue={sent?.isAttack ?? attackValue(values.isAttack)} aria-describedby="isAttack-hint" className={INPUT}>
          <option value="">not established</option>
          <option value="yes">yes</option>
          <option value="no">no</option>
        </select>
      </Field>
      {text("attackNote", "Attack note (optional)", { area: true, hint: `Who says so, and why. ${MARKDOWN_HINT}` })}
      {text("contextTitle", "Title of the context section (optional)", { hint: 'e.g. "The model"; "Context" when empty' })}
      {text("cites", "Cites", { hint: "source numbers, e.g. 0 3" })}
      <div className="md:col-span-2">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
