import { Prose } from "@/components/prose";

type Source = {
  id: number;
  number: number;
  publisher: string;
  title: string;
  author: string | null;
  publishedOn: string;
  url: string | null;
  note: string | null;
};

const formatDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function SourceList({ sources }: { sources: Source[] }) {
  return (
    <ol className="space-y-3">
      {sources.map((s) => (
        <li key={s.id} id={`source-${s.number}`} className="flex gap-3 target:rounded target:bg-amber-50 dark:target:bg-amber-950/40">
          <span className="w-8 shrink-0 text-right font-mono text-sm text-slate-600 dark:text-slate-400">[{s.number}]</span>
          <div>
            <p>
              {s.url ? (
                <a href={s.url} className="font-medium text-blue-700 underline dark:text-blue-300" rel="noreferrer">
                  {s.title}
                </a>
              ) : (
                <span className="font-medium">{s.title}</span>
              )}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {s.publisher}
              {s.author && s.author !== s.publisher ? `, ${s.author}` : ""} · {formatDate(s.publishedOn)}
              {!s.url && " · no link known"}
            </p>
            {s.note && <Prose text={s.note} className="text-sm text-slate-600 dark:text-slate-400" />}
          </div>
        </li>
      ))}
    </ol>
  );
}
