import type { DiffPart } from "@/lib/word-diff";
import type { HistoryLine } from "@/view/history";
import { minuteUtc } from "@/lib/instant";
import { useWords } from "./use-words";

const DEL = "bg-red-100 text-red-900 line-through dark:bg-red-950 dark:text-red-100";
const INS = "bg-emerald-100 text-emerald-950 no-underline dark:bg-emerald-950 dark:text-emerald-100";

/** One side of a field's change: the words both share, and this side's own marked. */
function Side({ parts, own }: { parts: DiffPart[]; own: "removed" | "added" }) {
  return (
    <span className="whitespace-pre-wrap break-words">
      {parts
        .filter((p) => p.kind === "same" || p.kind === own)
        .map((p, i) => (p.kind === "same" ? <span key={i}>{p.text}</span> : own === "removed" ? <del key={i} className={DEL}>{p.text}</del> : <ins key={i} className={INS}>{p.text}</ins>))}
    </span>
  );
}

/** A change in the history: when, who, what, and each field it changed, before and after side by side. */
export function HistoryEntry({ line }: { line: HistoryLine }) {
  const { t, said } = useWords();
  const empty = <span className="text-slate-600 dark:text-slate-400">{t("editor.history.empty")}</span>;
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
      <p>
        <span className="font-mono">{minuteUtc(line.at)}</span> · <strong>{said(line.headline)}</strong> · {line.actor}
      </p>
      {line.changes.length > 0 && (
        <table className="mt-2 w-full table-fixed border-collapse text-left text-xs">
          <thead>
            <tr>
              <th scope="col" className="w-20 py-1 pr-2 sm:w-32">{t("editor.history.field")}</th>
              <th scope="col" className="py-1 pr-2">{t("editor.history.before")}</th>
              <th scope="col" className="py-1">{t("editor.history.after")}</th>
            </tr>
          </thead>
          <tbody>
            {line.changes.map((c) => (
              <tr key={c.field} className="border-t border-slate-200 align-top dark:border-slate-800">
                <th scope="row" className="py-1 pr-2 font-normal break-words">{typeof c.label === "string" ? c.label : said(c.label)}</th>
                <td className="py-1 pr-2">{c.before ? <Side parts={c.parts} own="removed" /> : empty}</td>
                <td className="py-1">{c.after ? <Side parts={c.parts} own="added" /> : empty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
