"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { LOCALES, LOCALE_NAMES, type Locale, localized, prefixOf } from "@/i18n/locales";

/** The page's path as in English: the server sees it without its language's prefix, the browser with it. */
function barePath(pathname: string, locale: Locale): string {
  const prefix = prefixOf(locale);
  return prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`)) ? pathname.slice(prefix.length) || "/" : pathname;
}

/** This page's path and query as in English, to put another language's prefix on. */
export function useHere(locale: Locale): string {
  const query = useSearchParams().toString();
  return `${barePath(usePathname(), locale)}${query ? `?${query}` : ""}`;
}

/**
 * This page in every language: hreflang alternates (React puts the links in the head) and the
 * switch, which keeps the place (path and query) and works without JavaScript.
 */
export function LanguageLinks({ locale, origin }: { locale: Locale; origin: string | null }) {
  const t = useTranslations("common.site");
  const here = useHere(locale);
  const href = (l: Locale) => localized(l, here);
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${origin ?? ""}${href(l)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin ?? ""}${here}`} />
      <ul className="ml-auto flex gap-3 text-sm" aria-label={t("languages")}>
        {LOCALES.filter((l) => l !== locale).map((l) => (
          <li key={l}>
            <a href={href(l)} hrefLang={l} lang={l} className="underline">
              {LOCALE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
