import { type IncidentDocument, SCHEMA_VERSION } from "@/domain/record/document";
import type { AffectedSummary } from "@/domain/record/affected";
import type { IncidentRecord } from "@/domain/record/record";
import { durationRows } from "@/view/durations";
import { servedSources } from "@/view/format";

/**
 * incident.json: the importable record, the lengths computed from it, and the list's public counts.
 * One file in every language: its computed lengths are written in English, as the record's numbers are.
 */
export function buildDocument(stored: { record: IncidentRecord; updatedAt: string; affected: { summary: AffectedSummary } | null }): IncidentDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    updatedAt: stored.updatedAt,
    record: { ...stored.record, sources: servedSources(stored.record.sources) },
    computed: {
      durations: durationRows(stored.record, "en").map((r) => ({ key: r.key, length: r.length, approx: r.approx, basis: r.basis, minutes: r.minutes })),
    },
    affected: stored.affected?.summary ?? null,
  };
}
