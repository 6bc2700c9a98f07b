"use client";

import { useActionState } from "react";
import type { EditorState } from "./editor-state";
import { StateMessage } from "@/components/ui/field";
import { BUTTON, INPUT } from "@/components/ui/styles";

type Action = (p: EditorState, f: FormData) => Promise<EditorState>;

/** Uploads an affected list (CSV or JSON), all or nothing, through the same checks as npm run import:affected; `header`: the CSV header it takes. */
export function AffectedUploadForm({ action, version, header }: { action: Action; version: number; header: string }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const problem = state.status === "error";
  return (
    <form action={formAction} className="space-y-3" aria-label="Affected list">
      <StateMessage state={state} />
      <input type="hidden" name="version" value={version} />
      <div>
        <label htmlFor="affected-file" className="text-sm font-semibold">
          Affected list file
        </label>
        <p id="affected-file-hint" className="text-xs text-slate-600 dark:text-slate-400">
          A .csv with the header <code>{header}</code>, or a .json array of such rows. Up to 20 MB here; larger
          lists go through the API (POST /api/v1/incidents/&#123;slug&#125;/affected) or npm run import:affected. One bad row and nothing is
          imported.
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
          Replace the whole list
        </label>
        <p id="affected-replace-hint" className="text-xs text-slate-600 dark:text-slate-400">
          (otherwise the rows are added to the list there is)
        </p>
      </div>
      <div>
        <button type="submit" disabled={pending} className={BUTTON}>
          {pending ? "Uploading…" : "Upload list"}
        </button>
      </div>
    </form>
  );
}
