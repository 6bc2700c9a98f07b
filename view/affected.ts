import type { AffectedSummary } from "@/domain/record/affected";
import type { IncidentRecord } from "@/domain/record/record";
import { formatSourceDate, shortDay } from "./format";
import { formatCount } from "@/lib/count";
import { type ListWords, listWords } from "./list-words";

export type DayCount = { day: string; label: string; recipient: number; exposed: number; total: number };
export type Threshold = { at: number; label: string };
export type Bucket = { from: number; to: number; count: number };

/** A published affected list as every surface shows it: counts only. An incident without one has no such section. */
export type AffectedView = {
  state: "list";
  /** The incident's words for the list (its shape). */
  words: ListWords;
  sample: boolean;
  note: string | null;
  total: number;
  byRole: { recipient: number; exposed: number };
  perDay: { days: DayCount[]; window: { from: string; to: string; label: string } | null; peak: DayCount | null };
  histogram: { bucket: number; buckets: Bucket[]; low: number; high: number; inside: Threshold[]; outside: Threshold[] } | null;
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every UTC day from `from` to `to`, with the counts of the days that have any. */
export function fillDays(counts: AffectedSummary["perDay"], from: string, to: string): DayCount[] {
  const byDay = new Map(counts.map((d) => [d.day, d]));
  const days: DayCount[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = dayOf(t);
    const c = byDay.get(day) ?? { recipient: 0, exposed: 0 };
    days.push({ day, label: shortDay(day), recipient: c.recipient, exposed: c.exposed, total: c.recipient + c.exposed });
  }
  return days;
}

/** The UTC days of the incident's exposure window, when it has one dated to the day or the minute. */
export function exposureWindow(record: IncidentRecord): { from: string; to: string } | null {
  const claim = record.durations.find((d) => d.role === "exposure");
  if (!claim || claim.kind !== "interval") return null;
  const day = (key: string) => {
    const e = record.events.find((x) => x.key === key);
    return e?.at && (e.precision === "day" || e.precision === "minute") ? e.at.slice(0, 10) : null;
  };
  const from = day(claim.from);
  const to = day(claim.to);
  return from && to && from <= to ? { from, to } : null;
}

/** Figures marked as thresholds: the prompt lengths the chart draws lines at, lowest first. */
export function thresholdsOf(record: IncidentRecord): Threshold[] {
  return record.figures
    .flatMap((f) => (f.threshold === null ? [] : [{ at: f.threshold, label: `${f.label}: ${f.value}` }]))
    .sort((a, b) => a.at - b.at);
}

export function affectedView(record: IncidentRecord, list: { rows: boolean; summary: AffectedSummary }): AffectedView {
  const s = list.summary;
  const window = exposureWindow(record);
  const first = s.perDay[0]?.day;
  const last = s.perDay.at(-1)?.day;
  // The days drawn span the window and every day with a response, so nothing falls outside.
  const from = [window?.from, first].filter((d): d is string => d !== undefined).sort()[0];
  const to = [window?.to, last].filter((d): d is string => d !== undefined).sort().at(-1);
  const days = from && to ? fillDays(s.perDay, from, to) : [];
  const peak = days.reduce<DayCount | null>((best, d) => (d.total > (best?.total ?? 0) ? d : best), null);
  let histogram: Extract<AffectedView, { state: "list" }>["histogram"] = null;
  if (s.promptTokens && s.promptTokens.counts.length > 0) {
    const { bucket, counts } = s.promptTokens;
    const low = counts[0]?.from ?? 0;
    const high = (counts.at(-1)?.from ?? 0) + bucket;
    const byFrom = new Map(counts.map((b) => [b.from, b.count]));
    const buckets: Bucket[] = [];
    for (let b = low; b < high; b += bucket) buckets.push({ from: b, to: b + bucket, count: byFrom.get(b) ?? 0 });
    const lines = thresholdsOf(record);
    histogram = { bucket, buckets, low, high, inside: lines.filter((l) => l.at >= low && l.at <= high), outside: lines.filter((l) => l.at < low || l.at > high) };
  }
  return {
    state: "list",
    words: listWords(record.affectedShape),
    sample: s.sample,
    note: s.note,
    total: s.total,
    byRole: s.byRole,
    perDay: { days, window: window ? { ...window, label: `${formatSourceDate(window.from)} – ${formatSourceDate(window.to)}` } : null, peak },
    histogram,
  };
}

/** The exposed side's count; a list with none says "none recorded", not a count it does not make. */
export const exposedCount = (n: number): string => (n > 0 ? formatCount(n) : "none recorded");

/** "155 sample affected rows: received …, 121; …, none recorded.", in the list's own words. */
export function affectedSentence(a: Extract<AffectedView, { state: "list" }>): string {
  const w = a.words;
  const role = (key: "recipient" | "exposed") => `${w.roles[key] ?? key}, ${a.byRole[key] > 0 ? formatCount(a.byRole[key]) : "none recorded"}`;
  return `${formatCount(a.total)} ${a.sample ? "sample" : "recorded"} affected ${w.unitMany}: ${role("recipient")}; ${role("exposed")}.`;
}
