import { LEAD_ROLES } from "@/domain/record/constants";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Figure } from "@/domain/record/collections/figures";
import type { IncidentRecord } from "@/domain/record/record";
import { latestUpdate } from "@/domain/record/latest";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";
import { durationRows, rowRange } from "./durations";
import { listWords } from "./list-words";
import { updatesView } from "./updates";
import { wording } from "./words";

/** An incident as a list of incidents shows it: the front page, the export's index and the feed. */
export type CardView = {
  slug: string;
  title: string;
  provider: string;
  service: string;
  kind: string | null;
  status: string;
  /** The status as the page's language says it. */
  statusLabel: string;
  /** The exposure window, by its own label, and its dates ("27 Aug 2026 → 9 Sep 2026"); null when the record has none. */
  when: { label: string; range: string } | null;
  impact: string;
  /** The latest dated event (see latestUpdate): what "newest" means. */
  latest: string;
  /** When the record was last edited, to the second (RFC 3339): the feed's `updated`. */
  updated: string;
  figures: Figure[];
  durations: Array<{ key: string; label: string; display: string }>;
  /** The newest posted update ("Monitoring", its time and its words); null when none was posted. */
  news: { label: string; when: string; dateTime: string; body: string } | null;
  /** Null: no affected list has been published. */
  affected: { total: number; sample: boolean; unitMany: string } | null;
};

function exposureOf(rows: ReturnType<typeof durationRows>, locale: Locale): CardView["when"] {
  const row = rows.find((r) => r.role === "exposure");
  const range = row ? rowRange(row, locale, true) : null;
  return row && range ? { label: row.label, range } : null;
}

// A list reads each shown record once per version (db/read/shown.ts), the same object each time:
// its card is made once too (per language), so a list after a write to one incident makes one card, not fifty.
const made = new WeakMap<Stored, Map<Locale, CardView>>();

/** An incident's card in a language (English unless told: the editor's preview). */
export function cardView(stored: Stored, locale: Locale = DEFAULT_LOCALE): CardView {
  const byLocale = made.get(stored) ?? new Map<Locale, CardView>();
  made.set(stored, byLocale);
  const known = byLocale.get(locale);
  if (known) return known;
  const card = makeCard(stored, locale);
  byLocale.set(locale, card);
  return card;
}

function makeCard(stored: Stored, locale: Locale): CardView {
  const { record } = stored;
  const i = record.incident;
  const rows = durationRows(record, locale);
  return {
    slug: i.slug,
    title: i.title,
    provider: i.provider,
    service: i.service,
    kind: i.kind,
    status: i.status,
    statusLabel: wording(locale).t("record.incident.status", { status: i.status }),
    when: exposureOf(rows, locale),
    impact: i.impact,
    latest: latestUpdate(record),
    updated: toSecond(stored.updatedAt),
    figures: record.figures.filter((f) => f.headline),
    news: newsOf(record, locale),
    durations: LEAD_ROLES.flatMap((role) => rows.filter((r) => r.role === role).map((r) => ({ key: r.key, label: r.label, display: r.display }))),
    affected: stored.affected ? { total: stored.affected.summary.total, sample: stored.affected.summary.sample, unitMany: listWords(record.affectedShape).unitMany } : null,
  };
}

function newsOf(record: IncidentRecord, locale: Locale): CardView["news"] {
  const newest = updatesView(record.updates, locale)[0];
  return newest ? { label: newest.label, when: newest.when, dateTime: newest.dateTime, body: newest.body } : null;
}

type Stored = { record: IncidentRecord; updatedAt: string; affected: { summary: AffectedSummary } | null };

const toSecond = (instant: string) => new Date(instant).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Incidents as cards, newest first: the front page, the export's index and the feed. */
export const cardsOf = (stored: readonly Stored[], locale: Locale): CardView[] => newestFirst(stored.map((s) => cardView(s, locale)));

/** Incidents' records, newest first, as the comparison of durations reads them. */
export const newestRecords = (stored: readonly Stored[]): IncidentRecord[] =>
  newestFirst(stored.map((s) => ({ record: s.record, slug: s.record.incident.slug, latest: latestUpdate(s.record) }))).map((s) => s.record);

/** Newest first, then by slug, so a list does not depend on the order it was read in. */
export function newestFirst<T extends { latest: string; slug: string }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => b.latest.localeCompare(a.latest) || a.slug.localeCompare(b.slug));
}
