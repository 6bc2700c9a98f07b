import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { publicChanges } from "@/db/audit";
import { getDb } from "@/db/client";
import { listIncidents, readIncident } from "@/db/read-incident";

export const dynamicParams = true;
export const revalidate = false;

export function generateStaticParams() {
  return listIncidents().map((i) => ({ slug: i.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = readIncident((await params).slug);
  return { title: view ? `Changes: ${view.incident.title}` : "Not found" };
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The public change summary: every edit to the record since it was loaded, when and of what kind. */
export default async function ChangesPage({ params }: Props) {
  const view = readIncident((await params).slug);
  if (!view) notFound();
  const changes = publicChanges(getDb(), view.incident.id);
  return (
    <div>
      <p className="text-sm">
        <Link href={`/incidents/${view.incident.slug}`} className="text-blue-700 underline dark:text-blue-300">
          ← {view.incident.title}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Changes to this record</h1>
      <p className="mt-3 max-w-3xl text-slate-800 dark:text-slate-200">
        The record was loaded on {when(view.incident.createdAt)} and last updated on {when(view.incident.updatedAt)}.
        Every change since is listed here; the full audit log, with the values before and after, is kept for editors.
      </p>
      {changes.length === 0 ? (
        <p className="mt-6">No change has been made since the record was loaded.</p>
      ) : (
        <ol className="mt-6 space-y-2">
          {changes.map((c, i) => (
            <li key={i} className="flex flex-wrap gap-x-4">
              <time dateTime={c.at} className="font-mono text-sm">
                {when(c.at)}
              </time>
              <span>{c.summary}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
