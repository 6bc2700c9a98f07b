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

/** Why a lookup link proved nothing, as the API's problem and the page's notice both say it. */
export const LINK_REFUSED = {
  invalid: "This lookup link is not valid: it was changed, cut short, or revoked. Copy the whole link from the notice, or ask your provider for a new one.",
  expired: "This lookup link has expired. Ask your provider for a new one, or check with request ids from your own logs.",
  "other-incident": "This lookup link was made for another incident. Open it from the notice it came in, which names its incident.",
} as const;

/** Why no account can be checked: said so, never "not affected" for want of a list. */
export const NO_LIST = {
  none: "No affected list has been published for this incident, so no account can be checked against it yet, and nothing here says whether yours was affected.",
  "counts-only": "This record carries only the counts of its affected list, not the list itself, so no account can be checked against it.",
} as const;
