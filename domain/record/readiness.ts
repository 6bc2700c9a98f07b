import type { Collection } from "./collections";
import type { IncidentRecord } from "./record";
import type { Said } from "../said";

/** Something readers would miss, said where it is fixed: the section. */
export type Gap = { said: Said; section: "incident" | Collection };

/**
 * What a record lacks before readers see it: a source to check statements against, an event for the
 * timeline, a citation for the incident's own summary (every item's schema demands one already).
 * Said, not enforced: an author may publish an early record knowingly, and the publish page shows each.
 */
export function publishGaps(record: IncidentRecord): Gap[] {
  const gaps: Gap[] = [];
  if (record.sources.length === 0) gaps.push({ section: "sources", said: { key: "editor.publish.gaps.noSource" } });
  if (record.events.length === 0) gaps.push({ section: "events", said: { key: "editor.publish.gaps.noEvent" } });
  if (record.incident.cites.length === 0) gaps.push({ section: "incident", said: { key: "editor.publish.gaps.summaryUncited" } });
  return gaps;
}
