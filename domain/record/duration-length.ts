import { type Span, type SpanWords, formatSpan, formatStated, spanBetween, spanToMinutes } from "@/lib/durations";
import type { PreciseTime } from "@/lib/precise-time";
import type { Duration } from "./collections/durations";

/** Minute-scale lengths and day-scale lengths are drawn in separate panels so both stay legible. */
export type Scale = "hours" | "days";

/** An interval's end: the event's time as far as it is known. */
export type Endpoint = PreciseTime & { title: string };

export type ClaimLength = {
  /** What the reader sees: "5 h 40 min", "about 20 hours", "47 days". */
  length: string;
  /** A rounder reading where it helps: "about 7 weeks"; null when it says nothing more. */
  approx: string | null;
  /** The precision the length is known to: minute, day, month or year, or "stated". */
  basis: Span["unit"] | "stated";
  scale: Scale;
  /** Best value and honest bounds in minutes, for charts. */
  minutes: number;
  range: { min: number; max: number };
};

const DAY = 1440;

/** A claim's length from its events, never from a typed-in number (a stated claim aside); `words`: the page's language's (English's by default). */
export function claimLength(claim: Duration, from: Endpoint | null, to: Endpoint | null, words?: SpanWords): ClaimLength {
  if (claim.kind === "stated") {
    const minutes = claim.statedMinutes;
    return {
      length: formatStated({ minutes, approximate: claim.approximate }, words),
      approx: null,
      basis: "stated",
      scale: minutes < 2 * DAY ? "hours" : "days",
      minutes,
      range: { min: minutes, max: minutes },
    };
  }
  if (!from || !to) throw new Error(`interval claim "${claim.key}" lacks an endpoint`);
  const span = spanBetween(from, to);
  if (!span) throw new Error(`interval claim "${claim.key}" has an endpoint with no date`);
  const range = spanToMinutes(span);
  const length = formatSpan(span, "exact", words);
  const approx = formatSpan(span, "approx", words);
  const minutes = span.unit === "minute" ? span.minutes : span.unit === "day" ? span.days * DAY : (range.min + range.max) / 2;
  return { length, approx: approx === length ? null : approx, basis: span.unit, scale: span.unit === "minute" ? "hours" : "days", minutes, range };
}
