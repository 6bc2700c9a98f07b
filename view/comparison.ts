import type { DurationRole } from "@/domain/record/constants";
import type { IncidentRecord } from "@/domain/record/record";
import type { Locale } from "@/i18n/locales";
import { type ChartUnit, type DurationRow, durationRows, inUnit, rowRange, unitFor } from "./durations";
import { formatCount } from "@/lib/count";
import { wording } from "./words";

/** The measures compared across incidents, in the order an incident runs through them; each named in the page's language by comparisonView. */
export const COMPARED: ReadonlyArray<{ role: DurationRole }> = [{ role: "detection" }, { role: "declaration" }, { role: "exposure" }, { role: "outage" }, { role: "report" }];

export type ComparedIncident = { slug: string; title: string; provider: string };
/** One incident's length for one measure, at its own precision: null when its record has none. */
export type ComparedCell = {
  incident: ComparedIncident;
  row: DurationRow | null;
  range: string | null;
  between: string | null;
  /** Other counts of the same length that dispute it (a stated "about 20 hours"): shown beside it, never dropped. */
  disputes: DurationRow[];
};
/** `cells`: every incident shown, for the table; `charted`: those its chart draws (the newest few that record it, or every chosen one). */
export type ComparedMeasure = { role: DurationRole; label: string; what: string; unit: ChartUnit | null; cells: ComparedCell[]; charted: ComparedCell[] };

/** "12–14 days": what the dates' precision allows, in the measure's unit; null when it is exact. */
function rangeText(row: DurationRow, unit: ChartUnit, locale: Locale): string | null {
  if (row.range.max <= row.range.min) return null;
  const count = (minutes: number) => formatCount(inUnit(minutes, unit), locale);
  return wording(locale).t("record.unit.range", { from: count(row.range.min), to: count(row.range.max), unit: unit.name });
}

/**
 * Every measure for every incident, newest incident first (the order given), missing ones kept as
 * missing; `charted` names per role the incidents its chart draws (all of them when null).
 */
export function comparisonView(records: IncidentRecord[], charted: Record<string, string[]> | null, locale: Locale): ComparedMeasure[] {
  const { t } = wording(locale);
  const rows = records.map((r) => ({ incident: { slug: r.incident.slug, title: r.incident.title, provider: r.incident.provider }, rows: durationRows(r, locale) }));
  return COMPARED.map(({ role }) => {
    const m = { role, label: t("public.compare.measure", { role }), what: t("public.compare.what", { role }) };
    const found = rows.map(({ incident, rows: own }) => {
      const row = own.find((r) => r.role === m.role) ?? null;
      return { incident, row, disputes: row ? own.filter((r) => r.contests === row.key) : [] };
    });
    const present = found.flatMap((f) => (f.row ? [f.row, ...f.disputes] : []));
    const unit = present.length ? unitFor(Math.max(...present.map((r) => Math.max(r.minutes, r.range.max)))) : null;
    const cells = found.map(({ incident, row, disputes }) => ({
      incident,
      row,
      disputes,
      range: row && unit ? rangeText(row, unit, locale) : null,
      between: row ? rowRange(row, locale, true) : null,
    }));
    const drawn = charted?.[m.role];
    return { ...m, unit, cells, charted: drawn ? cells.filter((c) => drawn.includes(c.incident.slug)) : cells };
  });
}
