import type { Choices } from "./item-field";
import { type EditorAction, ItemForm } from "./item-form";

export const QUICK_SOURCE_ID = "quick-source";

/** A source added from the page whose facts cite it: saved, it is at once a choice in every form there. */
export function QuickSource({ action, version, choices, start, open }: { action: EditorAction; version: number; choices: Choices; start?: Record<string, string>; open: boolean }) {
  return (
    <details id={QUICK_SOURCE_ID} open={open} className="rounded-md border border-slate-300 p-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">Add a source without leaving this page</summary>
      <div className="mt-3">
        <ItemForm collection="sources" action={action} version={version} formId="sources-quick" label="Add a source here" submitLabel="Add source" choices={choices} start={start} />
      </div>
    </details>
  );
}
