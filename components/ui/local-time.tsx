"use client";

import { useSyncExternalStore } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/i18n/locales";
import { minuteUtc } from "@/lib/instant";

// English keeps the day-month order it had ("20 Mar 2026, 01:00"); every language writes its own.
const DATE_LOCALE: Record<Locale, string> = { en: "en-GB", ru: "ru" };

/** "20 Mar 2026, 01:00": the instant in the reader's own zone, as the browser knows it, in the page's language. */
function inReadersZone(iso: string, locale: Locale): { at: string; zone: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = new Intl.DateTimeFormat(DATE_LOCALE[locale], { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  return { at, zone };
}

/**
 * An instant in UTC, as the server renders it; once in the browser, the reader's own time is added
 * beside it (after hydration, so the server's HTML and the first render agree). A day stays a day.
 */
const never = () => () => undefined;

export function LocalTime({ at }: { at: string }) {
  const t = useTranslations("lookup.time");
  const locale = useLocale();
  // False on the server and in the hydrating render, true after: the reader's zone exists only in the browser.
  const inBrowser = useSyncExternalStore(never, () => true, () => false);
  const local = inBrowser && at.length > 10 ? inReadersZone(at, locale) : null;
  if (at.length <= 10) return <time dateTime={at}>{t("utcDay", { day: at })}</time>;
  return (
    <time dateTime={at}>
      {minuteUtc(at)}
      {local && <span className="text-slate-600 dark:text-slate-400">{` · ${t("inYourTime", local)}`}</span>}
    </time>
  );
}
