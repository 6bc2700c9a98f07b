import type { Metadata } from "next";
import { historyOf } from "@/db/read/editor";
import { HistoryEntry } from "@/components/editor/history-entry";
import { historyLines } from "@/view/history";
import { loadForEditor } from "../load";
import { Shell } from "../shell";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor.history");
  return { title: t("heading"), robots: { index: false } };
}

/** Every change to the incident, oldest first: each field it changed, before and after, the changed words marked. */
export default async function History({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "history");
  const entries = await historyOf(slug);
  const t = await getTranslations("editor.history");
  return (
    <Shell view={view} current="history">
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          {t("heading")}
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
