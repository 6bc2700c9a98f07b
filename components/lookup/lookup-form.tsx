"use client";

import { type ReactNode, useActionState, useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { type AdviceItem, LookupResult, lineOf } from "./lookup-result";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { LookupState } from "./lookup-state";
import type { ListWords } from "@/view/list-words";

type Props = {
  action: (previous: LookupState, form: FormData) => Promise<LookupState>;
  advice: AdviceItem[];
  /** The incident's names for the account id, its request ids and what its list holds (view/lookup.ts). */
  words: ListWords & { account: { label: string; hint: string } };
  requests: { label: string; hint: string };
};

type Described = { "aria-describedby": string; "aria-invalid": boolean };
type FieldProps = { name: string; label: string; note?: string; hint: string; errors: string[]; children: (described: Described) => ReactNode };

/** A field of the form: its label, what it takes, the control, and what was wrong with it, tied together for a screen reader. */
function LookupField({ name, label, note, hint, errors, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={name} className="font-semibold">
        {label}
        {note && <> <span className="font-normal">{note}</span></>}
      </label>
      <p id={`${name}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        {hint}
      </p>
      {children({ "aria-describedby": `${name}-hint${errors.length ? ` ${name}-error` : ""}`, "aria-invalid": errors.length > 0 })}
      {errors.length > 0 && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {errors.join("; ")}
        </p>
      )}
    </div>
  );
}

/** A request id's error as its field shows it: "line 3: …". */
function onLine(e: { field: string; message: string }, t: ReturnType<typeof useTranslations<"lookup.result">>): string {
  const line = lineOf(e.field);
  return line === undefined ? e.message : t("lineError", { line, message: e.message, capital: "no" });
}

/** A real form post: it works before and without JavaScript, and without a page reload with it. */
export function LookupForm({ action, advice, words, requests }: Props) {
  const t = useTranslations("lookup.form");
  const result = useTranslations("lookup.result");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const answer = useRef<HTMLDivElement>(null);
  // A screen reader and a keyboard land on what the form answered, not back at the top of the form.
  useEffect(() => {
    if (state.status !== "idle") answer.current?.focus();
  }, [state]);
  const typed = state.typed;
  const errorFor = (field: string) =>
    state.status === "invalid" ? state.errors.filter((e) => e.field === field || e.field.startsWith(`${field}.`)) : [];
  const accountErrors = errorFor("accountId");
  const requestErrors = errorFor("requestIds");
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,26rem)_1fr]">
      <form action={formAction} className="space-y-5" autoComplete="off">
        <LookupField
          name="accountId"
          label={words.account.label}
          hint={`${words.account.hint} ${t("accountNote")}`}
          errors={accountErrors.map((e) => e.message)}
        >
          {(described) => (
            <input
              id="accountId"
              name="accountId"
              required
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              inputMode="text"
              maxLength={64}
              defaultValue={typed?.accountId}
              {...described}
              className={`${INPUT} font-mono text-sm`}
            />
          )}
        </LookupField>
        <LookupField
          name="requestIds"
          label={requests.label}
          note={t("requestsNote", { max: 100 })}
          hint={requests.hint}
          errors={requestErrors.map((e) => onLine(e, result))}
        >
          {(described) => (
            <textarea id="requestIds" name="requestIds" rows={5} required spellCheck={false} defaultValue={typed?.requestIds} {...described} className={`${INPUT} font-mono text-sm`} />
          )}
        </LookupField>
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? t("checking") : t("check")}
        </button>
      </form>
      <div aria-live="polite" ref={answer} tabIndex={-1} className="min-w-0 focus:outline-none">
        <LookupResult state={state} advice={advice} words={words} />
      </div>
    </div>
  );
}
