import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { AreaMessages } from "@/components/i18n/area-messages";
import { localized } from "@/i18n/locales";

/** The incident page's way to its news: the email form, and the sign-up page for a webhook or every incident. Not in the export. */
export function SubscribeBox({ slug, form }: { slug: string; form: ReactNode }) {
  const t = useTranslations("subscribe.box");
  const locale = useLocale();
  return (
    <div role="region" aria-labelledby="subscribe-title" className="no-print mt-6 max-w-xl rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="subscribe-title" className="mb-2 text-lg font-semibold">
        {t("title")}
      </h2>
      <AreaMessages areas={["subscribe"]}>{form}</AreaMessages>
      <p className="small">
        <a href={localized(locale, `/subscribe?incident=${encodeURIComponent(slug)}`)}>{t("other")}</a>
      </p>
    </div>
  );
}
