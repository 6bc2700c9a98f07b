import { LINK } from "@/components/ui/styles";
import type { Choice } from "./item-field";
import { QUICK_SOURCE_ID } from "./anchors";
import { useWords } from "./use-words";

/** `addHere`: the page has the quick source form; a draft not yet created has none. */
type Props = { id: string; name: string; label: string; chosen: string; sources: Choice[]; addHere?: boolean; problem?: string; wide?: boolean };

/** The sources a fact cites, picked from the incident's own by their number and title; none yet says where to add one. */
export function CitesField({ id, name, label, chosen, sources, addHere = true, problem, wide = false }: Props) {
  const { t } = useWords();
  const picked = new Set(chosen.split(/[\s,]+/).filter(Boolean));
  return (
    <fieldset className={wide ? "md:col-span-3" : "md:col-span-2"} aria-describedby={`${id}-problem`}>
      <legend className="text-sm font-semibold">{label}</legend>
      {sources.length === 0 ? (
        addHere ? (
          <p className="text-sm">
            {t("editor.form.noSources")}{" "}
            <a href={`#${QUICK_SOURCE_ID}`} className={LINK}>
              {t("editor.form.addOneHere")}
            </a>
            {t("editor.form.thenTick")}
          </p>
        ) : (
          <p className="text-sm">{t("editor.form.noSourcesDraft")}</p>
        )
      ) : (
        <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
          {sources.map((s) => (
            <li key={s.value} className="flex items-start gap-2">
              {/* Keyed by the choice: React applies defaultChecked only when it mounts. */}
              <input key={`${s.value}-${picked.has(s.value)}`} id={`${id}-${s.value}`} type="checkbox" name={name} value={s.value} defaultChecked={picked.has(s.value)} className="mt-1" />
              <label htmlFor={`${id}-${s.value}`} className="min-w-0 break-words">
                {s.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-problem`} aria-live="polite" className="min-h-4 text-xs font-medium text-red-700 dark:text-red-300">
        {problem ?? ""}
      </p>
    </fieldset>
  );
}
