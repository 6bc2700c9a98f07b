import type { Source } from "@/domain/record/collections/sources";
import { formatCount } from "@/lib/count";
import { safeHref } from "@/lib/markdown/url";

import { formatPreciseTime, formatPreciseTimeShort } from "@/lib/precise-time";

// How figures, dates and sources read, the same on the page and in every export (no Intl, so every
// machine prints the same bytes).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2026-08-27" → "27 Aug". */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

/** "26 Oct 2026", the sources' date style. */
export const formatSourceDate = (iso: string) => formatPreciseTimeShort({ at: iso, precision: "day" });

/** "17 September 2026". */
export const formatLongDate = (iso: string) => formatPreciseTime({ at: iso, precision: "day" });

/** 650000 → "650K", 1050000 → "1.05M", 12 → "12". */
export function formatCompact(n: number): string {
  if (n >= 1_000_000) return `${Math.round(n / 10_000) / 100}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}K`;
  return formatCount(n);
}

/** "Publisher, Author" (author only when it differs), date, and whether a link is known. */
export function sourceByline(s: Source): string {
  const author = s.author && s.author !== s.publisher ? `, ${s.author}` : "";
  return `${s.publisher}${author} · ${formatSourceDate(s.publishedOn)}${s.url ? "" : " · no link known"}`;
}

/**
 * The sources as every surface writes them: each address percent-encoded as URL's serializer
 * writes it, so one a database holds raw (spaces, <, >, ") is still exactly one link, in HTML and Markdown.
 */
export const servedSources = (sources: readonly Source[]): Source[] => sources.map((s) => ({ ...s, url: s.url === null ? null : safeHref(s.url) }));
