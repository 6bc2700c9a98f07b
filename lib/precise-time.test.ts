import { describe, it, expect } from "vitest";
import fc from "fast-check";
import type { Precision } from "@/lib/precise-time";
import type { PreciseTime } from "./precise-time";
import {
  compareTimes,
  formatClock,
  formatPreciseTime,
  formatPreciseTimeShort,
  isValidPreciseTime,
  parsePreciseTime,
  toDateTimeAttr,
  toIsoStart,
} from "./precise-time";

const t = (precision: Precision, at: string | null): PreciseTime => ({ at, precision });
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe("parsePreciseTime", () => {
  it("gives the start and exclusive end of each precision", () => {
    const cases: Array<[PreciseTime, string, string]> = [
      [t("year", "2021"), "2021-01-01T00:00:00.000Z", "2022-01-01T00:00:00.000Z"],
      [t("month", "2021-12"), "2021-12-01T00:00:00.000Z", "2022-01-01T00:00:00.000Z"],
      [t("day", "2024-02-29"), "2024-02-29T00:00:00.000Z", "2024-03-01T00:00:00.000Z"],
      [t("minute", "2026-09-09T14:00Z"), "2026-09-09T14:00:00.000Z", "2026-09-09T14:01:00.000Z"],
      [t("minute", "2026-12-31T23:59Z"), "2026-12-31T23:59:00.000Z", "2027-01-01T00:00:00.000Z"],
    ];
    for (const [time, start, end] of cases) {
      const r = parsePreciseTime(time);
      expect(iso(r?.startMs)).toBe(start);
      expect(iso(r?.endMs)).toBe(end);
    }
  });

  it("returns null for precision none", () => {
    expect(parsePreciseTime(t("none", null))).toBeNull();
  });

  it.each([
    ["day", "2026-02-30"],
    ["day", "2025-02-29"],
    ["month", "2026-13"],
    ["month", "2026-00"],
    ["minute", "2026-09-09T24:00Z"],
    ["minute", "2026-09-09T12:60Z"],
    ["minute", "2026-09-09T14:00"],
    ["minute", "2026-09-09T14:00:00Z"],
    ["day", "2026-09-09T14:00Z"],
    ["month", "2026-09-09"],
    ["year", "2026-09"],
    ["year", "21"],
    ["day", "2026-9-9"],
    ["day", null],
    ["none", "2026"],
  ] as Array<[Precision, string | null]>)("rejects %s %s", (precision, at) => {
    expect(() => parsePreciseTime(t(precision, at))).toThrow(Error);
    expect(isValidPreciseTime(t(precision, at))).toBe(false);
  });

  it("names the expected form in the error", () => {
    expect(() => parsePreciseTime(t("minute", "2026-09-09"))).toThrow(/2026-09-09T14:00Z/);
  });

  it("accepts valid times", () => {
    expect(isValidPreciseTime(t("none", null))).toBe(true);
    expect(isValidPreciseTime(t("day", "2000-02-29"))).toBe(true);
  });
});

describe("compareTimes", () => {
  it("puts timed events of a day before the untimed ones, and the month after its days", () => {
    const sorted = [
      t("none", null),
      t("month", "2026-09"),
      t("day", "2026-09-09"),
      t("minute", "2026-09-09T19:40Z"),
      t("minute", "2026-09-09T08:00Z"),
      t("day", "2026-09-30"),
      t("year", "2026"),
      t("day", "2026-10-01"),
      t("month", "2021-12"),
    ].sort(compareTimes);
    expect(sorted.map((x) => x.at)).toEqual([
      "2021-12",
      "2026-09-09T08:00Z",
      "2026-09-09T19:40Z",
      "2026-09-09",
      "2026-09-30",
      "2026-09",
      "2026-10-01",
      "2026",
      null,
    ]);
  });
});

describe("formatting", () => {
  it("formats honestly per precision", () => {
    expect(formatPreciseTime(t("year", "2021"))).toBe("2021");
    expect(formatPreciseTime(t("month", "2021-12"))).toBe("December 2021");
    expect(formatPreciseTime(t("day", "2026-08-27"))).toBe("27 August 2026");
    expect(formatPreciseTime(t("minute", "2026-09-09T14:00Z"))).toBe("9 September 2026, 14:00 UTC");
    expect(formatPreciseTime(t("none", null))).toBe("Expected, no date yet");
  });

  it("converts minute precision to another zone, but not dates", () => {
    const opts = { timeZone: "Asia/Tokyo" };
    expect(formatPreciseTime(t("minute", "2026-09-09T14:00Z"), opts)).toBe("9 September 2026, 23:00 GMT+9");
    expect(formatPreciseTime(t("minute", "2026-09-09T19:40Z"), opts)).toBe("10 September 2026, 04:40 GMT+9");
    expect(formatPreciseTime(t("day", "2026-08-27"), opts)).toBe("27 August 2026");
    expect(formatPreciseTimeShort(t("minute", "2026-09-09T14:00Z"), opts)).toBe("9 Sep, 23:00 GMT+9");
  });

  it("has a short form", () => {
    expect(formatPreciseTimeShort(t("year", "2021"))).toBe("2021");
    expect(formatPreciseTimeShort(t("month", "2021-12"))).toBe("Dec 2021");
    expect(formatPreciseTimeShort(t("day", "2026-08-27"))).toBe("27 Aug 2026");
    expect(formatPreciseTimeShort(t("day", "2026-09-09"))).toBe("9 Sep 2026");
    expect(formatPreciseTimeShort(t("minute", "2026-09-09T14:00Z"))).toBe("9 Sep, 14:00 UTC");
    expect(formatPreciseTimeShort(t("none", null))).toBe("No date yet");
  });

  it("formats the clock only for minute precision", () => {
    expect(formatClock(t("minute", "2026-09-09T14:00Z"))).toBe("14:00");
    expect(formatClock(t("minute", "2026-09-09T14:00Z"), "Asia/Tokyo")).toBe("23:00");
    expect(formatClock(t("minute", "2026-09-09T00:05Z"), "UTC")).toBe("00:05");
    expect(formatClock(t("day", "2026-09-09"), "UTC")).toBeNull();
    expect(formatClock(t("none", null), "UTC")).toBeNull();
  });

  it("gives ISO starts and HTML dateTime attributes", () => {
    expect(toIsoStart(t("month", "2021-12"))).toBe("2021-12-01T00:00:00.000Z");
    expect(toIsoStart(t("minute", "2026-09-09T14:00Z"))).toBe("2026-09-09T14:00:00.000Z");
    expect(toIsoStart(t("none", null))).toBeNull();
    for (const at of ["2021", "2021-12", "2026-08-27", "2026-09-09T14:00Z"]) {
      const precision: Precision = at.length === 4 ? "year" : at.length === 7 ? "month" : at.length === 10 ? "day" : "minute";
      expect(toDateTimeAttr(t(precision, at))).toBe(at);
    }
    expect(toDateTimeAttr(t("none", null))).toBeNull();
  });
});

// Narrow ranges so that ties and shared prefixes are common.
const preciseTimeArb: fc.Arbitrary<PreciseTime> = fc
  .record({
    precision: fc.constantFrom<Precision>("year", "month", "day", "minute", "none"),
    year: fc.integer({ min: 2025, max: 2026 }),
    month: fc.integer({ min: 1, max: 3 }),
    day: fc.constantFrom(1, 2, 28),
    minute: fc.constantFrom(0, 59, 60, 1439),
  })
  .map(({ precision, year, month, day, minute }) => {
    const mm = String(month).padStart(2, "0");
    const dd = String(day).padStart(2, "0");
    const hhmm = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    const at: Record<Precision, string | null> = {
      year: `${year}`,
      month: `${year}-${mm}`,
      day: `${year}-${mm}-${dd}`,
      minute: `${year}-${mm}-${dd}T${hhmm}Z`,
      none: null,
    };
    return { precision, at: at[precision] };
  });

describe("compareTimes properties", () => {
  it("is reflexive and antisymmetric", () => {
    fc.assert(
      fc.property(preciseTimeArb, preciseTimeArb, (a, b) => {
        expect(compareTimes(a, a)).toBe(0);
        expect(Math.sign(compareTimes(a, b)) + Math.sign(compareTimes(b, a))).toBe(0);
        if (compareTimes(a, b) === 0) expect(a).toEqual(b);
      }),
    );
  });

  it("is transitive", () => {
    fc.assert(
      fc.property(preciseTimeArb, preciseTimeArb, preciseTimeArb, (a, b, c) => {
        if (compareTimes(a, b) <= 0 && compareTimes(b, c) <= 0) expect(compareTimes(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("orders a period that ends before another starts first", () => {
    fc.assert(
      fc.property(preciseTimeArb, preciseTimeArb, (a, b) => {
        const ra = parsePreciseTime(a);
        const rb = parsePreciseTime(b);
        if (ra && rb && ra.endMs <= rb.startMs) expect(compareTimes(a, b)).toBeLessThan(0);
        if (ra && !rb) expect(compareTimes(a, b)).toBeLessThan(0);
      }),
    );
  });

  it("round-trips through toDateTimeAttr and has a non-empty range", () => {
    fc.assert(
      fc.property(preciseTimeArb, (a) => {
        expect(toDateTimeAttr(a)).toBe(a.at);
        const r = parsePreciseTime(a);
        if (r) expect(r.endMs).toBeGreaterThan(r.startMs);
      }),
    );
  });
});
