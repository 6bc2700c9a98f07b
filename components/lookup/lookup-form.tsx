"use client";

import { useActionState, useEffect, useRef } from "react";
import { type AdviceItem, LookupResult } from "./lookup-result";
import type { LookupState } from "./lookup-state";

type Props = {
  action: (previous: LookupState, form: FormData) => Promise<LookupState>;
  advice: AdviceItem[];
};

const FIELD =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** A real form post: it works before and without JavaScript, and without a page reload with it. */
export function LookupForm({ action, advice }: Props) {
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
        <div>
          <label htmlFor="accountId" className="font-semibold">
            Account id
          </label>
          <p id="accountId-hint" className="text-sm text-slate-700 dark:text-slate-300">
            32 hexadecimal digits, as in your dashboard&apos;s URL. It is sent in the request body only, never in an
            address, and is not stored or logged. On its own it shows nothing: anyone may know it.
          </p>
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
            aria-describedby={`accountId-hint${accountErrors.length ? " accountId-error" : ""}`}
            aria-invalid={accountErrors.length > 0}
            className={FIELD}
          />
          {accountErrors.length > 0 && (
            <p id="accountId-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {accountErrors.map((e) => e.message).join("; ")}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="requestIds" className="font-semibold">
            Request ids <span className="font-normal">(one a line, up to 100)</span>
          </label>
          <p id="requestIds-hint" className="text-sm text-slate-700 dark:text-slate-300">
            From your own logs: the ids of your requests as the provider issued them. Only these requests are
            checked, and only they are shown.
          </p>
          <textarea
            id="requestIds"
            name="requestIds"
            rows={5}
            required
            spellCheck={false}
            defaultValue={typed?.requestIds}
            aria-describedby={`requestIds-hint${requestErrors.length ? " requestIds-error" : ""}`}
            aria-invalid={requestErrors.length > 0}
            className={FIELD}
          />
          {requestErrors.length > 0 && (
            <p id="requestIds-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {requestErrors.map((e) => (e.field === "requestIds" ? e.message : `${e.field.replace("requestIds.", "line ")}: ${e.message}`)).join("; ")}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
        >
          {pending ? "Checking…" : "Check these requests"}
        </button>
      </form>
      <div aria-live="polite" ref={answer} tabIndex={-1} className="min-w-0 focus:outline-none">
        <LookupResult state={state} advice={advice} />
      </div>
    </div>
  );
}
