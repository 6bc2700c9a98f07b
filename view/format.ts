import type { Source } from "@/domain/record/collections/sources";
import type { Locale } from "@/i18n/locales";
import { formatCount } from "@/lib/count";
import { safeHref } from "@/lib/markdown/url";
import { formatPreciseTime, formatPreciseTimeShort } from "@/lib/precise-time";
import { wording } from "./words";

// How figures, dates and sources read, the same on the page and in every export. English is written
// by hand (every machine prints the same bytes); another language through Intl.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2026-08-27" → "27 Aug"; in Russian "27 авг.". */
export function shortDay(day: string, locale: Locale): string {
  if (locale !== "en") return new Intl.DateTimeFormat(locale, { timeZone: "UTC", day: "numeric", month: "short" }).format(Date.parse(`${day}T00:00:00Z`));
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

/** "26 Oct 2026", the sources' date style. */
export const formatSourceDate = (iso: string, locale: Locale) => formatPreciseTimeShort({ at: iso, precision: "day" }, { locale });

/** "17 September 2026". */
export const formatLongDate = (iso: string, locale: Locale) => formatPreciseTime({ at: iso, precision: "day" }, { locale });

/** 650000 → "650K", 1050000 → "1.05M", 12 → "12"; in Russian "650 тыс.", "1,05 млн". */
export function formatCompact(n: number, locale: Locale): string {
  if (locale !== "en") return n >= 10_000 ? new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 2 }).format(n) : formatCount(n, locale);
  if (n >= 1_000_000) return `${Math.round(n / 10_000) / 100}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}K`;
  return formatCount(n);
}

/** "Publisher, Author" (author only when it differs), date, and whether a link is known. */
export function sourceByline(s: Source, locale: Locale): string {
  const author = s.author && s.author !== s.publisher ? `, ${s.author}` : "";
  return `${s.publisher}${author} · ${formatSourceDate(s.publishedOn, locale)}${s.url ? "" : ` · ${wording(locale).t("record.sources.noLink")}`}`;
}

/**
 * The sources as every surface writes them: each address percent-encoded as URL's serializer
 * writes it, so one a database holds raw (spaces, <, >, ") is still exactly one link, in HTML and Markdown.
 */
export const servedSources = (sources: readonly Source[]): Source[] => sources.map((s) => ({ ...s, url: s.url === null ? null : safeHref(s.url) }));
