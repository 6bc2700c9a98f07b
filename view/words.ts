import type { Locale } from "@/i18n/locales";
import { type Translator, translator } from "@/i18n/translate";
import { formatCount } from "@/lib/count";
import type { SpanWords } from "@/lib/durations";
import { type PreciseTime, formatPreciseTime, formatPreciseTimeShort } from "@/lib/precise-time";

/** One language's way of writing what the view models write: its messages, lengths, dates and counts. */
export type Wording = {
  locale: Locale;
  t: Translator;
  span: SpanWords;
  count: (n: number) => string;
  /** "27 August 2026", "9 September 2026, 14:00 UTC"; a time with no date says so in the language. */
  date: (time: PreciseTime) => string;
  /** "27 Aug 2026", "9 Sep, 14:00 UTC". */
  dateShort: (time: PreciseTime) => string;
};

function spanWordsOf(t: Translator): SpanWords {
  const about = { weeks: "aboutWeeks", hours: "aboutHours", days: "aboutDays", months: "aboutMonths", years: "aboutYears", minutes: "aboutMinutes" } as const;
  return {
    days: (n) => t("record.span.days", { n }),
    hours: (n) => t("record.span.hours", { n }),
    minutes: (n) => t("record.span.minutes", { n }),
    months: (n) => t("record.span.months", { n }),
    years: (n) => t("record.span.years", { n }),
    about: (unit, n) => t(`record.span.${about[unit]}`, { n }),
    aboutHalfYears: (whole) => t("record.span.aboutHalfYears", { whole }),
    later: (length, approx) => (approx ? t("record.span.laterAbout", { length, approx }) : t("record.span.later", { length })),
    same: (unit) => t("record.span.same", { unit }),
  };
}

function make(locale: Locale): Wording {
  const t = translator(locale);
  return {
    locale,
    t,
    span: spanWordsOf(t),
    count: (n) => formatCount(n, locale),
    date: (time) => formatPreciseTime(time, { locale, noDate: t("record.timeline.noDate") }),
    dateShort: (time) => formatPreciseTimeShort(time, { locale, noDate: t("record.timeline.noDateShort") }),
  };
}

const made = new Map<Locale, Wording>();

/** The language's wording, made once: the views call it for every card and section. */
export function wording(locale: Locale): Wording {
  const known = made.get(locale);
  if (known) return known;
  const w = make(locale);
  made.set(locale, w);
  return w;
}
