"use client";

import { Fragment, useActionState } from "react";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";
import { formValueOf, itemFromForm, timeProblems, zoneName } from "@/components/editor/fields";
import { TimeField } from "./time-field";
import { type EditorState, shownState } from "./editor-state";
import { WAS } from "./changed";
import { StateMessage } from "@/components/ui/field";
import { BUTTON } from "@/components/ui/styles";
import { type Choices, ItemField } from "./item-field";
import { useLiveCheck } from "./use-live-check";
import { useWords } from "./use-words";
import { itemNaming } from "@/domain/record/naming";

export type EditorAction = (previous: EditorState, form: FormData) => Promise<EditorState>;

type Props = {
  collection: Collection;
  action: EditorAction;
  version: number;
  formId: string;
  label: string;
  submitLabel: string;
  item?: Record<string, unknown>;
  /** What a new item's form starts with (a source's next free number). */
  start?: Record<string, string>;
  choices: Choices;
  /** Drawn folded under this summary, open from the start when `open`, and while its save's banner shows. */
  folded?: { summary: string; open: boolean; id: string };
};

/** The live check of an item's form: its collection's own schema, the times the form could not read first. */
const useItemCheck = (collection: Collection) =>
  useLiveCheck(COLLECTIONS[collection].schema, (form) => itemFromForm(collection, form), itemNaming(collection), (form) => timeProblems(collection, form));

/** Adds an item, or edits one when `item` is given; checked live with the server's own schema. */
export function ItemForm({ collection, action, version, formId, label, submitLabel, item, start, choices, folded }: Props) {
  const [made, formAction, pending] = useActionState(action, { status: "idle" });
  const state = shownState(made, version);
  const { t } = useWords();
  const { onInput, problem } = useItemCheck(collection);
  const sent = state.status === "error" ? state.values : undefined;
  const serverProblem = (name: string) => (state.status === "error" ? state.errors.find((e) => e.field === `item.${name}`)?.message : undefined);
  const form = (
    <form action={formAction} onInput={onInput} className="grid gap-3 md:grid-cols-3" aria-label={label}>
      <div className="md:col-span-3">
        <StateMessage state={state} />
      </div>
      <input type="hidden" name="version" value={version} />
      {COLLECTIONS[collection].fields
        .filter((spec) => !spec.needsList || choices.hasList || (item?.[spec.name] ?? null) !== null)
        .map((spec) => (
        <Fragment key={spec.name}>
          {/* The stored value's twin: a save sends only the fields the author changed. */}
          {/* None for a field the item lacks (a stated duration's events): the author's value for it is sent, as for a new item. */}
          {item && spec.name in item && <input type="hidden" name={WAS + spec.name} value={formValueOf(spec, item[spec.name])} />}
          {spec.kind === "time" && item && <input type="hidden" name={WAS + zoneName(spec)} value="UTC" />}
          {spec.kind === "time" ? (
            <TimeField
              id={`${formId}-${spec.name}`}
              spec={spec}
              zoneName={zoneName(spec)}
              value={sent?.[spec.name] ?? formValueOf(spec, item?.[spec.name])}
              zone={sent?.[zoneName(spec)] ?? "UTC"}
              isNew={!item}
              problem={problem(spec.name) ?? serverProblem(spec.name)}
            />
          ) : (
          <ItemField
            formId={formId}
            spec={spec}
            value={sent?.[spec.name] ?? (spec.kind === "checkbox" && sent ? "" : (start?.[spec.name] ?? formValueOf(spec, item?.[spec.name])))}
            problem={problem(spec.name) ?? serverProblem(spec.name)}
            choices={choices}
          />
          )}
        </Fragment>
      ))}
      <div className="md:col-span-3">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? t("editor.form.saving") : submitLabel}
        </button>
      </div>
    </form>
  );
  if (!folded) return form;
  return (
    <details id={folded.id} open={folded.open || state.status !== "idle"} className="rounded-md border border-slate-300 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">{folded.summary}</summary>
      <div className="mt-3">{form}</div>
    </details>
  );
}
