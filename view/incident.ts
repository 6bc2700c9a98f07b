import { LEAD_ROLES, type RecommendationAudience, type RecommendationStatus } from "@/domain/record/constants";
import type { ContextFact } from "@/domain/record/collections/context";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Figure } from "@/domain/record/collections/figures";
import type { Finding } from "@/domain/record/collections/findings";
import type { Reaction } from "@/domain/record/collections/reactions";
import type { Recommendation } from "@/domain/record/collections/recommendations";
import type { IncidentRecord } from "@/domain/record/record";
import type { Source } from "@/domain/record/collections/sources";
import { type AffectedView, affectedView } from "./affected";
import { type DurationPanel, type DurationRow, contestedPairs, durationPanels, durationRows } from "./durations";
import { formatLongDate, servedSources } from "./format";
import { listWords } from "./list-words";
import { type Timeline, type TimelineEvent, buildTimeline } from "./timeline";
import { type UpdateView, updatesView } from "./updates";
import { type RecordLanguages, languagesOf } from "@/domain/record/translation-overlay";

// The one view model of an incident: the page, the HTML and Markdown exports and the feed read it,
// so they show the same sections, figures and lengths in the same order.

/** An event on the timeline, with the sources it cites. */
export type CitedEvent = TimelineEvent & { cites: number[] };

export type LeadFact =
  | { term: string; kind: "prose"; text: string; field: "impact" | "cause" }
  | { term: string; kind: "attack"; answer: "Yes" | "No" | "Not established"; note: string | null }
  | { term: string; kind: "duration"; row: DurationRow; disputes: DurationRow[] };

export type AdviceGroup = { id: string; title: string; items: Recommendation[] };

export type SectionView =
  | { id: "updates"; title: string; updates: UpdateView[] }
  | { id: "figures"; title: string; figures: Figure[] }
  | { id: "timeline"; title: string; timeline: Timeline<CitedEvent> }
  | { id: "durations"; title: string; rows: DurationRow[]; panels: DurationPanel[]; pairs: Array<{ claim: DurationRow; other: DurationRow }> }
  | { id: "affected"; title: string; affected: AffectedView }
  | { id: "assessments"; title: string; findings: Finding[]; assessors: string[]; reactions: Reaction[] }
  | { id: "advice"; title: string; groups: AdviceGroup[] }
  | { id: "context"; title: string; topics: Array<{ topic: string; facts: ContextFact[] }> }
  | { id: "sources"; title: string; sources: Source[] };

export type IncidentView = {
  slug: string;
  title: string;
  /** Provider · service · model. */
  what: string;
  kind: string | null;
  status: string;
  severity: string | null;
  summary: string;
  cites: number[];
  impact: string;
  updatedAt: string;
  /** The incident's own fields as shown, each text with its note on its language (record-text.tsx reads them). */
  incident: IncidentRecord["incident"];
  /** What the page says of the record's languages; null when it is all in the page's own. */
  languages: RecordLanguages | null;
  lead: LeadFact[];
  /** Accounts can be checked: a list with its rows is published (not none, not counts only). */
  lookup: boolean;
  /** In page order; a section with nothing in it is left out, except the affected list's, which says there is none. */
  sections: SectionView[];
};

const ADVICE: Array<{ audience: RecommendationAudience; title: string; id: string }> = [
  { audience: "tenant", title: "What tenants should do", id: "advice-tenants" },
  { audience: "provider", title: "What the provider changed", id: "advice-remediation" },
  { audience: "watch", title: "What to watch next", id: "advice-watch" },
];

export const STATUS_LABEL: Record<RecommendationStatus, string> = { advised: "advised", done: "done", "in-progress": "in progress", open: "open" };

/** Items in first-seen order of their key. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Array<{ key: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

function leadFacts(record: IncidentRecord, rows: DurationRow[]): LeadFact[] {
  const i = record.incident;
  const facts: LeadFact[] = [
    { term: "Impact", kind: "prose", text: i.impact, field: "impact" },
    { term: "Cause", kind: "prose", text: i.cause, field: "cause" },
  ];
  // Whether it was an attack is shown once someone with standing has said, or a note says why not yet.
  if (i.isAttack !== null || i.attackNote) facts.push({ term: "Attack", kind: "attack", answer: i.isAttack === null ? "Not established" : i.isAttack ? "Yes" : "No", note: i.attackNote });
  for (const role of LEAD_ROLES) {
    const row = rows.find((r) => r.role === role);
    if (row) facts.push({ term: row.label, kind: "duration", row, disputes: rows.filter((r) => r.contests === row.key) });
  }
  return facts;
}

/** An incident as the views read it: its record, when it last changed, its list's counts (null: none published). */
export type StoredRecord = { record: IncidentRecord; updatedAt: string; affected: { rows: boolean; summary: AffectedSummary } | null };

export function incidentView(stored: StoredRecord): IncidentView {
  const { record } = stored;
  const i = record.incident;
  const rows = durationRows(record);
  const events = record.events.map((e, n) => ({ ...e, id: n, position: n }));
  const groups = ADVICE.map((g) => ({ id: g.id, title: g.title, items: record.recommendations.filter((r) => r.audience === g.audience) })).filter((g) => g.items.length > 0);
  const all: Array<SectionView | null> = [
    record.updates.length ? { id: "updates", title: "Updates", updates: updatesView(record.updates) } : null,
    record.figures.length ? { id: "figures", title: "In numbers", figures: record.figures } : null,
    events.length ? { id: "timeline", title: "Timeline", timeline: buildTimeline(events) } : null,
    rows.length ? { id: "durations", title: "How long", rows, panels: durationPanels(rows), pairs: contestedPairs(rows) } : null,
    stored.affected ? { id: "affected", title: `Affected ${listWords(record.affectedShape).unitMany}`, affected: affectedView(record, stored.affected) } : null,
    record.findings.length || record.reactions.length
      ? {
          id: "assessments",
          title: "Assessments",
          findings: record.findings,
          assessors: [...new Set(record.findings.map((f) => `${f.assessor}, ${formatLongDate(f.assessedOn)}`))],
          reactions: record.reactions,
        }
      : null,
    groups.length ? { id: "advice", title: "What to do", groups } : null,
    record.context.length
      ? { id: "context", title: i.contextTitle ?? "Context", topics: groupBy(record.context, (f) => f.topic).map((g) => ({ topic: g.key, facts: g.items })) }
      : null,
    record.sources.length ? { id: "sources", title: "Sources", sources: servedSources(record.sources) } : null,
  ];
  return {
    slug: i.slug,
    title: i.title,
    what: [i.provider, i.service, i.model].filter((x): x is string => x !== null).join(" · "),
    kind: i.kind,
    status: i.status,
    severity: i.severity,
    summary: i.summary,
    cites: i.cites,
    impact: i.impact,
    updatedAt: stored.updatedAt,
    incident: i,
    languages: languagesOf(record),
    lead: leadFacts(record, rows),
    lookup: stored.affected?.rows === true,
    sections: all.filter((s): s is SectionView => s !== null),
  };
}
