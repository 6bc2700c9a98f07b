import type { ReactNode } from "react";

export const INPUT =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** A labelled control with its problem, from the live check or the server, announced to readers. */
/** `id` is the control's id (unique on the page, so several forms can share field names), `name` by default. */
export function Field({ id, name, label, hint, problem, children }: { id?: string; name: string; label: string; hint?: string; problem?: string; children: ReactNode }) {
  const key = id ?? name;
  return (
    <div>
      <label htmlFor={key} className="text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${key}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {children}
      <p id={`${key}-problem`} aria-live="polite" className="min-h-4 text-xs font-medium text-red-700 dark:text-red-300">
        {problem ?? ""}
      </p>
    </div>
  );
}

export function StateMessage({ state }: { state: { status: string; message?: string } }) {
  if (state.status === "idle" || !state.message) return null;
  const error = state.status === "error";
  return (
    <p
      role={error ? "alert" : "status"}
      className={`rounded-md border p-3 text-sm font-medium ${error ? "border-red-600 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200" : "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"}`}
    >
      {state.message}
    </p>
  );
}

export const BUTTON =
  "rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300";

export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, `code`, [link](https://…), lists. HTML is shown as text.";
