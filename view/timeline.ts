import type { Phase } from "@/domain/record/constants";
import type { Precision } from "@/lib/precise-time";
import type { PreciseTime } from "@/lib/precise-time";
import { compareTimes } from "@/lib/precise-time";
import { formatGap, spanBetween } from "@/lib/durations";
import type { Locale } from "@/i18n/locales";
import { type Wording, wording } from "./words";

export type TimelineEvent = {
  id: number;
  key: string;
  at: string | null;
  precision: Precision;
  phase: Phase;
  title: string;
  detail: string | null;
  position: number;
};

export const STAGES = ["before", "incident", "response", "after"] as const;
export type Stage = (typeof STAGES)[number];

/** The incident's own stage is called the exposure only when something in it was exposed. */
function stageLabel(stage: Stage, items: readonly TimelineItem[], w: Wording): string {
  const exposed = stage === "incident" && items.some((i) => i.event.phase === "exposure");
  return w.t("record.timeline.stage", { stage: exposed ? "exposure" : stage });
}

export const STAGE_OF_PHASE: Record<Phase, Stage> = {
  background: "before",
  warning: "before",
  trigger: "incident",
  exposure: "incident",
  detection: "incident",
  response: "response",
  mitigation: "response",
  recovery: "response",
  disclosure: "after",
  "follow-up": "after",
};

/** `E`: the events as the caller gave them, with whatever else they carry (their citations). */
export type TimelineItem<E extends TimelineEvent = TimelineEvent> = { event: E; gapBefore: string | null; sameDayUntimed: boolean };
export type TimelinePeriod<E extends TimelineEvent = TimelineEvent> = { stage: Stage; label: string; range: string; items: Array<TimelineItem<E>> };
export type Timeline<E extends TimelineEvent = TimelineEvent> = { periods: Array<TimelinePeriod<E>> };

const stageRank = (s: Stage) => STAGES.indexOf(s);

export function compareEvents(a: TimelineEvent, b: TimelineEvent): number {
  return compareTimes(a, b) || a.position - b.position;
}

// A range shows dates only, so a minute-precision event counts as its UTC day.
function dateLabel(e: TimelineEvent, w: Wording): string | null {
  if (e.at === null) return null;
  const t: PreciseTime = e.precision === "minute" ? { at: e.at.slice(0, 10), precision: "day" } : e;
  return w.dateShort(t);
}

function periodRange(items: readonly TimelineItem[], w: Wording): string {
  const labels = items.map((i) => dateLabel(i.event, w)).filter((l): l is string => l !== null);
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === undefined || last === undefined) return w.t("record.timeline.noDateShort");
  return first === last ? first : `${first} – ${last}`;
}

/**
 * Sorts events and groups them into periods whose stage never goes back, so a late
 * background note stays inside the period it happened in rather than opening a new one.
 */
export function buildTimeline<E extends TimelineEvent>(events: readonly E[], locale: Locale): Timeline<E> {
  const w = wording(locale);
  const sorted = [...events].sort(compareEvents);
  const periods: Array<Omit<TimelinePeriod<E>, "range" | "label">> = [];
  const timedDays = new Set<string>();
  let previous: TimelineEvent | null = null;
  let stage: Stage = "before";

  for (const event of sorted) {
    const own = STAGE_OF_PHASE[event.phase];
    if (previous === null || stageRank(own) > stageRank(stage)) stage = own;

    const span = previous === null ? null : spanBetween(previous, event);
    const sameDayUntimed = event.precision === "day" && event.at !== null && timedDays.has(event.at);
    if (event.precision === "minute" && event.at !== null) timedDays.add(event.at.slice(0, 10));

    const current = periods[periods.length - 1];
    const item: TimelineItem<E> = { event, gapBefore: span ? formatGap(span, w.span) : null, sameDayUntimed };
    if (current && current.stage === stage) current.items.push(item);
    else periods.push({ stage, items: [item] });
    previous = event;
  }

  return { periods: periods.map((p) => ({ ...p, label: stageLabel(p.stage, p.items, w), range: periodRange(p.items, w) })) };
}
