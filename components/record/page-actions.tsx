import { useLocale, useTranslations } from "next-intl";
import { localized } from "@/i18n/locales";

/** The way to the lookup, at the top of the page and in its affected section. */
export function LookupButton({ slug }: { slug: string }) {
  const t = useTranslations("record.actions");
  return (
    <a href={localized(useLocale(), `/incidents/${slug}/lookup`)} className="button">
      {t("lookup")}
    </a>
  );
}

/**
 * The page's way to the lookup, when there is a list to check an account against, and to the
 * postmortem as files anyone can publish (they hold counts only).
 */
export function PageActions({ slug, lookup }: { slug: string; lookup: boolean }) {
  const t = useTranslations("record.actions");
  const locale = useLocale();
  const base = localized(locale, `/incidents/${slug}`);
  return (
    <div className="actions no-print">
      {lookup && <LookupButton slug={slug} />}
      <p>
        <strong>{t("download")}</strong>{" "}
        <a href={`${base}/export.html`} download={`${slug}.html`}>
          {t("html")}
        </a>
        {" · "}
        <a href={`${base}/postmortem.md`} download={`${slug}.md`}>
          {t("markdown")}
        </a>
        {" · "}
        <a href={`${base}/incident.json`} download={`${slug}.json`}>
          {t("json")}
        </a>{" "}
        (<a href={`${base}/incident.schema.json`}>{t("schema")}</a>)
        {" · "}
        <a href={localized(locale, "/feed.xml")}>{t("feed")}</a>
      </p>
    </div>
  );
}
