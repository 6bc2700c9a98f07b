import { useLocale, useTranslations } from "next-intl";
import { IncidentCards } from "@/components/record/cards";
import { PageLinks } from "@/components/ui/page-links";
import { BUTTON } from "@/components/ui/styles";
import { localized } from "@/i18n/locales";
import type { DashboardView } from "@/view/dashboard";
import { SearchHits } from "./search-hits";

/** The front page under its filters: notices, a page of the search's hits, a page of the cards (each with its box to compare it), and the links to the pages beside each. */
export function DashboardResults({ view }: { view: DashboardView }) {
  const t = useTranslations("public.dashboard");
  const locale = useLocale();
  return (
    <>
      {view.notices.map((n) => (
        <p key={n} role="status">
          {n}
        </p>
      ))}
      {view.search && (
        <>
          <SearchHits search={view.search} />
          <PageLinks links={view.search.pages} newerText={t("better")} olderText={t("more")} firstText={t("first")} />
        </>
      )}
      <p role="status" className="small muted">
        {view.status}
      </p>
      {view.empty ? (
        <p>{view.empty}</p>
      ) : (
        <>
          <IncidentCards cards={view.cards} href={(slug) => localized(locale, `/incidents/${slug}`)} compareForm="compare-chosen" />
          <form id="compare-chosen" method="get" action={localized(locale, "/compare")} className="my-4">
            <button type="submit" className={BUTTON}>
              {t("compare")}
            </button>{" "}
            <span className="small muted">{t("tickUpTo", { max: view.compareUpTo })}</span>
          </form>
        </>
      )}
      <PageLinks links={view.pages} newerText={t("newer")} olderText={t("older")} firstText={t("first")} />
    </>
  );
}
