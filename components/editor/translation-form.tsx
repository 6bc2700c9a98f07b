"use client";

import { useActionState } from "react";
import type { Locale } from "@/i18n/locales";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { EditorState } from "./editor-state";
import type { TranslationGroup, TranslationRow } from "./translation-rows";

type Action = (previous: EditorState, form: FormData) => Promise<EditorState>;
/** The page's words, in the editor's language (the server page reads them from the catalogue). */
export type TranslationWords = { own: string; boxes: Record<string, string>; sourceOwn: string; quote: string; alwaysQuote: string; save: string; saving: string };

const OWN = "mt-1 max-h-64 overflow-auto rounded-md border border-slate-300 bg-slate-50 p-2 text-sm whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-900";

function Row({ row, own, lang, words, problem }: { row: TranslationRow; own: Locale; lang: Locale; words: TranslationWords; problem: boolean }) {
  const id = `tr-${row.name.replaceAll(".", "-")}`;
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-3 lg:grid-cols-2 dark:border-slate-800">
      <div>
        <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">{words.own}</p>
        <div id={`${id}-own`} lang={own} className={OWN}>
          {row.own}
        </div>
      </div>
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {words.boxes[row.label] ?? row.label}
        </label>
        <textarea
          id={id}
          name={`t.${row.name}`}
          lang={lang}
          rows={Math.min(8, Math.max(2, Math.ceil(row.own.length / 70)))}
          defaultValue={row.entry?.text ?? ""}
          aria-describedby={`${id}-own`}
          aria-invalid={problem}
          className={INPUT}
        />
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="checkbox" name={`o.${row.name}`} defaultChecked={row.entry?.original ?? false} className="mt-1" />
          <span>{words.sourceOwn}</span>
        </label>
        {row.alwaysQuote ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{words.alwaysQuote}</p>
        ) : (
          <label className="mt-1 flex items-start gap-2 text-sm">
            <input type="checkbox" name={`q.${row.name}`} defaultChecked={row.entry?.quote ?? false} className="mt-1" />
            <span>{words.quote}</span>
          </label>
        )}
      </div>
    </div>
  );
}

/**
 * Every text of the record beside a box for its version in one language: one form, one save
 * through the one verb, a plain post that works without JavaScript. After a save its boxes hold
 * what was sent, which is what is stored; the version it sends next is the new one.
 */
export function TranslationForm({ action, version, groups, own, lang, words }: { action: Action; version: number; groups: TranslationGroup[]; own: Locale; lang: Locale; words: TranslationWords }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const wrong = new Set(state.status === "error" ? state.errors.map((e) => e.field) : []);
  return (
    <form action={formAction} className="space-y-6">
      <input type="hidden" name="version" value={version} />
      <StateMessage state={state} />
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`tr-${g.id}-heading`} className="space-y-4">
          <h3 id={`tr-${g.id}-heading`} className="text-lg font-semibold">
            {g.title}
          </h3>
          {g.parts.map((p) => (
            <fieldset key={p.id} className="space-y-3 rounded-md border border-slate-300 p-3 dark:border-slate-700">
              <legend lang={own} className="px-1 text-sm font-semibold break-words">
                {p.title}
              </legend>
              {p.rows.map((row) => (
                <Row key={row.name} row={row} own={own} lang={lang} words={words} problem={wrong.has(row.name)} />
              ))}
            </fieldset>
          ))}
        </section>
      ))}
      <div className="sticky bottom-0 flex items-center gap-3 bg-white py-3 dark:bg-slate-950">
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? words.saving : words.save}
        </button>
      </div>
    </form>
  );
}
