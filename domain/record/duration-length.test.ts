import { describe, expect, it } from "vitest";
import type { Duration } from "./collections/durations";
import { claimLength } from "./duration-length";

const common = { key: "k", label: "l", role: null, countedBy: "c", method: "m", note: null, contests: null, cites: [3] };
const interval: Duration = { ...common, kind: "interval", from: "a", to: "b" };
const at = (value: string, precision: "minute" | "day") => ({ at: value, precision, title: value });

describe("claimLength", () => {
  it("computes a minute-precision outage exactly", () => {
    const c = claimLength(interval, at("2026-09-09T14:00Z", "minute"), at("2026-09-09T19:40Z", "minute"));
    expect(c).toMatchObject({ length: "5 h 40 min", approx: "about 6 hours", basis: "minute", scale: "hours", minutes: 340 });
  });

  it("gives a day-precision length in days, with a rounder reading and honest bounds", () => {
    const c = claimLength(interval, at("2026-09-09T19:40Z", "minute"), at("2026-10-26", "day"));
    expect(c).toMatchObject({ length: "47 days", approx: "about 7 weeks", basis: "day", scale: "days" });
    expect(c.range).toEqual({ min: 46 * 1440, max: 48 * 1440 });
  });

  it("keeps a stated claim as stated", () => {
    const c = claimLength({ ...common, kind: "stated", statedMinutes: 1200, approximate: true }, null, null);
    expect(c).toMatchObject({ length: "about 20 hours", basis: "stated", scale: "hours", minutes: 1200 });
  });

  it("refuses an interval without endpoints", () => {
    expect(() => claimLength(interval, null, null)).toThrow(/endpoint/);
  });
});
