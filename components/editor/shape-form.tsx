"use client";

import { useActionState } from "react";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INPUT } from "@/components/ui/styles";
import { useWords } from "./use-words";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

/** The list's shape as JSON: what one row is, its account id, request ids, roles, measures, data classes, time. */
export function ShapeForm({ action, version, shape }: { action: Action; version: number; shape: string }) {
  const { t } = useWords();
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const sent = state.status === "error" ? state.values?.shape : undefined;
  return (
    <form action={formAction} className="space-y-3" aria-label={t("editor.affected.shapeForm")}>
      <StateMessage state={state} />
      <input type="hidden" name="version" value={state.status === "saved" && state.version ? state.version : version} />
      <div>
        <label htmlFor="affected-shape" className="text-sm font-semibold">
          {t("editor.affected.shapeLabel")}
        </label>
        <p id="affected-shape-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t("editor.affected.shapeHint")}
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
        {pending ? t("editor.form.saving") : t("editor.affected.saveShape")}
      </button>
    </form>
  );
}
