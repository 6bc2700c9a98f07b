"use client";

import { type ComponentProps, useCallback, useRef, useState } from "react";
import { Prose } from "@/components/record/prose";
import { useFormReset } from "./use-form-reset";
import { useWords } from "./use-words";

type Props = Omit<ComponentProps<"textarea">, "defaultValue" | "onInput"> & { id: string; defaultValue: string };

/** A Markdown field with its preview, drawn by the page's own renderer; without JavaScript the preview shows the text as it was loaded. */
export function MarkdownArea({ id, defaultValue, ...props }: Props) {
  const { t } = useWords();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(defaultValue);
  // A form reset after a save changes the value without an input event: read it again then, and when the preview opens.
  const reread = useCallback(() => setText(area.current?.value ?? defaultValue), [defaultValue]);
  useFormReset(area, reread);
  return (
    <>
      <textarea ref={area} id={id} defaultValue={defaultValue} onInput={(e) => setText(e.currentTarget.value)} {...props} />
      <details className="mt-1 text-sm" onToggle={reread}>
        <summary className="cursor-pointer text-xs font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300">
          {t("editor.form.preview")}
        </summary>
        <div id={`${id}-preview`} className="record mt-1 rounded-md border border-dashed border-slate-400 p-2 dark:border-slate-600">
          {text.trim() ? <Prose text={text} /> : <p className="text-slate-600 dark:text-slate-400">{t("editor.form.empty")}</p>}
        </div>
      </details>
    </>
  );
}
