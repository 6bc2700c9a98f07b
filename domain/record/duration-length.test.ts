import { describe, expect, it } from "vitest";
import { type ClaimInput, computeClaim } from "./duration-length";

const base: Omit<ClaimInput, "kind" | "from" | "to" | "statedMinutes"> = {
  key: "k",
  label: "l",
  approximate: false,
  countedBy: "c",
  method: "m",
  note: null,
  contestsKey: null,
  cites: [3],
};

const at = (value: string, precision: "minute" | "day") => ({ at: value, precision, title: value });

describe("computeClaim", () => {
  it("computes a minute-precision outage exactly", () => {
    const c = computeClaim({
      ...base,
      kind: "interval",
      from: at("2026-09-09T14:00Z", "minute"),
      to: at("2026-09-09T19:40Z", "minute"),
      statedMinutes: null,
    });
    expect(c).toMatchObject({ length: "5 h 40 min", approx: "about 6 hours", basis: "minute", scale: "hours", minutes: 340 });
  });

  it("gives a day-precision length in days, with a rounder reading and honest bounds", () => {
    const c = computeClaim({
      ...base,
      kind: "interval",
      from: at("2026-09-09T19:40Z", "minute"),
      to: at("2026-10-26", "day"),
      statedMinutes: null,
    });
    expect(c).toMatchObject({ length: "47 days", approx: "about 7 weeks", basis: "day", scale: "days" });
    expect(c.range).toEqual({ min: 46 * 1440, max: 48 * 1440 });
  });

  it("keeps a stated claim as stated", () => {
    const c = computeClaim({ ...base, kind: "stated", from: null, to: null, statedMinutes: 1200, approximate: true });
    expect(c).toMatchObject({ length: "about 20 hours", basis: "stated", scale: "hours", minutes: 1200 });
  });

  it("refuses an interval without endpoints and a stated claim without a length", () => {
    expect(() => computeClaim({ ...base, kind: "interval", from: null, to: null, statedMinutes: null })).toThrow(/endpoint/);
    expect(() => computeClaim({ ...base, kind: "stated", from: null, to: null, statedMinutes: null })).toThrow(/no length/);
  });
});
