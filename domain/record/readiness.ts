import type { Collection } from "./collections";
import type { IncidentRecord } from "./record";

/** Something readers would miss, said where it is fixed: the section. */
export type Gap = { message: string; section: "incident" | Collection };

/**
 * What a record lacks before readers see it: a source to check statements against, an event for the
 * timeline, a citation for the incident's own summary (every item's schema demands one already).
 * Said, not enforced: an author may publish an early record knowingly, and the publish page shows each.
 */
export function publishGaps(record: IncidentRecord): Gap[] {
  const gaps: Gap[] = [];
  if (record.sources.length === 0) gaps.push({ section: "sources", message: "No source: readers have nothing to check the record against." });
  if (record.events.length === 0) gaps.push({ section: "events", message: "No event: the page has no timeline." });
  if (record.incident.cites.length === 0) gaps.push({ section: "incident", message: "The incident's summary cites no source." });
  return gaps;
}
