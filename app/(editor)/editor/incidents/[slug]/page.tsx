import type { Metadata } from "next";
import { IncidentForm } from "@/components/editor/incident-form";
import { updateIncidentAction } from "../../actions";
import { choicesOf, loadForEditor } from "./load";
import { AddSource, Shell } from "./shell";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor.pageTitles");
  return { title: t("editIncident"), robots: { index: false } };
}
type Props = { params: Promise<{ slug: string }> };

/** The incident's own fields; each collection has its page beside it ([section]). */
export default async function EditIncident({ params }: Props) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "incident");
  const choices = choicesOf(view);
  const t = await getTranslations("editor.incident");
  return (
    <Shell view={view} current="incident">
      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="text-xl font-semibold">
          {t("heading")}
        </h2>
        <div className="mt-4">
          <IncidentForm action={updateIncidentAction.bind(null, slug)} values={view.incident} version={view.version} sources={choices.sources} submitLabel={t("save")} />
        </div>
        <div className="mt-6">
          <AddSource view={view} choices={choices} />
        </div>
      </section>
    </Shell>
  );
}
