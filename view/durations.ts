import { type DurationCommon, durationCommon } from "@/domain/record/collections/durations";
import { keepNotes } from "@/domain/record/translation-overlay";
import { type ClaimLength, claimLength } from "@/domain/record/duration-length";
import type { Event } from "@/domain/record/collections/events";
import type { IncidentRecord } from "@/domain/record/record";
import type { Locale } from "@/i18n/locales";
import { wording } from "./words";

export type DurationRow = DurationCommon &
  ClaimLength & {
    from: Event | null;
    to: Event | null;
    /** The length with a rounder reading where that adds something: "47 days (about 7 weeks)". */
    display: string;
    /** Disputes another count (drawn in the second colour). */
    contested: boolean;
  };

/** A unit a chart axis counts in; chosen per panel from its longest bar. */
export type ChartUnit = { name: "minutes" | "hours" | "days" | "years"; minutes: number };
const UNITS: ChartUnit[] = [
  { name: "minutes", minutes: 1 },
  { name: "hours", minutes: 60 },
  { name: "days", minutes: 1440 },
  { name: "years", minutes: 525_960 },
];

/** Minutes for up to two hours, hours for up to two days, days for up to two years, then years. */
export function unitFor(longestMinutes: number): ChartUnit {
  const fits = UNITS.filter((u) => longestMinutes >= 2 * u.minutes);
  return fits.at(-1) ?? (UNITS[0] as ChartUnit);
}

export type DurationPanel = {
  id: "durations-minutes" | "durations-days";
  /** Lengths known to the minute (and short stated ones), or lengths between dates known to the day or coarser. */
  kind: "minute" | "date";
  unit: ChartUnit;
  rows: DurationRow[];
  /** Whiskers for the lengths the dates' precision allows. */
  whiskers: boolean;
  stated: boolean;
};

const DAY = 1440;

/** Every duration of the record with its length in the page's language. */
export function durationRows(record: IncidentRecord, locale: Locale): DurationRow[] {
  const words = wording(locale).span;
  const events = new Map(record.events.map((e) => [e.key, e]));
  const disputed = new Set(record.durations.flatMap((d) => (d.contests ? [d.key, d.contests] : [])));
  return record.durations.map((d) => {
    const from = d.kind === "interval" ? (events.get(d.from) ?? null) : null;
    const to = d.kind === "interval" ? (events.get(d.to) ?? null) : null;
    const c = claimLength(d, from, to, words);
    // A rounder reading is never set beside a minute-exact length.
    const approx = c.approx && c.basis !== "minute" ? c.approx : null;
    return { ...keepNotes(d), ...durationCommon(d), ...c, approx, from, to, display: approx ? `${c.length} (${approx})` : c.length, contested: disputed.has(d.key) && c.basis === "stated" };
  });
}

/** Minute-known lengths and day-scale lengths are drawn apart, each in the unit that fits it. */
export function durationPanels(rows: DurationRow[]): DurationPanel[] {
  const minute = rows.filter((r) => r.basis === "minute" || (r.basis === "stated" && r.minutes < 2 * DAY));
  const date = rows.filter((r) => !minute.includes(r));
  const panel = (id: DurationPanel["id"], kind: DurationPanel["kind"], list: DurationRow[]): DurationPanel => ({
    id,
    kind,
    unit: unitFor(Math.max(...list.map((r) => Math.max(r.minutes, r.range.max)))),
    rows: list,
    whiskers: list.some((r) => r.range.max > r.range.min),
    stated: list.some((r) => r.contested),
  });
  return [...(minute.length ? [panel("durations-minutes", "minute", minute)] : []), ...(date.length ? [panel("durations-days", "date", date)] : [])];
}

/** Claims that dispute another, each beside the one it disputes. */
export function contestedPairs(rows: DurationRow[]): Array<{ claim: DurationRow; other: DurationRow }> {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return rows.flatMap((claim) => {
    const other = claim.contests ? byKey.get(claim.contests) : undefined;
    return other ? [{ claim, other }] : [];
  });
}

/** "27 August 2026 – 9 September 2026", or null for a stated length. */
export function rowRange(row: DurationRow, locale: Locale, short = false): string | null {
  if (!row.from || !row.to) return null;
  const w = wording(locale);
  const f = short ? w.dateShort : w.date;
  return `${f(row.from)} ${short ? "→" : "–"} ${f(row.to)}`;
}

/** A length in a chart's unit, as its axis writes it: "12", "5.7", "0.5". */
export const inUnit = (minutes: number, unit: ChartUnit) => Math.round((minutes / unit.minutes) * 100) / 100;

