import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/http/auth";
import { historyOf } from "@/db/read/editor";
import { DomainError } from "@/domain/errors";
import { HistoryEntry } from "@/components/editor/history-entry";
import { historyLines } from "@/view/history";

export const metadata: Metadata = { title: "History", robots: { index: false } };

function load(slug: string) {
  try {
    return historyOf(slug);
  } catch (error) {
    if (error instanceof DomainError) notFound();
    throw error;
  }
}

/** Every change to the incident, oldest first: each field it changed, before and after, the changed words marked. */
export default async function History({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  await requireUser({ next: `/editor/incidents/${slug}/history` });
  const entries = load(slug);
  return (
    <div>
      <p className="text-sm">
        <Link href={`/editor/incidents/${slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← Back to the incident
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">History of {slug}</h1>
      <ol className="mt-6 space-y-4">
        {historyLines(entries).map((line) => (
          <HistoryEntry key={line.id} line={line} />
        ))}
      </ol>
    </div>
  );
}
