import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { BUTTON } from "@/components/ui/styles";
import { localized } from "@/i18n/locales";

/**
 * Which incidents the comparison shows and how to change that, without script: a GET form of the
 * incidents shown, each ticked, so untick one and compare again; others are chosen on the list.
 */
export function ComparedChoice({ chosen, shown, perMeasure, max }: { chosen: boolean; shown: Array<{ slug: string; title: string }>; perMeasure: number; max: number }) {
  const t = useTranslations("public.compare");
  const locale = useLocale();
  const list = <Link href={localized(locale, "/")}>{t("theList")}</Link>;
  return (
    <section aria-labelledby="choice-heading" className="my-6">
      <h2 id="choice-heading">{chosen ? t("chosen", { n: shown.length }) : t("newestPer", { n: perMeasure })}</h2>
      <p className="small">
        {chosen ? (
          <>
            {t("untick")} {list}
            {t("orCompareNewest")} <Link href={localized(locale, "/compare")}>{t("compareNewest")}</Link>.
          </>
        ) : (
          <>
            {t("toCompare", { max })} {list} {t("andPress")}
          </>
        )}
      </p>
      {shown.length > 0 && (
        <form method="get" action={localized(locale, "/compare")}>
          <fieldset>
            <legend className="sr-only">{t("legend")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {shown.map((s) => (
                <div key={s.slug}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" name="incident" value={s.slug} defaultChecked className="mt-1" />
                    <span>{s.title}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={`${BUTTON} mt-3`}>
            {t("submit")}
          </button>
        </form>
      )}
    </section>
  );
}
