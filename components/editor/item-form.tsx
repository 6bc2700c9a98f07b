"use client";

import { useActionState } from "react";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";
import { formValueOf, itemFromForm } from "@/components/editor/fields";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON } from "@/components/ui/styles";
import { type Choice, ItemField } from "./item-field";
import { useLiveCheck } from "./use-live-check";

export type EditorAction = (previous: EditorState, form: FormData) => Promise<EditorState>;

type Props = {
  collection: Collection;
  action: EditorAction;
  version: number;
  formId: string;
  label: string;
  submitLabel: string;
  item?: Record<string, unknown>;
  choices: { events: Choice[]; durations: Choice[] };
};

/** Adds an item, or edits one when `item` is given; checked live with the server's own schema. */
export function ItemForm({ collection, action, version, formId, label, submitLabel, item, choices }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const { onInput, problem } = useLiveCheck(COLLECTIONS[collection].schema, (form) => itemFromForm(collection, form));
  const sent = state.status === "error" ? state.values : undefined;
  const serverProblem = (name: string) => (state.status === "error" ? state.errors.find((e) => e.field === `item.${name}`)?.message : undefined);
  return (
    <form action={formAction} onInput={onInput} className="grid gap-3 md:grid-cols-3" aria-label={label}>
      <div className="md:col-span-3">
        <StateMessage state={state} />
      </div>
      <input type="hidden" name="version" value={version} />
      {COLLECTIONS[collection].fields.map((spec) => (
        <ItemField
          key={spec.name}
          formId={formId}
          spec={spec}
          value={sent?.[spec.name] ?? (spec.kind === "checkbox" && sent ? "" : formValueOf(spec, item?.[spec.name]))}
          problem={problem(spec.name) ?? serverProblem(spec.name)}
          choices={choices}
        />
      ))}
      <div className="md:col-span-3">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
