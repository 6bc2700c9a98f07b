import { useLocale, useTranslations } from "next-intl";
import { localized } from "@/i18n/locales";

/** Above a draft's page, which only signed-in editors can open: readers, exports and the feed get nothing yet. Never in an export. */
export function DraftBand({ slug }: { slug: string }) {
  const t = useTranslations("editor.draftBand");
  const locale = useLocale();
  return (
    <div role="note" aria-label={t("label")} className="no-print mb-6 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <strong className="font-semibold">{t("lead")}</strong> {t("text")}{" "}
      <a href={localized(locale, `/editor/incidents/${slug}`)} className="font-semibold underline">
        {t("back")}
      </a>
      {" · "}
      <a href={localized(locale, `/editor/incidents/${slug}/publish`)} className="font-semibold underline">
        {t("publish")}
      </a>
    </div>
  );
}
