import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/http/auth";
import { historyOf } from "@/db/read/editor";
import { DomainError } from "@/domain/errors";

export const metadata: Metadata = { title: "History", robots: { index: false } };

function load(slug: string) {
  try {
    return historyOf(slug);
  } catch (error) {
    if (error instanceof DomainError) notFound();
    throw error;
  }
}

/** Every change to the incident, oldest first, with the values before and after. */
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
        {entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
            <p>
              <span className="font-mono">{e.at.slice(0, 19).replace("T", " ")} UTC</span> · <strong>{e.action}</strong> {e.entity}
              {e.entityId !== null ? ` #${e.entityId}` : ""} · {e.actor}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-blue-700 dark:text-blue-300">Values before and after</summary>
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">{JSON.stringify(e.before, null, 2)}</pre>
                <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">{JSON.stringify(e.after, null, 2)}</pre>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
