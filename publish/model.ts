import type { RecommendationAudience, RecommendationStatus } from "@/domain/record/constants";
import { spanBetween, spanToMinutes } from "@/lib/durations";
import { formatPreciseTime, formatPreciseTimeShort, parsePreciseTime } from "@/lib/precise-time";
import { buildTimeline, type Timeline } from "@/view/timeline";
import type { Duration } from "@/domain/record/duration";
import type { Event } from "@/domain/record/event";
import type { Source } from "@/domain/record/source";
import type { IncidentDocument } from "./document";

// What the HTML and Markdown renderers share, so both carry the same facts in the same order.

/** The live page's sections: ids (each heading is `${id}-heading`) and heading texts, in order. */
export const SECTIONS = [
  { id: "lead", title: "What happened" },
  { id: "figures", title: "In numbers" },
  { id: "timeline", title: "Timeline" },
  { id: "durations", title: "How long" },
  { id: "affected", title: "Affected responses" },
  { id: "assessments", title: "Assessments" },
  { id: "advice", title: "What to do" },
  { id: "context", title: "The model" },
  { id: "sources", title: "Sources" },
] as const;
export type SectionId = (typeof SECTIONS)[number]["id"];

export type TokenLine = { tokens: number; label: string };
export type RenderOptions = { tokenLines?: TokenLine[] };

export type DurationRow = {
  key: string;
  label: string;
  countedBy: string;
  method: string;
  note: string | null;
  contests: string | null;
  cites: number[];
  from: Event | null;
  to: Event | null;
  length: string;
  /** A rounder reading where it adds something ("about 7 weeks"); never beside a minute-exact length. */
  approx: string | null;
  /** The length with its rounder reading where that adds something: "47 days (about 7 weeks)". */
  display: string;
  basis: string;
  minutes: number;
  /** Same split as the live page: minute-known and short stated lengths apart from day-scale ones. */
  scale: "hours" | "days";
  /** Shortest and longest length the endpoints' precision allows, in minutes (the chart's whiskers). */
  range: { min: number; max: number };
};

const DAY_MINUTES = 1440;

/** The document's computed lengths joined to the record's claims; a length without its claim is an invalid document. */
export function durationRows(doc: IncidentDocument): DurationRow[] {
  const claims = new Map<string, Duration>(doc.record.durations.map((d) => [d.key, d]));
  const events = new Map(doc.record.events.map((e) => [e.key, e]));
  return doc.computed.durations.map((c) => {
    const claim = claims.get(c.key);
    if (!claim) throw new Error(`computed duration "${c.key}" has no claim in the record`);
    const from = claim.kind === "interval" ? (events.get(claim.from) ?? null) : null;
    const to = claim.kind === "interval" ? (events.get(claim.to) ?? null) : null;
    const span = from && to ? spanBetween(from, to) : null;
    return {
      key: c.key,
      label: claim.label,
      countedBy: claim.countedBy,
      method: claim.method,
      note: claim.note,
      contests: claim.contests,
      cites: claim.cites,
      from,
      to,
      length: c.length,
      approx: c.approx && c.basis !== "minute" ? c.approx : null,
      display: c.approx && c.basis !== "minute" ? `${c.length} (${c.approx})` : c.length,
      basis: c.basis,
      minutes: c.minutes,
      scale: c.basis === "minute" || (c.basis === "stated" && c.minutes < 2 * DAY_MINUTES) ? "hours" : "days",
      range: span ? spanToMinutes(span) : { min: c.minutes, max: c.minutes },
    };
  });
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
export function rowRange(row: DurationRow, short = false): string | null {
  if (!row.from || !row.to) return null;
  const f = short ? formatPreciseTimeShort : formatPreciseTime;
  return `${f(row.from)} ${short ? "→" : "–"} ${f(row.to)}`;
}

/** The live page's timeline: periods, gaps and same-day notes, from the record's events in stored order. */
export function timelineOf(doc: IncidentDocument): { timeline: Timeline; cites: Map<number, number[]> } {
  const events = doc.record.events.map((e, i) => ({ ...e, id: i, position: i }));
  return { timeline: buildTimeline(events), cites: new Map(events.map((e) => [e.id, e.cites])) };
}

/** "26 Oct 2026", the sources' date style. */
export const formatSourceDate = (iso: string) => formatPreciseTimeShort({ at: iso, precision: "day" });

/** "17 September 2026". */
export const formatLongDate = (iso: string) => formatPreciseTime({ at: iso, precision: "day" });

/** 1048576 → "1,048,576", without Intl so every machine prints the same bytes. */
export function formatCount(n: number): string {
  const [whole = "0", frac] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** 650000 → "650K", 1050000 → "1.05M". */
export function formatTokens(n: number): string {
  if (n === 0) return "0";
  if (n >= 1_000_000) return `${Math.round(n / 10_000) / 100}M`;
  return `${Math.round(n / 1000)}K`;
}

/** "Publisher, Author" (author only when it differs), date, and whether a link is known. */
export function sourceByline(s: Source): string {
  const author = s.author && s.author !== s.publisher ? `, ${s.author}` : "";
  return `${s.publisher}${author} · ${formatSourceDate(s.publishedOn)}${s.url ? "" : " · no link known"}`;
}

/** Only http(s) links are followed; anything else (javascript:, data:) is shown as text. */
export const isLinkable = (url: string | null): url is string => url !== null && /^https?:\/\/[^\s<>"']+$/i.test(url);

export const ADVICE_GROUPS: Array<{ audience: RecommendationAudience; title: string; id: string }> = [
  { audience: "tenant", title: "What tenants should do", id: "advice-tenants" },
  { audience: "provider", title: "What the provider changed", id: "advice-remediation" },
  { audience: "watch", title: "What to watch next", id: "advice-watch" },
];

export const STATUS_LABEL: Record<RecommendationStatus, string> = {
  advised: "advised",
  done: "done",
  "in-progress": "in progress",
  open: "open",
};

/** Topics in first-seen order, each with its facts. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Array<{ key: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

/** "155 sample affected responses: 121 where …". */
export function affectedSentence(a: NonNullable<IncidentDocument["affected"]>): string {
  return (
    `${formatCount(a.total)} ${a.sample ? "sample" : "recorded"} affected responses: ` +
    `${formatCount(a.byRole.recipient)} where the account received fragments of another tenant's session, ` +
    `${formatCount(a.byRole.exposed)} where the account's own session appeared in another's response.`
  );
}

export const NO_AFFECTED = "There is no affected-response count on record for this incident.";

/** What a section says while it has nothing yet: the page and both exports say the same. */
export const NONE_ON_RECORD = {
  figures: "No figures on record.",
  events: "No events on record.",
  durations: "No durations on record.",
  assessments: "No assessments on record.",
  advice: "No advice on record.",
  context: "No context on record.",
  sources: "No sources on record.",
} as const;

/** Token thresholds inside (by tokens, as drawn, so legend and lines match) and outside the histogram's range. */
export function splitTokenLines(buckets: NonNullable<IncidentDocument["affected"]>["promptTokens"], lines: TokenLine[]) {
  const low = buckets[0]?.from ?? 0;
  const high = buckets.at(-1)?.to ?? 0;
  const inside = lines.filter((l) => l.tokens >= low && l.tokens <= high).sort((a, b) => a.tokens - b.tokens);
  const outside = lines.filter((l) => !inside.includes(l));
  return { low, high, inside, outside };
}

/**
 * The latest dated event's start as an RFC 3339 date-time. A day (or month, year) precision date
 * becomes midnight UTC of its first day: the feed needs an instant, and that one invents no time.
 * An incident with no dated event falls back to its newest source's date.
 */
export function latestUpdate(doc: IncidentDocument): string {
  let best = -Infinity;
  for (const e of doc.record.events) best = Math.max(best, parsePreciseTime(e)?.startMs ?? -Infinity);
  if (best === -Infinity) {
    for (const s of doc.record.sources) best = Math.max(best, Date.parse(`${s.publishedOn}T00:00:00Z`));
  }
  return best === -Infinity ? "1970-01-01T00:00:00Z" : new Date(best).toISOString().replace(/\.\d{3}Z$/, "Z");
}
