import { z } from "zod";
import { type Collection, COLLECTION_NAMES, collectionOf, itemLabel } from "./collections";
import type { IncidentRecord } from "./record";

/** Something readers would miss, said where it is fixed: the section, and the item when there is one. */
export type Gap = { message: string; section: "incident" | Collection; item?: string };

const cited = z.object({ cites: z.array(z.number()) });

/**
 * What a record lacks before readers see it: a source to check statements against, an event for the
 * timeline, and a citation on every statement that takes one. Said, not enforced: an author may
 * publish an early record knowingly, and the publish page shows each before the button.
 */
export function publishGaps(record: IncidentRecord): Gap[] {
  const gaps: Gap[] = [];
  if (record.sources.length === 0) gaps.push({ section: "sources", message: "No source: readers have nothing to check the record against." });
  if (record.events.length === 0) gaps.push({ section: "events", message: "No event: the page has no timeline." });
  if (record.incident.cites.length === 0) gaps.push({ section: "incident", message: "The incident's summary cites no source." });
  for (const c of COLLECTION_NAMES) {
    const spec = collectionOf(c);
    if (!spec.fields.some((f) => f.kind === "cites")) continue;
    for (const item of record[c]) {
      const parsed = cited.safeParse(item);
      if (parsed.success && parsed.data.cites.length === 0) {
        const name = spec.name(item);
        gaps.push({ section: c, item: name, message: `${itemLabel(c)} “${name}” cites no source.` });
      }
    }
  }
  return gaps;
}
