"use client";

import { useActionState } from "react";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INPUT } from "@/components/ui/styles";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

/** The list's shape as JSON: what one row is, its account id, request ids, roles, measures, data classes, time. */
export function ShapeForm({ action, version, shape }: { action: Action; version: number; shape: string }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const sent = state.status === "error" ? state.values?.shape : undefined;
  return (
    <form action={formAction} className="space-y-3" aria-label="The list's shape">
      <StateMessage state={state} />
      <input type="hidden" name="version" value={state.status === "saved" && state.version ? state.version : version} />
      <div>
        <label htmlFor="affected-shape" className="text-sm font-semibold">
          What one row of the list is (JSON)
        </label>
        <p id="affected-shape-hint" className="text-xs text-slate-600 dark:text-slate-400">
          Its unit, the account id as tenants know it (its form: hex, uuid, decimal, email or text), request ids or null, roles, measures, data classes and the
          row&apos;s time (instant, day or none). While the list holds rows, only its words can change.
        </p>
        <textarea
          key={sent ?? shape}
          id="affected-shape"
          name="shape"
          rows={16}
          defaultValue={sent ?? shape}
          spellCheck={false}
          aria-describedby="affected-shape-hint"
          aria-invalid={state.status === "error"}
          className={`${INPUT} font-mono text-xs`}
        />
      </div>
      <button type="submit" disabled={pending} className={BUTTON}>
        {pending ? "Saving…" : "Save the shape"}
      </button>
    </form>
  );
}
