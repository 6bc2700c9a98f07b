import { untranslatedLang } from "@/domain/record/translation-overlay";
import type { AffectedSummary } from "@/domain/record/affected";
import type { IncidentRecord } from "@/domain/record/record";
import type { Locale } from "@/i18n/locales";
import { formatSourceDate, shortDay } from "./format";
import { formatCount } from "@/lib/count";
import { type ListWords, listWords, measureWords } from "./list-words";
import { wording } from "./words";

export type DayCount = { day: string; label: string; byRole: Record<string, number>; total: number };
export type Threshold = { at: number; label: string };
export type Bucket = { from: number; to: number; count: number };
/** A role or a data class with its count and label, in the shape's order. */
export type KeyCount = { key: string; label: string; count: number };
export type MeasureView = { key: string; heading: string; name: string; unit: string; bucket: number; buckets: Bucket[]; low: number; high: number; inside: Threshold[]; outside: Threshold[] };

/** A published affected list as every surface shows it: counts only. An incident without one has no such section. */
export type AffectedView = {
  state: "list";
  /** The incident's words for the list (its shape). */
  words: ListWords;
  sample: boolean;
  note: string | null;
  /** The note's language when it is not the page's: the list's note has no translation (translation-overlay.ts). */
  noteLang: Locale | null;
  total: number;
  /** Every role of the shape, none recorded included. */
  roles: KeyCount[];
  /** Every data class of the shape; empty when it has none. */
  classes: KeyCount[];
  /** Empty when the rows carry no time. */
  perDay: { days: DayCount[]; window: { from: string; to: string; label: string } | null; peak: DayCount | null };
  /** One per measure the rows carry. */
  measures: MeasureView[];
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every UTC day from `from` to `to`, with the counts of the days that have any. */
export function fillDays(counts: AffectedSummary["perDay"], from: string, to: string, locale: Locale): DayCount[] {
  const byDay = new Map(counts.map((d) => [d.day, d]));
  const days: DayCount[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = dayOf(t);
    const byRole = byDay.get(day)?.byRole ?? {};
    days.push({ day, label: shortDay(day, locale), byRole, total: Object.values(byRole).reduce((n, c) => n + c, 0) });
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

/** Figures marked as thresholds: the values the first measure's chart draws lines at, lowest first. */
// A threshold's label is the record's own words (its figure's label and value).
export function thresholdsOf(record: IncidentRecord): Threshold[] {
  return record.figures
    .flatMap((f) => (f.threshold === null ? [] : [{ at: f.threshold, label: `${f.label}: ${f.value}` }]))
    .sort((a, b) => a.at - b.at);
}

/** The list's counts; its words (unit, roles, classes, measures) are the record's, as its shape gives them. */
export function affectedView(record: IncidentRecord, list: { rows: boolean; summary: AffectedSummary }, locale: Locale): AffectedView {
  const s = list.summary;
  const window = exposureWindow(record);
  const first = s.perDay[0]?.day;
  const last = s.perDay.at(-1)?.day;
  // The days drawn span the window and every day with a response, so nothing falls outside.
  const from = [window?.from, first].filter((d): d is string => d !== undefined).sort()[0];
  const to = [window?.to, last].filter((d): d is string => d !== undefined).sort().at(-1);
  // Rows without a time are on no day: then there is no chart of days at all, not a window of zeros.
  const days = s.perDay.length > 0 && from && to ? fillDays(s.perDay, from, to, locale) : [];
  const peak = days.reduce<DayCount | null>((best, d) => (d.total > (best?.total ?? 0) ? d : best), null);
  const words = listWords(record.affectedShape);
  const lines = thresholdsOf(record);
  const measures = s.measures.flatMap((m, i): MeasureView[] => {
    if (m.counts.length === 0) return [];
    const low = m.counts[0]?.from ?? 0;
    const high = (m.counts.at(-1)?.from ?? 0) + m.bucket;
    const byFrom = new Map(m.counts.map((b) => [b.from, b.count]));
    const buckets: Bucket[] = [];
    for (let b = low; b < high; b += m.bucket) buckets.push({ from: b, to: b + m.bucket, count: byFrom.get(b) ?? 0 });
    const mine = i === 0 ? lines : [];
    const inside = mine.filter((l) => l.at >= low && l.at <= high);
    return [{ key: m.key, ...measureWords(words, m.key), bucket: m.bucket, buckets, low, high, inside, outside: mine.filter((l) => !inside.includes(l)) }];
  });
  const counted = (labels: Record<string, string>, counts: Record<string, number>): KeyCount[] =>
    [...new Set([...Object.keys(labels), ...Object.keys(counts)])].map((key) => ({ key, label: labels[key] ?? key, count: counts[key] ?? 0 }));
  return {
    state: "list",
    words,
    sample: s.sample,
    note: s.note,
    noteLang: s.note ? untranslatedLang(record) : null,
    total: s.total,
    roles: counted(words.roles, s.byRole),
    classes: counted(words.classes, s.byClass),
    perDay: { days, window: window ? { ...window, label: `${formatSourceDate(window.from, locale)} – ${formatSourceDate(window.to, locale)}` } : null, peak },
    measures,
  };
}

/** A count that may be none: a list with none says "none recorded", not a count it does not make. */
export const countOrNone = (n: number, locale: Locale): string => (n > 0 ? formatCount(n, locale) : wording(locale).t("record.affected.none"));

/** "155 sample affected rows: received …, 121; …, none recorded.", with the list's own words. */
export function affectedSentence(a: AffectedView, locale: Locale): string {
  const { t } = wording(locale);
  const roles = a.roles.map((r) => t("record.affected.roleCount", { label: r.label, count: countOrNone(r.count, locale) })).join("; ");
  return t("record.affected.sentence", { total: formatCount(a.total, locale), sample: a.sample ? "yes" : "no", unit: a.words.unitMany, roles });
}
