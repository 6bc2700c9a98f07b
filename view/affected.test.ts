import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countPerDay, dayRange, shortDay } from "./affected";

describe("countPerDay", () => {
  it("lists every day of the range, empty ones too, split by role", () => {
    const days = countPerDay(
      [
        { occurredAt: "2026-08-27T00:00:00.000Z", promptTokens: 700_000, role: "recipient" },
        { occurredAt: "2026-08-29T23:59:59.000Z", promptTokens: 700_000, role: "exposed" },
      ],
      "2026-08-27",
      "2026-08-29",
    );
    expect(days.map((d) => [d.label, d.recipient, d.exposed, d.total])).toEqual([
      ["27 Aug", 1, 0, 1],
      ["28 Aug", 0, 0, 0],
      ["29 Aug", 0, 1, 1],
    ]);
  });

  it("refuses a point outside the range rather than dropping it", () => {
    expect(() =>
      countPerDay([{ occurredAt: "2026-09-10T00:00:00Z", promptTokens: 1, role: "recipient" }], "2026-08-27", "2026-09-09"),
    ).toThrow(/outside/);
  });

  it("loses no point: the counts add up to the input for any points in range", () => {
    const start = Date.parse("2026-08-27T00:00:00Z");
    const point = fc.record({
      occurredAt: fc.integer({ min: 0, max: 14 * 86_400_000 - 1 }).map((ms) => new Date(start + ms).toISOString()),
      promptTokens: fc.integer({ min: 1, max: 2_000_000 }),
      role: fc.constantFrom("recipient" as const, "exposed" as const),
    });
    fc.assert(
      fc.property(fc.array(point), (points) => {
        const days = countPerDay(points, "2026-08-27", "2026-09-09");
        expect(days).toHaveLength(14);
        expect(days.reduce((n, d) => n + d.total, 0)).toBe(points.length);
      }),
    );
  });
});

describe("helpers", () => {
  it("formats a day and finds the range of sorted points", () => {
    expect(shortDay("2026-09-09")).toBe("9 Sep");
    expect(dayRange([])).toBeNull();
    expect(
      dayRange([
        { occurredAt: "2026-08-27T10:00:00Z", promptTokens: 1, role: "recipient" },
        { occurredAt: "2026-09-09T13:00:00Z", promptTokens: 1, role: "recipient" },
      ]),
    ).toEqual({ from: "2026-08-27", to: "2026-09-09" });
  });
});
