import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { StateMessage } from "@/components/ui/field";
import { LINK } from "@/components/ui/styles";
import { PublishForm } from "@/components/editor/small-forms";
import { sectionHref } from "@/components/editor/sections";
import { IncidentCards } from "@/components/record/cards";
import { publishGaps } from "@/domain/record/readiness";
import { sayIn } from "@/domain/say-in";
import { localized } from "@/i18n/locales";
import { cardView } from "@/view/card";
import { publishAction } from "../../../actions";
import { loadForEditor } from "../load";
import { Shell } from "../shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor.publish");
  return { title: t("heading"), robots: { index: false } };
}

/** Before a draft goes out: its card as the front page will show it, the preview, and what readers would miss. */
export default async function Publish({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const view = await loadForEditor(slug, "publish");
  const locale = await getLocale();
  const t = await getTranslations("editor.publish");
  const gaps = publishGaps(view.record);
  const page = localized(locale, `/incidents/${slug}`);
  return (
    <Shell view={view} current="publish">
      <section aria-labelledby="publish-heading" className="space-y-6">
        <h2 id="publish-heading" className="text-xl font-semibold">
          {view.published ? t("publishedHeading") : t("heading")}
        </h2>
        <div>
          <h3 className="text-base font-semibold">{t("whatReadersGet")}</h3>
          <p className="mt-1 text-sm">
            {t("cardAnd")}{" "}
            <Link href={page} className={LINK}>
              {t("itsPage")}
            </Link>{" "}
            {view.published ? t("asNow") : t("asWillSee")}
          </p>
          <div className="mt-3">
            <IncidentCards cards={[cardView(view)]} href={(s) => localized(locale, `/incidents/${s}`)} />
          </div>
        </div>
        <div>
          <h3 className="text-base font-semibold">{gaps.length ? t("missing", { count: gaps.length }) : t("nothingMissing")}</h3>
          {gaps.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {gaps.map((gap) => (
                <li key={gap.said.key}>
                  {sayIn(locale, gap.said)}{" "}
                  <Link href={sectionHref(slug, gap.section, locale)} className={LINK}>
                    {t("fixIt")}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm">{t("complete")}</p>
          )}
        </div>
        {view.published ? (
          <StateMessage state={{ status: "saved", message: t("publishedNow") }}>
            <Link href={page} className="underline">
              {t("openPage")}
            </Link>
          </StateMessage>
        ) : (
          <div>
            <p className="mb-2 text-sm">{gaps.length ? t("mayPublish") : t("goesOut")}</p>
            <PublishForm action={publishAction.bind(null, slug, true)} version={view.version} published={false} label={gaps.length ? t("publishAnyway") : t("publish")} />
          </div>
        )}
      </section>
    </Shell>
  );
}
