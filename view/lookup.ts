import type { AffectedSummary } from "@/domain/record/affected";
import type { Recommendation } from "@/domain/record/collections/recommendations";
import { type AffectedShape, describeForm } from "@/domain/record/affected-shape";
import type { IncidentRecord } from "@/domain/record/record";
import { capitalize } from "@/lib/words";
import { type ListWords, listWords } from "./list-words";

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
  words: LookupWords;
};

/** How the lookup names what it checks, in the incident's own words (its list's shape); plain words where it has no shape. */
export type LookupWords = ListWords & {
  account: { label: string; hint: string };
  /** Null: the list's rows carry no request ids, so they cannot prove an account. */
  requests: { label: string; hint: string } | null;
};

const FROM_LOGS = "From your own logs: the ids of your requests as the provider issued them. Only these requests are checked, and only they are shown.";

export function lookupWords(shape: AffectedShape | null): LookupWords {
  const list = listWords(shape);
  if (!shape) return { ...list, account: { label: "Account id", hint: "As your provider issued it." }, requests: { label: "Request ids", hint: FROM_LOGS } };
  return {
    ...list,
    account: { label: capitalize(shape.account.name), hint: `${capitalize(describeForm(shape.account.form))}, like ${shape.account.example}.` },
    requests: shape.requestIds ? { label: capitalize(shape.requestIds.many), hint: `${FROM_LOGS} ${shape.requestIds.where}` } : null,
  };
}

export function lookupView(stored: { record: IncidentRecord; affected: { rows: boolean; summary: AffectedSummary } | null }): LookupView {
  const { record, affected } = stored;
  return {
    words: lookupWords(record.affectedShape),
    slug: record.incident.slug,
    title: record.incident.title,
    provider: record.incident.provider,
    list: !affected ? "none" : affected.rows ? "list" : "counts-only",
    sample: affected?.summary.sample ?? false,
    note: affected?.summary.note ?? null,
    total: affected?.summary.total ?? 0,
    // What the lookup itself does is not advice on its own page.
    advice: record.recommendations.filter((r) => r.audience === "tenant" && !r.answeredByLookup),
  };
}
