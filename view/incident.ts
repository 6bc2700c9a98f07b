import { LEAD_ROLES, type RecommendationAudience, type RecommendationStatus } from "@/domain/record/constants";
import type { ContextFact } from "@/domain/record/collections/context";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Figure } from "@/domain/record/collections/figures";
import type { Finding } from "@/domain/record/collections/findings";
import type { Reaction } from "@/domain/record/collections/reactions";
import type { Recommendation } from "@/domain/record/collections/recommendations";
import type { IncidentRecord } from "@/domain/record/record";
import type { Source } from "@/domain/record/collections/sources";
import type { Locale } from "@/i18n/locales";
import { type AffectedView, affectedView } from "./affected";
import { type DurationPanel, type DurationRow, contestedPairs, durationPanels, durationRows } from "./durations";
import { formatLongDate, servedSources } from "./format";
import { listWords } from "./list-words";
import { type Timeline, type TimelineEvent, buildTimeline } from "./timeline";
import { type UpdateView, updatesView } from "./updates";
import { type RecordLanguages, languagesOf } from "@/domain/record/translation-overlay";
import { type Wording, wording } from "./words";

// The one view model of an incident: the page, the HTML and Markdown exports and the feed read it,
// so they show the same sections, figures and lengths in the same order.

/** An event on the timeline, with the sources it cites. */
export type CitedEvent = TimelineEvent & { cites: number[] };

export type LeadFact =
  | { term: string; kind: "prose"; text: string; field: "impact" | "cause" }
  | { term: string; kind: "attack"; answer: string; note: string | null }
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
  /** The language the view is written in (its words, dates and lengths); the record's own texts are as stored. */
  locale: Locale;
  slug: string;
  title: string;
  /** Provider · service · model. */
  what: string;
  kind: string | null;
  status: string;
  severity: string | null;
  /** The status and severity as the page's tags say them: "resolved", "severity: high". */
  statusLabel: string;
  severityLabel: string | null;
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

const ADVICE: Array<{ audience: RecommendationAudience; title: "tenants" | "remediation" | "watch" }> = [
  { audience: "tenant", title: "tenants" },
  { audience: "provider", title: "remediation" },
  { audience: "watch", title: "watch" },
];

/** A recommendation's status as a reader reads it: "in progress", "в работе". */
export const statusLabel = (status: RecommendationStatus, locale: Locale): string =>
  wording(locale).t("record.advice.status", { status: status === "in-progress" ? "inProgress" : status });

/** Items in first-seen order of their key. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Array<{ key: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

function leadFacts(record: IncidentRecord, rows: DurationRow[], { t }: Wording): LeadFact[] {
  const i = record.incident;
  const facts: LeadFact[] = [
    { term: t("record.lead.impact"), kind: "prose", text: i.impact, field: "impact" },
    { term: t("record.lead.cause"), kind: "prose", text: i.cause, field: "cause" },
  ];
  // Whether it was an attack is shown once someone with standing has said, or a note says why not yet.
  const answer = t("record.lead.answer", { answer: i.isAttack === null ? "unknown" : i.isAttack ? "yes" : "no" });
  if (i.isAttack !== null || i.attackNote) facts.push({ term: t("record.lead.attack"), kind: "attack", answer, note: i.attackNote });
  for (const role of LEAD_ROLES) {
    const row = rows.find((r) => r.role === role);
    if (row) facts.push({ term: row.label, kind: "duration", row, disputes: rows.filter((r) => r.contests === row.key) });
  }
  return facts;
}

/** An incident as the views read it: its record, when it last changed, its list's counts (null: none published). */
export type StoredRecord = { record: IncidentRecord; updatedAt: string; affected: { rows: boolean; summary: AffectedSummary } | null };

/** The sections in page order, each titled in the page's language; a section with nothing in it is left out. */
function sectionsOf(stored: StoredRecord, rows: DurationRow[], w: Wording): SectionView[] {
  const { record } = stored;
  const { t, locale } = w;
  const title = (id: Exclude<SectionView["id"], "affected">) => t(`record.sections.${id}`);
  const events = record.events.map((e, n) => ({ ...e, id: n, position: n }));
  const groups = ADVICE.map((g) => ({ id: `advice-${g.title}`, title: t(`record.advice.${g.title}`), items: record.recommendations.filter((r) => r.audience === g.audience) })).filter((g) => g.items.length > 0);
  const all: Array<SectionView | null> = [
    record.updates.length ? { id: "updates", title: title("updates"), updates: updatesView(record.updates, locale) } : null,
    record.figures.length ? { id: "figures", title: title("figures"), figures: record.figures } : null,
    events.length ? { id: "timeline", title: title("timeline"), timeline: buildTimeline(events, locale) } : null,
    rows.length ? { id: "durations", title: title("durations"), rows, panels: durationPanels(rows), pairs: contestedPairs(rows) } : null,
    stored.affected
      ? { id: "affected", title: t("record.sections.affected", { unit: listWords(record.affectedShape).unitMany }), affected: affectedView(record, stored.affected, locale) }
      : null,
    record.findings.length || record.reactions.length
      ? {
          id: "assessments",
          title: title("assessments"),
          findings: record.findings,
          assessors: [...new Set(record.findings.map((f) => `${f.assessor}, ${formatLongDate(f.assessedOn, locale)}`))],
          reactions: record.reactions,
        }
      : null,
    groups.length ? { id: "advice", title: title("advice"), groups } : null,
    record.context.length
      ? { id: "context", title: record.incident.contextTitle ?? title("context"), topics: groupBy(record.context, (f) => f.topic).map((g) => ({ topic: g.key, facts: g.items })) }
      : null,
    record.sources.length ? { id: "sources", title: title("sources"), sources: servedSources(record.sources) } : null,
  ];
  return all.filter((s): s is SectionView => s !== null);
}

/** The incident in the page's language: its words, dates and lengths; the record's own texts as they are stored. */
export function incidentView(stored: StoredRecord, locale: Locale): IncidentView {
  const { record } = stored;
  const i = record.incident;
  const w = wording(locale);
  const rows = durationRows(record, locale);
  return {
    locale,
    slug: i.slug,
    title: i.title,
    what: [i.provider, i.service, i.model].filter((x): x is string => x !== null).join(" · "),
    kind: i.kind,
    status: i.status,
    severity: i.severity,
    statusLabel: w.t("record.incident.status", { status: i.status }),
    severityLabel: i.severity ? w.t("record.incident.severity", { severity: i.severity }) : null,
    summary: i.summary,
    cites: i.cites,
    impact: i.impact,
    updatedAt: stored.updatedAt,
    incident: i,
    languages: languagesOf(record),
    lead: leadFacts(record, rows, w),
    lookup: stored.affected?.rows === true,
    sections: sectionsOf(stored, rows, w),
  };
}
