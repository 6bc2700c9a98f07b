import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { localized } from "@/i18n/locales";
import { BUTTON, QUIET_BUTTON } from "@/components/ui/styles";

const strong = (chunks: ReactNode) => <strong className="whitespace-nowrap font-mono">{chunks}</strong>;

/**
 * A link opened from another site while a lookup session was open: it waits for the visitor's word
 * here, since another site may have sent them to someone else's link. `open` is the ending of the
 * account shown now, or null when that session has ended meanwhile.
 */
export function LinkWaiting({ slug, link, open }: { slug: string; link: string; open: string | null }) {
  const t = useTranslations("lookup.waiting");
  const locale = useLocale();
  return (
    <section aria-labelledby="link-waiting" className="mt-4 max-w-3xl rounded-lg border border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-amber-950/40">
      <h2 id="link-waiting" className="text-lg font-semibold">
        {open ? t("titleOther") : t("titleNone")}
      </h2>
      <p className="mt-2">{open ? t.rich("bodyOther", { link, open, same: open === link ? "yes" : "no", strong }) : t.rich("bodyNone", { link, strong })}</p>
      <form method="post" action={localized(locale, `/incidents/${slug}/lookup/link`)} className="mt-3 flex flex-wrap gap-3">
        <button type="submit" name="choice" value="switch" className={BUTTON}>
          {open ? t("switch", { link }) : t("open", { link })}
        </button>
        <button type="submit" name="choice" value="keep" className={QUIET_BUTTON}>
          {open ? t("keep", { open }) : t("dontOpen")}
        </button>
      </form>
    </section>
  );
}
