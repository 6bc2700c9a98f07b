import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AffectedUploadForm } from "@/components/editor/affected-upload-form";
import { IncidentForm } from "@/components/editor/incident-form";
import { AddEventForm, AddSourceForm, PublishForm } from "@/components/editor/item-forms";
import { requireUser } from "@/db/auth";
import { readForEditing } from "@/db/editor-read";
import { DomainError } from "@/lib/domain-error";
import { formatPreciseTimeShort } from "@/lib/precise-time";
import { addEventAction, addSourceAction, importAffectedAction, publishAction, updateIncidentAction } from "../../actions";

export const metadata: Metadata = { title: "Edit incident", robots: { index: false } };
type Props = { params: Promise<{ slug: string }> };

function load(slug: string) {
  try {
    return readForEditing(slug);
  } catch (error) {
    if (error instanceof DomainError) notFound();
    throw error;
  }
}

export default async function EditIncident({ params }: Props) {
  const { slug } = await params;
  await requireUser({ next: `/editor/incidents/${slug}` });
  const view = load(slug);
  return (
    <div className="space-y-10">
      <div>
        <p className="text-sm">
          <Link href="/editor" className="text-blue-700 underline dark:text-blue-300">
            ← All incidents
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{view.incident.title}</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {view.published ? "Published" : "Draft: invisible to readers, the lookup, exports and the feed"} · version {view.version} ·{" "}
          <Link href={`/editor/incidents/${slug}/history`} className="text-blue-700 underline dark:text-blue-300">
            history
          </Link>
          {view.published && (
            <>
              {" · "}
              <Link href={`/incidents/${slug}`} className="text-blue-700 underline dark:text-blue-300">
                public page
              </Link>
            </>
          )}
        </p>
        <div className="mt-4">
          <PublishForm action={publishAction.bind(null, slug, !view.published)} version={view.version} published={view.published} />
        </div>
      </div>
      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="text-xl font-semibold">
          The incident
        </h2>
        <div className="mt-4">
          <IncidentForm action={updateIncidentAction.bind(null, slug)} values={view.incident} version={view.version} submitLabel="Save" />
        </div>
      </section>
      <section aria-labelledby="events-heading">
        <h2 id="events-heading" className="text-xl font-semibold">
          Events ({view.items.events.length})
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {view.items.events.map((e) => (
            <li key={e.id}>
              <span className="font-mono">{formatPreciseTimeShort(e)}</span> {e.title} <span className="text-slate-600 dark:text-slate-400">({e.phase}, cites {e.cites.join(", ") || "nothing"})</span>
            </li>
          ))}
        </ol>
        <div className="mt-4">
          <AddEventForm action={addEventAction.bind(null, slug)} version={view.version} />
        </div>
      </section>
      <section aria-labelledby="sources-heading">
        <h2 id="sources-heading" className="text-xl font-semibold">
          Sources ({view.items.sources.length})
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {view.items.sources.map((s) => (
            <li key={s.id}>
              [{s.number}] {s.title} — {s.publisher}, {s.publishedOn}
            </li>
          ))}
        </ol>
        <div className="mt-4">
          <AddSourceForm action={addSourceAction.bind(null, slug)} version={view.version} />
        </div>
      </section>
      <section aria-labelledby="affected-heading">
        <h2 id="affected-heading" className="text-xl font-semibold">
          Affected list
        </h2>
        <div className="mt-4">
          <AffectedUploadForm action={importAffectedAction.bind(null, slug)} version={view.version} />
        </div>
      </section>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Figures, durations, findings, recommendations and context are edited over the API for now:{" "}
        <a href="/api/v1/openapi.json" className="text-blue-700 underline dark:text-blue-300">
          OpenAPI document
        </a>
        .
      </p>
    </div>
  );
}
