import type { Choices } from "./item-field";
import { type EditorAction, ItemForm } from "./item-form";
import { QUICK_SOURCE_ID } from "./anchors";
import { useWords } from "./use-words";

/** A source added from the page whose facts cite it: saved, it is at once a choice in every form there. */
export function QuickSource({ action, version, choices, start, open }: { action: EditorAction; version: number; choices: Choices; start?: Record<string, string>; open: boolean }) {
  const { t } = useWords();
  return (
    <ItemForm
      collection="sources"
      action={action}
      version={version}
      formId="sources-quick"
      label={t("editor.collection.quickLabel")}
      submitLabel={t("editor.collection.quickSubmit")}
      choices={choices}
      start={start}
      folded={{ summary: t("editor.collection.quickSummary"), open, id: QUICK_SOURCE_ID }}
    />
  );
}
