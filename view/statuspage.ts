import type { StoredIncident } from "@/db/read/incident";
import { PHASES_BEFORE_IT, type UpdateStatus } from "@/domain/record/constants";
import type { Update } from "@/domain/record/collections/updates";
import {
  type Impact,
  type StatuspageAnswer,
  type StatuspageDocument,
  type StatuspageIncident,
  STATUS_OF_INCIDENT,
  impactOf,
  isUnresolved,
} from "@/domain/statuspage";
import { parsePreciseTime } from "@/lib/precise-time";

/** This site as Statuspage clients know it: its name, and the origin its addresses start with. */
export type StatuspageSite = { name: string; origin: string };
/** A stable page id: clients key a page by it. */
export const PAGE_ID = "aftermath";
/** page.updated_at while nothing is published: the field is required, and this instant says "never". */
const NEVER = "1970-01-01T00:00:00.000Z";

type Shown = Pick<StoredIncident, "slug" | "createdAt" | "updatedAt" | "record" | "ids">;
type Posted = Update & { id: number };

const instant = (text: string) => new Date(text).toISOString();
const minute = (at: string) => new Date(parsePreciseTime({ at, precision: "minute" })?.startMs ?? Number.NaN).toISOString();

/** Its posted updates, newest first; of one minute, the later posted first (row ids rise as they are posted). */
function postedUpdates(stored: Shown): Posted[] {
  return stored.record.updates
    .map((u, i) => {
      const id = stored.ids.updates[i];
      if (id === undefined) throw new Error(`update ${i} of ${stored.slug} has no row id`);
      return { ...u, id };
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
}

/** Statuspage's status of an incident: its newest update's, or, with none posted, its own in Statuspage's words. */
export function statuspageStatusOf(stored: Shown): UpdateStatus {
  return postedUpdates(stored)[0]?.status ?? STATUS_OF_INCIDENT[stored.record.incident.status];
}

/** When the incident itself began: its earliest dated event past its background and warnings, or its first update. */
function startedAt(stored: Shown): string | null {
  const starts = [
    ...stored.record.events.filter((e) => !PHASES_BEFORE_IT.includes(e.phase)).map((e) => parsePreciseTime(e)?.startMs),
    ...stored.record.updates.map((u) => parsePreciseTime({ at: u.at, precision: "minute" })?.startMs),
  ].filter((ms): ms is number => ms !== undefined);
  return starts.length ? new Date(Math.min(...starts)).toISOString() : null;
}

/** One incident in Statuspage's fields; a time the record does not give is null, never made up. */
export function statuspageIncident(stored: Shown, site: StatuspageSite): StatuspageIncident {
  const updates = postedUpdates(stored);
  const firstWith = (status: UpdateStatus) => updates.findLast((u) => u.status === status);
  const monitoring = firstWith("monitoring");
  const resolved = firstWith("resolved");
  return {
    id: stored.slug,
    name: stored.record.incident.title,
    status: statuspageStatusOf(stored),
    impact: impactOf(stored.record.incident.severity),
    created_at: instant(stored.createdAt),
    updated_at: instant(stored.updatedAt),
    monitoring_at: monitoring ? minute(monitoring.at) : null,
    resolved_at: resolved ? minute(resolved.at) : null,
    started_at: startedAt(stored),
    shortlink: `${site.origin}/incidents/${encodeURIComponent(stored.slug)}`,
    page_id: PAGE_ID,
    incident_updates: updates.map((u) => ({
      id: String(u.id),
      status: u.status,
      body: u.body,
      incident_id: stored.slug,
      created_at: minute(u.at),
      updated_at: minute(u.at),
      display_at: minute(u.at),
      affected_components: [],
      deliver_notifications: true,
      custom_tweet: null,
      tweet_id: null,
    })),
    components: [],
  };
}

/** The status: the highest impact among the unresolved incidents, in words that say only what the record holds. */
export function statuspageStatus(open: { count: number; worst: Impact }) {
  if (open.count === 0) return { indicator: "none" as const, description: "No unresolved incidents on record" };
  const held = `${open.count} unresolved ${open.count === 1 ? "incident" : "incidents"} on record`;
  return { indicator: open.worst, description: open.worst === "none" ? `${held}; impact not rated` : `${held}; highest impact: ${open.worst}` };
}

/** What the answers show: the site, the newest incidents, the newest unresolved ones, and how many are unresolved. */
export type StatuspageShown = { site: StatuspageSite; listed: readonly Shown[]; unresolved: readonly Shown[]; open: { count: number; worst: Impact } };

const unresolvedOf = (s: StatuspageShown) => s.unresolved.filter((i) => isUnresolved(statuspageStatusOf(i))).map((i) => statuspageIncident(i, s.site));

// Aftermath records incidents; it monitors no service, so it names no component and no maintenance.
const DOCUMENTS: { [A in StatuspageAnswer]: (s: StatuspageShown, page: StatuspageDocument<A>["page"]) => StatuspageDocument<A> } = {
  summary: (s, page) => ({ page, status: statuspageStatus(s.open), components: [], incidents: unresolvedOf(s), scheduled_maintenances: [] }),
  status: (s, page) => ({ page, status: statuspageStatus(s.open) }),
  incidents: (s, page) => ({ page, incidents: s.listed.map((i) => statuspageIncident(i, s.site)) }),
  "incidents/unresolved": (s, page) => ({ page, incidents: unresolvedOf(s) }),
  components: (_s, page) => ({ page, components: [] }),
  "scheduled-maintenances": (_s, page) => ({ page, scheduled_maintenances: [] }),
  "scheduled-maintenances/upcoming": (_s, page) => ({ page, scheduled_maintenances: [] }),
  "scheduled-maintenances/active": (_s, page) => ({ page, scheduled_maintenances: [] }),
};

/** One answer's document; page.updated_at is the newest change to any incident the answers show. */
export function statuspageDocument<A extends StatuspageAnswer>(answer: A, shown: StatuspageShown): StatuspageDocument<A> {
  const changes = [...shown.listed, ...shown.unresolved].map((i) => instant(i.updatedAt)).sort();
  const page = { id: PAGE_ID, name: shown.site.name, url: shown.site.origin, time_zone: "Etc/UTC" as const, updated_at: changes.at(-1) ?? NEVER };
  return DOCUMENTS[answer](shown, page);
}
