import type { ReactNode } from "react";
import { INPUT } from "./styles";

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

/** `children`: what follows the message in its box (a link to what it is about). */
export function StateMessage({ state, children }: { state: { status: string; message?: string }; children?: ReactNode }) {
  if (state.status === "idle" || !state.message) return null;
  const error = state.status === "error";
  return (
    <p
      role={error ? "alert" : "status"}
      className={`rounded-md border p-3 text-sm font-medium ${error ? "border-red-600 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200" : "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"}`}
    >
      {state.message}
      {children}
    </p>
  );
}

type Option = string | { value: string; label: string };

/**
 * A labelled select; an option is its own label unless it gives one. Keyed by its value: React
 * applies a select's defaultValue only when it mounts, so a form reset after a save would show the old choice.
 */
export function SelectField({ name, label, hint, value, options }: { name: string; label: string; hint?: string; value: string; options: readonly Option[] }) {
  return (
    <Field name={name} label={label} hint={hint}>
      <select key={value} id={name} name={name} defaultValue={value} aria-describedby={hint ? `${name}-hint` : undefined} className={INPUT}>
        {options.map((o) => (typeof o === "string" ? <option key={o}>{o}</option> : <option key={o.value} value={o.value}>{o.label}</option>))}
      </select>
    </Field>
  );
}
