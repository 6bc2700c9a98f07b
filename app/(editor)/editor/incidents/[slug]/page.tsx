import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AffectedUploadForm } from "@/components/editor/affected-upload-form";
import { IncidentForm } from "@/components/editor/incident-form";
import { CollectionEditor } from "@/components/editor/collection-editor";
import { EditorHeader } from "@/components/editor/editor-header";
import { TimeZoneList } from "@/components/editor/time-field";
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
    hasList: view.affected !== null,
    sources: view.record.sources.map((s) => ({ value: String(s.number), label: `[${s.number}] ${s.title} (${s.publisher})` })),
  };
  return (
    <div className="space-y-10">
      <EditorHeader
        slug={slug}
        title={view.incident.title}
        published={view.published}
        version={view.version}
        publish={publishAction.bind(null, slug, !view.published)}
      />
      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="text-xl font-semibold">
          The incident
        </h2>
        <div className="mt-4">
          <IncidentForm action={updateIncidentAction.bind(null, slug)} values={view.incident} version={view.version} sources={choices.sources} submitLabel="Save" />
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
      <TimeZoneList />
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
