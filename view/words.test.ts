import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENGLISH_SPAN_WORDS, type Span, formatGap, formatSpan, formatStated } from "@/lib/durations";
import { wording } from "./words";

const ru = wording("ru");
const en = wording("en");

describe("the page's language in lengths and dates", () => {
  it("writes Russian lengths with every plural form", () => {
    expect(formatSpan({ unit: "minute", minutes: 340 }, "exact", ru.span)).toBe("5 ч 40 мин");
    expect(formatSpan({ unit: "minute", minutes: 1440 + 340 }, "exact", ru.span)).toBe("1 день 5 ч 40 мин");
    expect([1, 2, 5, 21, 22, 11].map((days) => formatSpan({ unit: "day", days }, "exact", ru.span))).toEqual(["1 день", "2 дня", "5 дней", "21 день", "22 дня", "11 дней"]);
    expect(formatSpan({ unit: "month", months: 43 }, "exact", ru.span)).toBe("3 года 7 месяцев");
    expect(formatSpan({ unit: "month", months: 43 }, "approx", ru.span)).toBe("примерно 3½ года");
    expect(formatStated({ minutes: 1200, approximate: true }, ru.span)).toBe("примерно 20 часов");
    expect(formatGap({ unit: "day", days: 109 }, ru.span)).toBe("через 109 дней (примерно 4 месяца)");
    expect(formatGap({ unit: "day", days: 0 }, ru.span)).toBe("в тот же день");
  });

  it("writes Russian dates through Intl, a day still a day, a minute in UTC", () => {
    expect(ru.date({ at: "2026-08-27", precision: "day" })).toBe("27 августа 2026 г.");
    expect(ru.date({ at: "2026-09-09T14:00Z", precision: "minute" })).toBe("9 сентября 2026 г., 14:00 UTC");
    expect(ru.dateShort({ at: "2021-12", precision: "month" })).toBe("дек. 2021 г.");
    expect(ru.date({ at: null, precision: "none" })).toBe("Ожидается, даты пока нет");
    expect(ru.count(1048576)).toBe("1\u00a0048\u00a0576");
    expect(en.count(1048576)).toBe("1,048,576");
  });

  it("writes English from the catalogue exactly as lib's English words do, for any length", () => {
    const span = fc.oneof(
      fc.integer({ min: 0, max: 200_000 }).map((minutes): Span => ({ unit: "minute", minutes })),
      fc.integer({ min: 0, max: 5000 }).map((days): Span => ({ unit: "day", days })),
      fc.integer({ min: 0, max: 600 }).map((months): Span => ({ unit: "month", months })),
      fc.integer({ min: 0, max: 50 }).map((years): Span => ({ unit: "year", years })),
    );
    fc.assert(
      fc.property(span, (s) => {
        for (const style of ["exact", "approx"] as const) expect(formatSpan(s, style, en.span)).toBe(formatSpan(s, style, ENGLISH_SPAN_WORDS));
        expect(formatGap(s, en.span)).toBe(formatGap(s, ENGLISH_SPAN_WORDS));
      }),
    );
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.boolean(), (minutes, approximate) => {
      expect(formatStated({ minutes, approximate }, en.span)).toBe(formatStated({ minutes, approximate }, ENGLISH_SPAN_WORDS));
    }));
  });
});
