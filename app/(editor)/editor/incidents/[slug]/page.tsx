import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AffectedUploadForm } from "@/components/editor/affected-upload-form";
import { IncidentForm } from "@/components/editor/incident-form";
import { CollectionEditor } from "@/components/editor/collection-editor";
import { PublishForm } from "@/components/editor/small-forms";
import { requireUser } from "@/http/auth";
import { readForEditing } from "@/db/read/editor";
import { DomainError } from "@/domain/errors";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { formatPreciseTimeShort } from "@/lib/precise-time";
import { addItemAction, importAffectedAction, publishAction, removeItemAction, updateIncidentAction, updateItemAction } from "../../actions";

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
  const choices = {
    events: view.record.events.map((e) => ({ value: e.key, label: `${e.key} (${formatPreciseTimeShort(e)})` })),
    durations: view.record.durations.map((d) => ({ value: d.key, label: `${d.key}: ${d.label}` })),
  };
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
      {COLLECTION_NAMES.map((collection) => (
        <CollectionEditor
          key={collection}
          collection={collection}
          items={view.items[collection]}
          version={view.version}
          choices={choices}
          add={addItemAction.bind(null, slug, collection)}
          update={(id) => updateItemAction.bind(null, slug, collection, id)}
          remove={(id) => removeItemAction.bind(null, slug, collection, id)}
        />
      ))}
      <section aria-labelledby="affected-heading">
        <h2 id="affected-heading" className="text-xl font-semibold">
          Affected list
        </h2>
        <div className="mt-4">
          <AffectedUploadForm action={importAffectedAction.bind(null, slug)} version={view.version} />
        </div>
      </section>
    </div>
  );
}
