import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AffectedUploadForm } from "@/components/editor/affected-upload-form";
import { ShapeForm } from "@/components/editor/shape-form";
import { CollectionEditor } from "@/components/editor/collection-editor";
import { sectionParam } from "@/components/editor/sections";
import { TimeZoneList } from "@/components/editor/time-field";
import { columnsOf } from "@/domain/record/affected-row";
import { shapeOf } from "@/domain/record/affected-shape";
import { collectionOf } from "@/domain/record/collections";
import { getTranslations } from "next-intl/server";
import { addItemAction, importAffectedAction, removeItemAction, setShapeAction, updateItemAction } from "../../../actions";
import { choicesOf, loadForEditor } from "../load";
import { AddSource, Shell } from "../shell";

type Props = { params: Promise<{ slug: string; section: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const section = sectionParam.safeParse((await params).section);
  const t = await getTranslations("editor");
  const title = !section.success ? t("pageTitles.notFound") : section.data === "affected" ? t("affected.heading") : t(`collections.${section.data}.many`);
  return { title, robots: { index: false } };
}

/** One section of an incident in the editor: a collection's items with their forms, or the affected list's upload. */
export default async function EditSection({ params }: Props) {
  const { slug, section: asked } = await params;
  const parsed = sectionParam.safeParse(asked);
  if (!parsed.success) notFound();
  const section = parsed.data;
  const view = await loadForEditor(slug, section);
  const t = await getTranslations("editor.affected");
  if (section === "affected") {
    const total = view.affected?.summary.total;
    return (
      <Shell view={view} current="affected">
        <section aria-labelledby="affected-heading">
          <h2 id="affected-heading" className="text-xl font-semibold">
            {t("heading")}
          </h2>
          <p className="mt-2 text-sm">{total === undefined ? t("noList") : t("holds", { total })}</p>
          <div className="mt-4">
            <ShapeForm action={setShapeAction.bind(null, slug)} version={view.version} shape={JSON.stringify(shapeOf(view.record), null, 2)} />
          </div>
          <div className="mt-6">
            <AffectedUploadForm action={importAffectedAction.bind(null, slug)} version={view.version} header={columnsOf(shapeOf(view.record)).join(",")} />
          </div>
        </section>
      </Shell>
    );
  }
  const choices = choicesOf(view);
  const cites = collectionOf(section).fields.some((f) => f.kind === "cites");
  return (
    <Shell view={view} current={section}>
      <CollectionEditor
        collection={section}
        items={view.items[section]}
        version={view.version}
        choices={choices}
        add={addItemAction.bind(null, slug, section)}
        update={(id) => updateItemAction.bind(null, slug, section, id)}
        remove={(id) => removeItemAction.bind(null, slug, section, id)}
        beforeAdd={cites && <AddSource view={view} choices={choices} />}
      />
      <TimeZoneList />
    </Shell>
  );
}
