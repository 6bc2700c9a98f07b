import { useLocale, useTranslations } from "next-intl";

/** A search hit's language, said where it is not the page's (a Russian page also finds the record's English). */
export function HitLanguage({ locale }: { locale: string }) {
  const page = useLocale();
  const t = useTranslations("search");
  if (locale === page) return null;
  return <> · {t("hitIn", { locale })}</>;
}
