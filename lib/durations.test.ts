import { describe, it, expect } from "vitest";
import fc from "fast-check";
import type { Precision } from "@/lib/precise-time";
import type { PreciseTime } from "./precise-time";
import type { Span } from "./durations";
import { formatGap, formatSpan, formatStated, spanBetween, spanToMinutes } from "./durations";
import { compareTimes, parsePreciseTime } from "./precise-time";

const min = (at: string): PreciseTime => ({ at, precision: "minute" });
const day = (at: string): PreciseTime => ({ at, precision: "day" });
const month = (at: string): PreciseTime => ({ at, precision: "month" });
const none: PreciseTime = { at: null, precision: "none" };

function span(a: PreciseTime, b: PreciseTime): Span {
  const s = spanBetween(a, b);
  if (!s) throw new Error("expected a span");
  return s;
}

describe("spanBetween with the incident's values", () => {
  it.each([
    ["outage", min("2026-09-09T14:00Z"), min("2026-09-09T19:40Z"), { unit: "minute", minutes: 340 }, "5 h 40 min"],
    ["investigation → declared", min("2026-09-09T08:00Z"), min("2026-09-09T13:22Z"), { unit: "minute", minutes: 322 }, "5 h 22 min"],
    ["declared → offline", min("2026-09-09T13:22Z"), min("2026-09-09T14:00Z"), { unit: "minute", minutes: 38 }, "38 min"],
    ["leak start → report", day("2026-08-27"), day("2026-09-08"), { unit: "day", days: 12 }, "12 days"],
    ["exposure", day("2026-08-27"), day("2026-09-09"), { unit: "day", days: 13 }, "13 days"],
    ["warning → fix", day("2026-07-06"), min("2026-09-09T19:40Z"), { unit: "day", days: 65 }, "65 days"],
    ["fix → report", min("2026-09-09T19:40Z"), day("2026-10-26"), { unit: "day", days: 47 }, "47 days"],
    ["report → declared", day("2026-09-08"), min("2026-09-09T13:22Z"), { unit: "day", days: 1 }, "1 day"],
    ["first sighting → later", month("2021-12"), month("2025-07"), { unit: "month", months: 43 }, "3 years 7 months"],
    ["month → day", month("2025-07"), day("2026-03-19"), { unit: "month", months: 8 }, "8 months"],
  ] as Array<[string, PreciseTime, PreciseTime, Span, string]>)("%s", (_name, a, b, expected, text) => {
    const s = span(a, b);
    expect(s).toEqual(expected);
    expect(formatSpan(s)).toBe(text);
  });

  it("approximates the incident's longer spans", () => {
    expect(formatSpan(span(day("2026-08-27"), day("2026-09-09")), "approx")).toBe("13 days");
    expect(formatSpan(span(day("2026-07-06"), min("2026-09-09T19:40Z")), "approx")).toBe("about 2 months");
    expect(formatSpan(span(min("2026-09-09T19:40Z"), day("2026-10-26")), "approx")).toBe("about 7 weeks");
    expect(formatSpan(span(month("2021-12"), month("2025-07")), "approx")).toBe("about 3½ years");
  });

  it("uses years when either end is year precision", () => {
    expect(spanBetween({ at: "2021", precision: "year" }, day("2024-01-05"))).toEqual({ unit: "year", years: 3 });
  });

  it("is null when either end has no date", () => {
    expect(spanBetween(none, day("2026-09-09"))).toBeNull();
    expect(spanBetween(day("2026-09-09"), none)).toBeNull();
  });

  it("throws when the end is before the start", () => {
    expect(() => spanBetween(min("2026-09-09T14:00Z"), min("2026-09-09T13:22Z"))).toThrow(/before/);
    expect(() => spanBetween(day("2026-09-09"), min("2026-09-08T23:59Z"))).toThrow(Error);
  });

  it("counts a minute and a day on the same date as 0 days", () => {
    expect(span(min("2026-09-09T19:40Z"), day("2026-09-09"))).toEqual({ unit: "day", days: 0 });
  });
});

describe("formatSpan", () => {
  it("formats exact minutes", () => {
    expect(formatSpan({ unit: "minute", minutes: 0 })).toBe("0 min");
    expect(formatSpan({ unit: "minute", minutes: 300 })).toBe("5 h");
    expect(formatSpan({ unit: "minute", minutes: 1440 + 340 })).toBe("1 day 5 h 40 min");
    expect(formatSpan({ unit: "minute", minutes: 2880 })).toBe("2 days");
  });

  it("formats exact days, months and years", () => {
    expect(formatSpan({ unit: "day", days: 1 })).toBe("1 day");
    expect(formatSpan({ unit: "month", months: 1 })).toBe("1 month");
    expect(formatSpan({ unit: "month", months: 19 })).toBe("1 year 7 months");
    expect(formatSpan({ unit: "month", months: 48 })).toBe("4 years");
    expect(formatSpan({ unit: "year", years: 3 })).toBe("3 years");
    expect(formatSpan({ unit: "year", years: 1 })).toBe("1 year");
  });

  it("approximates", () => {
    expect(formatSpan({ unit: "minute", minutes: 0 }, "approx")).toBe("0 min");
    expect(formatSpan({ unit: "minute", minutes: 100 }, "approx")).toBe("1 h 40 min");
    expect(formatSpan({ unit: "minute", minutes: 340 }, "approx")).toBe("about 6 hours");
    expect(formatSpan({ unit: "minute", minutes: 5 * 1440 }, "approx")).toBe("about 5 days");
    expect(formatSpan({ unit: "day", days: 14 }, "approx")).toBe("about 2 weeks");
    expect(formatSpan({ unit: "day", days: 60 }, "approx")).toBe("about 9 weeks");
    expect(formatSpan({ unit: "day", days: 65 }, "approx")).toBe("about 2 months");
    expect(formatSpan({ unit: "day", days: 400 }, "approx")).toBe("about 1 year");
    expect(formatSpan({ unit: "month", months: 8 }, "approx")).toBe("8 months");
    expect(formatSpan({ unit: "month", months: 12 }, "approx")).toBe("about 1 year");
    expect(formatSpan({ unit: "month", months: 18 }, "approx")).toBe("about 1½ years");
  });
});

describe("formatGap", () => {
  it("formats timeline separators", () => {
    expect(formatGap({ unit: "minute", minutes: 38 })).toBe("38 min later");
    expect(formatGap({ unit: "minute", minutes: 322 })).toBe("5 h 22 min later");
    expect(formatGap({ unit: "day", days: 12 })).toBe("12 days later");
    expect(formatGap({ unit: "day", days: 109 })).toBe("109 days later (about 4 months)");
    expect(formatGap({ unit: "day", days: 39 })).toBe("39 days later (about 6 weeks)");
    expect(formatGap({ unit: "day", days: 0 })).toBe("same day");
    expect(formatGap({ unit: "month", months: 0 })).toBe("same month");
    expect(formatGap({ unit: "month", months: 8 })).toBe("8 months later");
    expect(formatGap({ unit: "month", months: 43 })).toBe("3 years 7 months later");
  });
});

describe("formatStated", () => {
  it("formats stated lengths", () => {
    expect(formatStated({ minutes: 1200, approximate: true })).toBe("about 20 hours");
    expect(formatStated({ minutes: 340, approximate: false })).toBe("5 h 40 min");
    expect(formatStated({ minutes: 3 * 1440 + 100, approximate: false })).toBe("about 3 days");
    expect(formatStated({ minutes: 2 * 1440, approximate: true })).toBe("about 2 days");
    expect(formatStated({ minutes: 2 * 1440, approximate: false })).toBe("2 days");
    expect(formatStated({ minutes: 45, approximate: true })).toBe("about 45 min");
  });
});

describe("spanToMinutes", () => {
  it("widens coarse spans", () => {
    expect(spanToMinutes({ unit: "minute", minutes: 340 })).toEqual({ min: 340, max: 340 });
    expect(spanToMinutes({ unit: "day", days: 13 })).toEqual({ min: 12 * 1440, max: 14 * 1440 });
    expect(spanToMinutes({ unit: "day", days: 0 })).toEqual({ min: 0, max: 1440 });
    expect(spanToMinutes({ unit: "month", months: 8 })).toEqual({ min: 7 * 28 * 1440, max: 9 * 31 * 1440 });
  });
});

const timeArb: fc.Arbitrary<PreciseTime> = fc
  .record({
    precision: fc.constantFrom<Precision>("year", "month", "day", "minute"),
    ms: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2027, 0, 1) }),
  })
  .map(({ precision, ms }) => {
    const iso = new Date(ms).toISOString();
    const len = { year: 4, month: 7, day: 10, minute: 16 }[precision as Exclude<Precision, "none">];
    return { precision, at: precision === "minute" ? `${iso.slice(0, len)}Z` : iso.slice(0, len) };
  });

describe("span properties", () => {
  it("never fails for times in timeline order, and the real length fits the span's range", () => {
    fc.assert(
      fc.property(timeArb, timeArb, (x, y) => {
        const [a, b] = compareTimes(x, y) <= 0 ? [x, y] : [y, x];
        const s = span(a, b);
        const ra = parsePreciseTime(a);
        const rb = parsePreciseTime(b);
        if (!ra || !rb || rb.startMs < ra.endMs) return;
        // Any pair of instants inside the two periods, here the extremes, must fit the range.
        const { min: lo, max: hi } = spanToMinutes(s);
        expect((rb.startMs - (ra.endMs - 60_000)) / 60_000).toBeGreaterThanOrEqual(lo);
        expect((rb.endMs - 60_000 - ra.startMs) / 60_000).toBeLessThanOrEqual(hi);
      }),
    );
  });
});
