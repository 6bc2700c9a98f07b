import { describe, it, expect } from "vitest";
import fc from "fast-check";
import type { Phase } from "@/domain/record/constants";
import type { Precision } from "@/lib/precise-time";
import { PHASES } from "@/domain/record/constants";
import type { TimelineEvent } from "./timeline";
import { buildTimeline, STAGES, STAGE_OF_PHASE } from "./timeline";
const buildTimelineEn = <E extends TimelineEvent>(events: readonly E[]) => buildTimeline(events, "en");

let nextId = 1;
function ev(key: string, at: string | null, precision: Precision, phase: Phase): TimelineEvent {
  const id = nextId++;
  return { id, key, at, precision, phase, title: key, detail: null, position: id };
}

// The incident's events in their stored position order.
const INCIDENT: TimelineEvent[] = [
  ev("first-sighting", "2021-12", "month", "background"),
  ev("second-sighting", "2025-07", "month", "background"),
  ev("cache-feature", "2026-03-19", "day", "background"),
  ev("warning", "2026-07-06", "day", "warning"),
  ev("upgrade", "2026-08-14", "day", "background"),
  ev("leak-starts", "2026-08-27", "day", "exposure"),
  ev("config-change", "2026-08-31", "day", "background"),
  ev("report", "2026-09-08", "day", "detection"),
  ev("investigation", "2026-09-09T08:00Z", "minute", "response"),
  ev("declared", "2026-09-09T13:22Z", "minute", "response"),
  ev("offline", "2026-09-09T14:00Z", "minute", "mitigation"),
  ev("sglang-informed", "2026-09-09", "day", "disclosure"),
  ev("fix", "2026-09-09T19:40Z", "minute", "recovery"),
  ev("leak-ends", "2026-09-09", "day", "exposure"),
  ev("postmortem", "2026-09-17", "day", "follow-up"),
  ev("public-report", "2026-10-26", "day", "disclosure"),
  ev("tenant-notice", "2026-10-27", "day", "follow-up"),
  ev("researcher-report", null, "none", "follow-up"),
];

// Reversed so the order cannot come from the input.
const timeline = buildTimelineEn([...INCIDENT].reverse());
const items = timeline.periods.flatMap((p) => p.items);
const byKey = (key: string) => items.find((i) => i.event.key === key);

describe("buildTimeline with the incident", () => {
  it("orders timed events of 9 Sep before the untimed ones, then by position", () => {
    expect(items.map((i) => i.event.key)).toEqual([
      "first-sighting",
      "second-sighting",
      "cache-feature",
      "warning",
      "upgrade",
      "leak-starts",
      "config-change",
      "report",
      "investigation",
      "declared",
      "offline",
      "fix",
      "sglang-informed",
      "leak-ends",
      "postmortem",
      "public-report",
      "tenant-notice",
      "researcher-report",
    ]);
  });

  it("calls the incident's own period the exposure only when something in it was exposed", () => {
    const failover = buildTimelineEn([
      ev("disk-full", "2026-09-01T10:00Z", "minute", "trigger"),
      ev("paged", "2026-09-01T10:03Z", "minute", "detection"),
      ev("failed-over", "2026-09-01T10:12Z", "minute", "recovery"),
    ]);
    expect(failover.periods.map((p) => [p.stage, p.label])).toEqual([
      ["incident", "Incident"],
      ["response", "Response"],
    ]);
  });

  it("groups into four periods whose stage never goes back", () => {
    const summary = timeline.periods.map((p) => [p.stage, p.label, p.range, p.items.map((i) => i.event.key)]);
    expect(summary).toEqual([
      ["before", "Background", "Dec 2021 – 14 Aug 2026", ["first-sighting", "second-sighting", "cache-feature", "warning", "upgrade"]],
      ["incident", "Exposure", "27 Aug 2026 – 8 Sep 2026", ["leak-starts", "config-change", "report"]],
      ["response", "Response", "9 Sep 2026", ["investigation", "declared", "offline", "fix"]],
      [
        "after",
        "Afterwards",
        "9 Sep 2026 – 27 Oct 2026",
        ["sglang-informed", "leak-ends", "postmortem", "public-report", "tenant-notice", "researcher-report"],
      ],
    ]);
  });

  it("writes the gap before each event", () => {
    expect(items.map((i) => i.gapBefore)).toEqual([
      null,
      "3 years 7 months later",
      "8 months later",
      "109 days later (about 4 months)",
      "39 days later (about 6 weeks)",
      "13 days later",
      "4 days later",
      "8 days later",
      "1 day later",
      "5 h 22 min later",
      "38 min later",
      "5 h 40 min later",
      "same day",
      "same day",
      "8 days later",
      "39 days later (about 6 weeks)",
      "1 day later",
      null,
    ]);
  });

  it("marks day events that follow timed events of the same day", () => {
    expect(items.filter((i) => i.sameDayUntimed).map((i) => i.event.key)).toEqual(["sglang-informed", "leak-ends"]);
    expect(byKey("report")?.sameDayUntimed).toBe(false);
  });

  it("gives '12 days later' between the leak start and the report when nothing lies between", () => {
    const t = buildTimelineEn(INCIDENT.filter((e) => e.key === "leak-starts" || e.key === "report"));
    expect(t.periods).toHaveLength(1);
    expect(t.periods[0]?.items[1]?.gapBefore).toBe("12 days later");
  });

  it("speaks Russian: the periods' names and dates, the gaps with their plurals, no date", () => {
    const ru = buildTimeline([...INCIDENT].reverse(), "ru");
    expect(ru.periods.map((p) => [p.label, p.range])).toEqual([
      ["Предыстория", "дек. 2021 г. – 14 авг. 2026 г."],
      ["Утечка", "27 авг. 2026 г. – 8 сент. 2026 г."],
      ["Реагирование", "9 сент. 2026 г."],
      ["После", "9 сент. 2026 г. – 27 окт. 2026 г."],
    ]);
    const gaps = ru.periods.flatMap((p) => p.items.map((i) => i.gapBefore));
    expect(gaps.slice(1, 6)).toEqual(["через 3 года 7 месяцев", "через 8 месяцев", "через 109 дней (примерно 4 месяца)", "через 39 дней (примерно 6 недель)", "через 13 дней"]);
    expect(gaps.slice(8, 13)).toEqual(["через 1 день", "через 5 ч 22 мин", "через 38 мин", "через 5 ч 40 мин", "в тот же день"]);
    expect(buildTimeline([ev("x", null, "none", "follow-up")], "ru").periods[0]?.range).toBe("Даты пока нет");
  });

  it("handles an empty list and undated-only periods", () => {
    expect(buildTimelineEn([]).periods).toEqual([]);
    const t = buildTimelineEn([ev("x", null, "none", "follow-up")]);
    expect(t.periods[0]?.range).toBe("No date yet");
    expect(t.periods[0]?.stage).toBe("after");
  });
});

const eventArb: fc.Arbitrary<TimelineEvent> = fc
  .record({
    day: fc.integer({ min: 1, max: 5 }),
    minute: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
    phase: fc.constantFrom(...PHASES),
    position: fc.integer({ min: 0, max: 20 }),
  })
  .map(({ day, minute, phase, position }) => {
    const date = `2026-09-0${day}`;
    const at =
      minute === null
        ? date
        : `${date}T${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}Z`;
    return { id: position, key: at, at, precision: minute === null ? "day" : "minute", phase, title: "", detail: null, position };
  });

describe("buildTimeline properties", () => {
  it("keeps every event once, with rising stages, each at or after its own phase's stage", () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        const t = buildTimelineEn(events);
        const out = t.periods.flatMap((p) => p.items);
        expect(out).toHaveLength(events.length);
        const ranks = t.periods.map((p) => STAGES.indexOf(p.stage));
        for (let i = 1; i < ranks.length; i++) expect(ranks[i]).toBeGreaterThan(ranks[i - 1] ?? -1);
        for (const p of t.periods) {
          for (const item of p.items) {
            expect(STAGES.indexOf(p.stage)).toBeGreaterThanOrEqual(STAGES.indexOf(STAGE_OF_PHASE[item.event.phase]));
          }
        }
      }),
    );
  });
});
