"use client";

import { type ReactNode, useActionState } from "react";
import { useTranslations } from "next-intl";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INLINE_INPUT, INPUT } from "@/components/ui/styles";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

const code = (chunks: ReactNode) => <code>{chunks}</code>;
/** A refusal's field "line 3", which keeps its English name in the state, as the page's language writes it. */
const lineOf = (field: string) => /^line (\d+)$/.exec(field)?.[1];

/** The contacts of affected accounts (CSV, account_id,email), queued as notices through the same verb as npm run notify:affected. */
export function NoticeUploadForm({ action, days }: { action: Action; days: number }) {
  const t = useTranslations("notices.form");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const errors = state.status === "error" ? state.errors : [];
  const daysTyped = state.status === "error" ? state.values?.days : undefined;
  return (
    <form action={formAction} className="space-y-4" aria-label={t("label")}>
      <StateMessage state={state} />
      {errors.some((e) => e.field.startsWith("line ")) && (
        <ul className="list-disc pl-5 text-sm text-red-800 dark:text-red-200">
          {errors.map((e) => (
            <li key={e.field}>
              {lineOf(e.field) === undefined ? e.field : t("line", { line: lineOf(e.field) ?? "" })}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor="notice-contacts" className="text-sm font-semibold">
          {t("file")}
        </label>
        <p id="notice-contacts-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t.rich("fileHint", { code })}
        </p>
        <input
          id="notice-contacts"
          name="contacts"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby="notice-contacts-hint"
          aria-invalid={errors.some((e) => e.field !== "days")}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor="notice-days" className="text-sm font-semibold">
          {t("days")}
        </label>
        <input
          key={daysTyped ?? "days"}
          id="notice-days"
          name="days"
          type="number"
          min={1}
          max={366}
          required
          defaultValue={daysTyped ?? days}
          aria-invalid={errors.some((e) => e.field === "days")}
          className={`mt-1 block w-28 ${INLINE_INPUT}`}
        />
      </div>
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? t("queueing") : t("queue")}
      </button>
    </form>
  );
}
