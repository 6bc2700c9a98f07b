import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readWrittenTime } from "./written-time";

const NOW = Date.UTC(2026, 11, 1, 15, 30, 45); // 1 Dec 2026, 15:30:45 UTC
const read = (text: string, zone = "UTC", precision: "minute" | "day" | "month" | "year" | "none" = "minute") => readWrittenTime({ text, zone, precision, now: NOW });

describe("a time as an author writes it", () => {
  it("reads a bare clock as today in the author's zone, and a local date and time", () => {
    expect(read("14:02")).toEqual({ ok: true, at: "2026-12-01T14:02Z", shown: "2026-12-01 14:02 UTC" });
    expect(read("14:02", "Europe/Berlin")).toEqual({ ok: true, at: "2026-12-01T13:02Z", shown: "2026-12-01 14:02 Europe/Berlin = 2026-12-01 13:02 UTC" });
    expect(read("2026-12-01 14:02", "America/New_York")).toMatchObject({ ok: true, at: "2026-12-01T19:02Z" });
    expect(read("2026-07-01T09:05", "Asia/Tokyo")).toMatchObject({ ok: true, at: "2026-07-01T00:05Z" });
    // "Today" is the author's day: in Tokyo it is already 2 December.
    expect(read("08:00", "Asia/Tokyo")).toMatchObject({ ok: true, at: "2026-12-01T23:00Z" });
  });

  it("reads now, to the minute, and the record's own forms at their precision", () => {
    expect(read("now")).toMatchObject({ ok: true, at: "2026-12-01T15:30Z" });
    expect(read("Now", "Europe/Berlin")).toMatchObject({ ok: true, at: "2026-12-01T15:30Z" });
    expect(read("2026-12-01T14:02Z", "Europe/Berlin")).toMatchObject({ ok: true, at: "2026-12-01T14:02Z" });
    expect(read("2026-12-01", "UTC", "day")).toMatchObject({ ok: true, at: "2026-12-01" });
    expect(read("2026-12", "UTC", "month")).toMatchObject({ ok: true, at: "2026-12" });
    expect(read("", "UTC", "none")).toEqual({ ok: true, at: null, shown: null });
  });

  it("says what is wrong in the form's words, and never guesses", () => {
    expect(read("14:02", "UTC", "day")).toMatchObject({ ok: false, message: expect.stringMatching(/choose the precision minute/) });
    expect(read("2026-12-01")).toMatchObject({ ok: false, message: expect.stringMatching(/is a day, but Precision is minute/) });
    expect(read("25:00")).toMatchObject({ ok: false, message: expect.stringMatching(/not a time of day/) });
    expect(read("2026-02-30 10:00")).toMatchObject({ ok: false });
    expect(read("14:02", "Mars/Olympus")).toMatchObject({ ok: false, message: expect.stringMatching(/not a time zone/) });
    expect(read("yesterday")).toMatchObject({ ok: false, message: expect.stringMatching(/14:02 \(today\)/) });
    expect(read("")).toMatchObject({ ok: false, message: expect.stringMatching(/When is empty/) });
    // 02:30 on 29 March 2026 never happened in Berlin: the clocks went from 02:00 to 03:00.
    expect(read("2026-03-29 02:30", "Europe/Berlin")).toMatchObject({ ok: false, message: expect.stringMatching(/does not exist in Europe\/Berlin/) });
  });

  it("gives back the wall clock it was written at, in any zone, for any minute", () => {
    const zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns"];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }), fc.constantFrom(...zones), (minute, zone) => {
        const wall = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(minute * 60_000);
        const result = read(wall, zone);
        expect(result.ok, `${wall} ${zone}`).toBe(true);
        if (!result.ok || !result.at) return;
        const back = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(Date.parse(result.at));
        expect(back).toBe(wall);
      }),
      { numRuns: 300 },
    );
  });
});
