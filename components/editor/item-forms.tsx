"use client";

import { useActionState } from "react";
import { PHASES, PRECISIONS } from "@/lib/constants";
import { eventFromForm, sourceFromForm } from "@/lib/editor-form";
import { seedEvent, seedSource } from "@/seed/format";
import type { EditorState } from "./editor-state";
import { BUTTON, Field, INPUT, StateMessage } from "./field";
import { useLiveCheck } from "./use-live-check";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

function useForm(action: Action) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const serverProblem = (name: string) => (state.status === "error" ? state.errors.find((e) => e.field === `item.${name}`)?.message : undefined);
  return { state, formAction, pending, serverProblem };
}

function Input({ form, name, label, hint, problem, type = "text" }: { form: string; name: string; label: string; hint?: string; problem?: string; type?: string }) {
  const id = `${form}-${name}`;
  return (
    <Field id={id} name={name} label={label} hint={hint} problem={problem}>
      <input id={id} name={name} type={type} aria-invalid={Boolean(problem)} aria-describedby={`${hint ? `${id}-hint ` : ""}${id}-problem`} className={INPUT} />
    </Field>
  );
}

export function AddEventForm({ action, version }: { action: Action; version: number }) {
  const { state, formAction, pending, serverProblem } = useForm(action);
  const { onInput, problem } = useLiveCheck(seedEvent, eventFromForm);
  const show = (n: string) => problem(n) ?? serverProblem(n);
  return (
    <form action={formAction} onInput={onInput} className="grid gap-3 md:grid-cols-3" aria-label="Add an event">
      <div className="md:col-span-3">
        <StateMessage state={state} />
      </div>
      <input type="hidden" name="version" value={version} />
      <Input form="event" name="key" label="Key" hint="e.g. model-offline" problem={show("key")} />
      <Field id="event-precision" name="precision" label="Precision">
        <select id="event-precision" name="precision" defaultValue="minute" className={INPUT}>
          {PRECISIONS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </Field>
      <Input form="event" name="at" label="When (UTC)" hint="2026-09-09T14:00Z, 2026-09-09, 2026-09 or 2026" problem={show("at")} />
      <Field id="event-phase" name="phase" label="Phase">
        <select id="event-phase" name="phase" defaultValue="response" className={INPUT}>
          {PHASES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </Field>
      <Input form="event" name="title" label="Title" problem={show("title")} />
      <Input form="event" name="cites" label="Cites" hint="source numbers" problem={show("cites")} />
      <div className="md:col-span-3">
        <Input form="event" name="detail" label="Detail (optional)" problem={show("detail")} />
      </div>
      <div>
        <button type="submit" disabled={pending} className={BUTTON}>
          Add event
        </button>
      </div>
    </form>
  );
}

export function AddSourceForm({ action, version }: { action: Action; version: number }) {
  const { state, formAction, pending, serverProblem } = useForm(action);
  const { onInput, problem } = useLiveCheck(seedSource, sourceFromForm);
  const show = (n: string) => problem(n) ?? serverProblem(n);
  return (
    <form action={formAction} onInput={onInput} className="grid gap-3 md:grid-cols-3" aria-label="Add a source">
      <div className="md:col-span-3">
        <StateMessage state={state} />
      </div>
      <input type="hidden" name="version" value={version} />
      <Input form="source" name="number" label="Number" type="number" problem={show("number")} />
      <Input form="source" name="publisher" label="Publisher" problem={show("publisher")} />
      <Input form="source" name="title" label="Title" problem={show("title")} />
      <Input form="source" name="author" label="Author (optional)" problem={show("author")} />
      <Input form="source" name="publishedOn" label="Published on" hint="YYYY-MM-DD" problem={show("publishedOn")} />
      <Input form="source" name="url" label="URL (only if known)" problem={show("url")} />
      <div>
        <button type="submit" disabled={pending} className={BUTTON}>
          Add source
        </button>
      </div>
    </form>
  );
}

export function PublishForm({ action, version, published }: { action: Action; version: number; published: boolean }) {
  const { state, formAction, pending } = useForm(action);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="version" value={version} />
      <button type="submit" disabled={pending} className={BUTTON}>
        {published ? "Unpublish (back to draft)" : "Publish"}
      </button>
      <StateMessage state={state} />
    </form>
  );
}
