import type { PreciseTime, TimeParts } from "./precise-time";
import { parsePreciseTime, timeParts } from "./precise-time";
import { plural } from "./count";

export type Span =
  | { unit: "minute"; minutes: number }
  | { unit: "day"; days: number }
  | { unit: "month"; months: number }
  | { unit: "year"; years: number };

export type StatedLength = { minutes: number; approximate: boolean };

const MIN_PER_HOUR = 60;
const MIN_PER_DAY = 1440;
const DAYS_PER_MONTH = 30.4375;

const RANK = { minute: 0, day: 1, month: 2, year: 3 } as const;
type Unit = keyof typeof RANK;


function unitOf(p: TimeParts): Unit {
  if (p.month === null) return "year";
  if (p.day === null) return "month";
  return p.minuteOfDay === null ? "day" : "minute";
}

// UTC calendar day number, so a minute-precision time counts as its whole day.
const dayNumber = (t: PreciseTime) => Math.floor((parsePreciseTime(t)?.startMs ?? 0) / 86_400_000);

/**
 * Length from a to b at the coarser of the two precisions, so a day-precision end
 * never yields a minute-exact length. Null when either has no date; throws if b is before a.
 */
export function spanBetween(a: PreciseTime, b: PreciseTime): Span | null {
  const pa = timeParts(a);
  const pb = timeParts(b);
  if (!pa || !pb) return null;
  const ua = unitOf(pa);
  const ub = unitOf(pb);
  const unit = RANK[ua] >= RANK[ub] ? ua : ub;
  let span: Span;
  if (unit === "minute") {
    const ra = parsePreciseTime(a);
    const rb = parsePreciseTime(b);
    span = { unit, minutes: Math.round(((rb?.startMs ?? 0) - (ra?.startMs ?? 0)) / 60_000) };
  } else if (unit === "day") {
    span = { unit, days: dayNumber(b) - dayNumber(a) };
  } else if (unit === "month") {
    span = { unit, months: pb.year * 12 + (pb.month ?? 1) - (pa.year * 12 + (pa.month ?? 1)) };
  } else {
    span = { unit, years: pb.year - pa.year };
  }
  if (spanValue(span) < 0) {
    throw new Error(`End ${b.at} (${b.precision}) is before start ${a.at} (${a.precision})`);
  }
  return span;
}

function spanValue(s: Span): number {
  switch (s.unit) {
    case "minute":
      return s.minutes;
    case "day":
      return s.days;
    case "month":
      return s.months;
    case "year":
      return s.years;
  }
}

/**
 * The words a length is written in, one language's: the caller gives them (the catalogue's, through
 * view/), English's by default. Numbers arrive as numbers; each says its own plural.
 */
export type SpanWords = {
  days: (n: number) => string;
  hours: (n: number) => string;
  minutes: (n: number) => string;
  months: (n: number) => string;
  years: (n: number) => string;
  /** "about 7 weeks", "about 20 hours", "about 3 days", "about 5 months", "about 1 year", "about 25 min". */
  about: (unit: "weeks" | "hours" | "days" | "months" | "years" | "minutes", n: number) => string;
  /** "about 3½ years": whole years and a half. */
  aboutHalfYears: (whole: number) => string;
  /** "38 min later"; with a rounder reading, "109 days later (about 4 months)". */
  later: (length: string, approx: string | null) => string;
  same: (unit: Span["unit"]) => string;
};

export const ENGLISH_SPAN_WORDS: SpanWords = {
  days: (n) => plural(n, "day"),
  hours: (n) => `${n} h`,
  minutes: (n) => `${n} min`,
  months: (n) => plural(n, "month"),
  years: (n) => plural(n, "year"),
  about: (unit, n) => (unit === "minutes" ? `about ${n} min` : unit === "years" ? `about ${n} ${n === 1 ? "year" : "years"}` : `about ${n} ${unit}`),
  aboutHalfYears: (whole) => `about ${whole}½ years`,
  later: (length, approx) => (approx ? `${length} later (${approx})` : `${length} later`),
  same: (unit) => ({ minute: "same time", day: "same day", month: "same month", year: "same year" })[unit],
};

/** "38 min", "5 h", "5 h 40 min", "1 day 5 h 40 min". */
function exactMinutes(total: number, w: SpanWords): string {
  const days = Math.floor(total / MIN_PER_DAY);
  const hours = Math.floor((total % MIN_PER_DAY) / MIN_PER_HOUR);
  const minutes = total % MIN_PER_HOUR;
  const parts: string[] = [];
  if (days > 0) parts.push(w.days(days));
  if (hours > 0) parts.push(w.hours(hours));
  if (minutes > 0 || parts.length === 0) parts.push(w.minutes(minutes));
  return parts.join(" ");
}

/** "8 months", "1 year 7 months", "4 years". */
function exactMonths(total: number, w: SpanWords): string {
  const years = Math.floor(total / 12);
  const months = total % 12;
  if (years === 0) return w.months(months);
  return months === 0 ? w.years(years) : `${w.years(years)} ${w.months(months)}`;
}

/** Whole and half years: "about 1 year", "about 3½ years". */
function approxYears(months: number, w: SpanWords): string {
  const halves = Math.round(months / 6);
  const whole = Math.floor(halves / 2);
  return halves % 2 === 1 ? w.aboutHalfYears(whole) : w.about("years", whole);
}

function approxMonths(months: number, w: SpanWords): string {
  return months < 12 ? exactMonths(months, w) : approxYears(months, w);
}

function approxDays(days: number, w: SpanWords): string {
  if (days < 14) return w.days(days);
  if (days <= 60) return w.about("weeks", Math.round(days / 7));
  const months = days / DAYS_PER_MONTH;
  return months < 11.5 ? w.about("months", Math.round(months)) : approxYears(months, w);
}

function approxMinutes(minutes: number, w: SpanWords): string {
  if (minutes < 2 * MIN_PER_HOUR) return exactMinutes(minutes, w);
  if (minutes < 2 * MIN_PER_DAY) return w.about("hours", Math.round(minutes / MIN_PER_HOUR));
  const days = Math.round(minutes / MIN_PER_DAY);
  return days < 14 ? w.about("days", days) : approxDays(days, w);
}

export function formatSpan(s: Span, style: "exact" | "approx" = "exact", w: SpanWords = ENGLISH_SPAN_WORDS): string {
  const approx = style === "approx";
  switch (s.unit) {
    case "minute":
      return approx ? approxMinutes(s.minutes, w) : exactMinutes(s.minutes, w);
    case "day":
      return approx ? approxDays(s.days, w) : w.days(s.days);
    case "month":
      return approx ? approxMonths(s.months, w) : exactMonths(s.months, w);
    case "year":
      return w.years(s.years);
  }
}

/** Timeline separator: "38 min later", "same day", "109 days later (about 4 months)". */
export function formatGap(s: Span, w: SpanWords = ENGLISH_SPAN_WORDS): string {
  if (spanValue(s) === 0) return w.same(s.unit);
  const exact = formatSpan(s, "exact", w);
  // Long day counts get a rounder reading beside them, so the scale is clear at a glance.
  const approx = s.unit === "day" && s.days >= 14 ? formatSpan(s, "approx", w) : exact;
  return w.later(exact, approx === exact ? null : approx);
}

/** A length stated in a source rather than computed: {1200, true} → "about 20 hours". */
export function formatStated(s: StatedLength, w: SpanWords = ENGLISH_SPAN_WORDS): string {
  if (s.minutes >= 2 * MIN_PER_DAY) {
    const days = s.minutes / MIN_PER_DAY;
    return !s.approximate && Number.isInteger(days) ? w.days(days) : w.about("days", Math.round(days));
  }
  if (!s.approximate) return exactMinutes(s.minutes, w);
  if (s.minutes < 2 * MIN_PER_HOUR) return w.about("minutes", s.minutes);
  return w.about("hours", Math.round(s.minutes / MIN_PER_HOUR));
}

/** The range of real lengths, in minutes, that a span could stand for (for a common log axis). */
export function spanToMinutes(s: Span): { min: number; max: number } {
  const range = (n: number, shortest: number, longest: number) => ({
    min: Math.max(0, (n - 1) * shortest * MIN_PER_DAY),
    max: (n + 1) * longest * MIN_PER_DAY,
  });
  switch (s.unit) {
    case "minute":
      return { min: s.minutes, max: s.minutes };
    case "day":
      return range(s.days, 1, 1);
    case "month":
      return range(s.months, 28, 31);
    case "year":
      return range(s.years, 365, 366);
  }
}
