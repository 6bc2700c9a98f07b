import type { Choices } from "./item-field";
import { type EditorAction, ItemForm } from "./item-form";
import { QUICK_SOURCE_ID } from "./anchors";


/** A source added from the page whose facts cite it: saved, it is at once a choice in every form there. */
export function QuickSource({ action, version, choices, start, open }: { action: EditorAction; version: number; choices: Choices; start?: Record<string, string>; open: boolean }) {
  return (
    <ItemForm
      collection="sources"
      action={action}
      version={version}
      formId="sources-quick"
      label="Add a source here"
      submitLabel="Add source"
      choices={choices}
      start={start}
      folded={{ summary: "Add a source without leaving this page", open, id: QUICK_SOURCE_ID }}
    />
  );
}
