import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { AffectedPoint } from "@/view/affected";
import { type AffectedSummary, type IncidentDocument, buildDocument, exposureDays, summariseAffected } from "@/publish/document";
import { affectedSummarySchema } from "@/domain/record/document";
import { type Db, getDb } from "@/db/client";
import { readIncidentRecord } from "@/db/read-record";
import { affectedResponse, incident } from "@/db/schema";

/** Slugs of the incidents readers may see, by title: drafts never leave. */
export function publishedSlugs(db: Db = getDb()): string[] {
  return db
    .select({ slug: incident.slug })
    .from(incident)
    .where(eq(incident.published, true))
    .orderBy(asc(incident.title))
    .all()
    .map((r) => r.slug);
}

/**
 * The exportable document of a published incident. The affected rows are read only to be counted;
 * nothing of a row but its day, role and prompt length reaches the document.
 */
export function readIncidentDocument(slug: string, db: Db = getDb()): IncidentDocument | null {
  const record = readIncidentRecord(slug, db);
  if (!record) return null;
  const row = db
    .select({ id: incident.id, affectedSummary: incident.affectedSummary })
    .from(incident)
    .where(and(eq(incident.slug, slug), eq(incident.published, true)))
    .get();
  if (!row) return null;
  const points: AffectedPoint[] = db
    .select({ occurredAt: affectedResponse.occurredAt, promptTokens: affectedResponse.promptTokens, role: affectedResponse.role })
    .from(affectedResponse)
    .where(eq(affectedResponse.incidentId, row.id))
    .orderBy(asc(affectedResponse.occurredAt))
    .all();
  const summary = affectedSummaryOf(points, row.affectedSummary, exposureDays(record), record.incident.sampleNote);
  return buildDocument(record, summary);
}

/**
 * The public counts: from the rows when they are here, else the counts an imported export carried.
 * The incident page and the exports both take them from here, so they cannot disagree.
 */
export function affectedSummaryOf(
  points: readonly AffectedPoint[],
  stored: string | null,
  window: { from: string; to: string } | null,
  note: string | null,
): AffectedSummary | null {
  if (points.length > 0 || stored === null) return summariseAffected(points, window, note);
  return affectedSummarySchema.parse(JSON.parse(stored));
}
