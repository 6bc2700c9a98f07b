import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { localized } from "@/i18n/locales";

export default async function NotFound() {
  const t = await getTranslations("common.notFound");
  const locale = await getLocale();
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("title")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t("text")}</p>
      <p className="mt-6">
        <Link href={localized(locale, "/")} className="text-blue-700 underline dark:text-blue-300">
          {t("home")}
        </Link>
      </p>
    </div>
  );
}
