import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TranslationForm } from "@/components/editor/translation-form";
import { translationGroups } from "@/components/editor/translation-rows";
import { readIncident } from "@/db/read/incident";
import { getStore } from "@/db/app-store";
import { localeSchema } from "@/domain/record/translation";
import { setTranslationsAction } from "../../../../translation-actions";
import { loadForEditor } from "../../load";
import { Shell } from "../../shell";

type Props = { params: Promise<{ slug: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = localeSchema.safeParse((await params).locale);
  const t = await getTranslations("recordLanguages.editor");
  return { title: locale.success ? t("title", { lang: locale.data }) : "Not found", robots: { index: false } };
}

/** The record in one other language: each text beside a box for its version, the source's own wording ticked as such. */
export default async function EditTranslations({ params }: Props) {
  const { slug, locale: asked } = await params;
  const parsed = localeSchema.safeParse(asked);
  if (!parsed.success) notFound();
  const lang = parsed.data;
  const view = await loadForEditor(slug, `translations/${lang}`);
  const stored = (await readIncident(getStore(), slug, { drafts: true, translations: "all" })) ?? notFound();
  const t = await getTranslations("recordLanguages.editor");
  const own = stored.textLocale;
  const groups = own === lang ? [] : translationGroups(stored.record, stored.ids, stored.id, stored.translations[lang] ?? {}, { incident: t("incident"), shape: t("shape") });
  const labels = new Set(groups.flatMap((g) => g.parts.flatMap((p) => p.rows.map((r) => r.label))));
  const words = {
    own: t("own", { own }),
    boxes: Object.fromEntries([...labels].map((label) => [label, t("box", { field: label, lang })])),
    sourceOwn: t("sourceOwn"),
    quote: t("quote"),
    alwaysQuote: t("alwaysQuote"),
    save: t("save"),
    saving: t("saving"),
  };
  return (
    <Shell view={view} current={`translations/${lang}`}>
      <section aria-labelledby="translations-heading">
        <h2 id="translations-heading" className="text-xl font-semibold">
          {t("title", { lang })}
        </h2>
        <p className="mt-2 max-w-prose text-sm">{own === lang ? t("sameLanguage") : t("intro", { own, lang })}</p>
        {groups.length > 0 && (
          <div className="mt-6">
            <TranslationForm action={setTranslationsAction.bind(null, slug, lang)} version={stored.version} groups={groups} own={own} lang={lang} words={words} />
          </div>
        )}
      </section>
    </Shell>
  );
}
