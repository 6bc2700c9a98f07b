"use client";

import { useActionState } from "react";
import { StateMessage } from "@/components/ui/field";
import { BUTTON } from "@/components/ui/styles";
import type { EditorAction } from "./item-form";
import { useWords } from "./use-words";

const DANGER =
  "rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950/40";

/** A form that is only a button and the version it acts on: publish, unpublish, delete. */
function ButtonForm({ action, version, label, danger = false }: { action: EditorAction; version: number; label: string; danger?: boolean }) {
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="version" value={version} />
      <button type="submit" disabled={pending} className={danger ? DANGER : BUTTON}>
        {label}
      </button>
      <StateMessage state={state} />
    </form>
  );
}

export const DeleteItemForm = (props: { action: EditorAction; version: number; label: string }) => <ButtonForm {...props} danger />;

export function PublishForm({ action, version, published, label }: { action: EditorAction; version: number; published: boolean; label?: string }) {
  const { t } = useWords();
  return <ButtonForm action={action} version={version} label={label ?? t(published ? "editor.publish.unpublish" : "editor.publish.publish")} />;
}
