import type { Metadata } from "next";
import { historyOf } from "@/db/read/editor";
import { HistoryEntry } from "@/components/editor/history-entry";
import { historyLines } from "@/view/history";
import { loadForEditor } from "../load";
import { Shell } from "../shell";

export const metadata: Metadata = { title: "History", robots: { index: false } };

/** Every change to the incident, oldest first: each field it changed, before and after, the changed words marked. */
export default async function History({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "history");
  const entries = historyOf(slug);
  return (
    <Shell view={view} current="history">
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <ol className="mt-4 space-y-4">
          {historyLines(entries).map((line) => (
            <HistoryEntry key={line.id} line={line} />
          ))}
        </ol>
      </section>
    </Shell>
  );
}
