"use client";

import { useActionState } from "react";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INPUT } from "@/components/ui/styles";
import { useWords } from "./use-words";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

/** Uploads an affected list (CSV or JSON), all or nothing, through the same checks as npm run import:affected; `header`: the CSV header it takes. */
export function AffectedUploadForm({ action, version, header }: { action: Action; version: number; header: string }) {
  const { t } = useWords();
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const problem = state.status === "error";
  return (
    <form action={formAction} className="space-y-3" aria-label={t("editor.affected.uploadForm")}>
      <StateMessage state={state} />
      <input type="hidden" name="version" value={version} />
      <div>
        <label htmlFor="affected-file" className="text-sm font-semibold">
          {t("editor.affected.fileLabel")}
        </label>
        <p id="affected-file-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t("editor.affected.fileHint", { header })}
        </p>
        <input
          id="affected-file"
          name="file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          required
          aria-describedby="affected-file-hint"
          aria-invalid={problem}
          className={INPUT}
        />
      </div>
      <div className="flex items-center gap-2">
        <input id="affected-replace" name="replace" type="checkbox" aria-describedby="affected-replace-hint" />
        <label htmlFor="affected-replace" className="text-sm font-semibold">
          {t("editor.affected.replace")}
        </label>
        <p id="affected-replace-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t("editor.affected.replaceHint")}
        </p>
      </div>
      <div>
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? t("editor.affected.uploading") : t("editor.affected.upload")}
        </button>
      </div>
    </form>
  );
}
