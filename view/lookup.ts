import type { AffectedSummary } from "@/domain/record/affected";
import type { Recommendation } from "@/domain/record/collections/recommendations";
import type { IncidentRecord } from "@/domain/record/record";

/** The lookup page's view of an incident: whether a list can be checked, and what to do either way. */
export type LookupView = {
  slug: string;
  title: string;
  provider: string;
  /** "none": no list published; "counts-only": only its counts are here; "list": accounts can be checked. */
  list: "none" | "counts-only" | "list";
  sample: boolean;
  note: string | null;
  total: number;
  advice: Recommendation[];
};

export function lookupView(stored: { record: IncidentRecord; affected: { rows: boolean; summary: AffectedSummary } | null }): LookupView {
  const { record, affected } = stored;
  return {
    slug: record.incident.slug,
    title: record.incident.title,
    provider: record.incident.provider,
    list: !affected ? "none" : affected.rows ? "list" : "counts-only",
    sample: affected?.summary.sample ?? false,
    note: affected?.summary.note ?? null,
    total: affected?.summary.total ?? 0,
    advice: record.recommendations.filter((r) => r.audience === "tenant"),
  };
}
