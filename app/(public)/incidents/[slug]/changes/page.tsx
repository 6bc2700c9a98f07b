import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { publicChanges } from "@/db/audit";
import { getDb } from "@/db/client";
import { readIncidentMeta } from "@/db/read/incident";
import { publicChangeLines } from "@/view/changes";
import { minuteUtc } from "@/lib/instant";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const meta = readIncidentMeta(getDb(), (await params).slug);
  return { title: meta ? `Changes: ${meta.title}` : "Not found" };
}


/** The public change summary: every edit to the record since it was loaded, when and of what kind. */
export default async function ChangesPage({ params }: Props) {
  const meta = readIncidentMeta(getDb(), (await params).slug);
  if (!meta) notFound();
  const changes = publicChangeLines(publicChanges(getDb(), meta.id));
  return (
    <div>
      <p className="text-sm">
        <Link href={`/incidents/${meta.slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← {meta.title}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Changes to this record</h1>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
        The record was loaded on {minuteUtc(meta.createdAt)} and last updated on {minuteUtc(meta.updatedAt)}.
        Every change since is listed here; the full audit log, with the values before and after, is kept for editors.
      </p>
      {changes.length === 0 ? (
        <p className="mt-6">No change has been made since the record was loaded.</p>
      ) : (
        <ol className="mt-6 space-y-2">
          {changes.map((c, i) => (
            <li key={i} className="flex flex-wrap gap-x-4">
              <time dateTime={c.at} className="font-mono text-sm">
                {minuteUtc(c.at)}
              </time>
              <span>{c.summary}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
