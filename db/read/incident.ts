import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { AffectedSummary } from "@/domain/record/affected";
import type { Collection } from "@/domain/record/collections";
import type { CitationSubject } from "@/domain/record/constants";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import { readLiveList } from "../affected/summary";
import type { Db } from "../client";
import { citation, contextFact, durationClaim, event, figure, finding, findingReaction, incident, recommendation, source } from "../schema";

/** One incident as stored: the record in its plain form, the row id of each item, its list's counts. */
export type StoredIncident = {
  id: number;
  slug: string;
  published: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  record: IncidentRecord;
  /** Row ids, item for item in the order of `record`'s collections (the editor addresses items by them). */
  ids: Record<Collection, number[]>;
  /** The live affected list's counts; null when no list has been published. */
  affected: { rows: boolean; summary: AffectedSummary } | null;
};

/**
 * The one read of a record: every page, export and the editor take an incident from here. One read
 * transaction, so it is one version of the record; a published one unless `drafts`. The affected
 * list arrives as its counts only.
 */
export function readIncident(db: Db, slug: string, { drafts = false } = {}): StoredIncident | null {
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(incident)
      .where(drafts ? eq(incident.slug, slug) : and(eq(incident.slug, slug), eq(incident.published, true)))
      .get();
    if (!row) return null;
    const id = row.id;

    const cited = new Map<string, number[]>();
    const citations = tx
      .select({ type: citation.subjectType, subject: citation.subjectId, number: source.number })
      .from(citation)
      .innerJoin(source, eq(citation.sourceId, source.id))
      .where(eq(source.incidentId, id))
      .orderBy(asc(source.number))
      .all();
    for (const c of citations) cited.set(`${c.type}:${c.subject}`, [...(cited.get(`${c.type}:${c.subject}`) ?? []), c.number]);
    const cites = (type: CitationSubject, subject: number) => cited.get(`${type}:${subject}`) ?? [];

    const events = tx.select().from(event).where(eq(event.incidentId, id)).orderBy(asc(event.position)).all();
    const sources = tx.select().from(source).where(eq(source.incidentId, id)).orderBy(asc(source.number)).all();
    const figures = tx.select().from(figure).where(eq(figure.incidentId, id)).orderBy(asc(figure.position)).all();
    const claims = tx.select().from(durationClaim).where(eq(durationClaim.incidentId, id)).orderBy(asc(durationClaim.position)).all();
    const findings = tx.select().from(finding).where(eq(finding.incidentId, id)).orderBy(asc(finding.position)).all();
    const reactions = tx.select().from(findingReaction).where(eq(findingReaction.incidentId, id)).orderBy(asc(findingReaction.position)).all();
    const recommendations = tx.select().from(recommendation).where(eq(recommendation.incidentId, id)).orderBy(asc(recommendation.position)).all();
    const context = tx.select().from(contextFact).where(eq(contextFact.incidentId, id)).orderBy(asc(contextFact.position)).all();
    const live = readLiveList(tx, id);

    const eventKey = new Map(events.map((e) => [e.id, e.key]));
    const claimKey = new Map(claims.map((d) => [d.id, d.key]));
    const keyOf = (keys: Map<number, string>, ref: number | null) => {
      const k = ref === null ? undefined : keys.get(ref);
      if (k === undefined) throw new Error(`dangling reference ${ref} in incident ${slug}`);
      return k;
    };

    // zod at the boundary: what the tables hold must still be a valid record.
    const record = incidentRecord.parse({
      incident: {
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        provider: row.provider,
        service: row.service,
        model: row.model,
        kind: row.kind,
        status: row.status,
        severity: row.severity,
        impact: row.impact,
        cause: row.cause,
        isAttack: row.isAttack,
        attackNote: row.attackNote,
        contextTitle: row.contextTitle,
        cites: cites("incident", id),
      },
      events: events.map((e) => ({ key: e.key, at: e.at, precision: e.precision, phase: e.phase, title: e.title, detail: e.detail, cites: cites("event", e.id) })),
      sources: sources.map((s) => ({ number: s.number, publisher: s.publisher, title: s.title, author: s.author, publishedOn: s.publishedOn, url: s.url, note: s.note })),
      figures: figures.map((f) => ({ value: f.value, unit: f.unit, label: f.label, note: f.note, headline: f.headline, threshold: f.threshold, cites: cites("figure", f.id) })),
      durations: claims.map((d) => {
        const common = {
          key: d.key,
          label: d.label,
          role: d.role,
          countedBy: d.countedBy,
          method: d.method,
          note: d.note,
          contests: d.contestsId === null ? null : keyOf(claimKey, d.contestsId),
          cites: cites("duration_claim", d.id),
        };
        return d.kind === "interval"
          ? { ...common, kind: "interval", from: keyOf(eventKey, d.fromEventId), to: keyOf(eventKey, d.toEventId) }
          : { ...common, kind: "stated", statedMinutes: d.statedMinutes, approximate: d.approximate };
      }),
      findings: findings.map((f) => ({ assessor: f.assessor, assessedOn: f.assessedOn, statement: f.statement, cites: cites("finding", f.id) })),
      reactions: reactions.map((r) => ({ who: r.who, affiliation: r.affiliation, statement: r.statement, cites: cites("finding_reaction", r.id) })),
      recommendations: recommendations.map((r) => ({ audience: r.audience, text: r.text, status: r.status, cites: cites("recommendation", r.id) })),
      context: context.map((c) => ({ topic: c.topic, statement: c.statement, cites: cites("context_fact", c.id) })),
    });
    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
    return {
      id,
      slug: row.slug,
      published: row.published,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      record,
      ids: {
        events: ids(events),
        sources: ids(sources),
        figures: ids(figures),
        durations: ids(claims),
        findings: ids(findings),
        reactions: ids(reactions),
        recommendations: ids(recommendations),
        context: ids(context),
      },
      affected: live ? { rows: live.rows, summary: live.summary } : null,
    };
  });
}

/** The incidents, by title: published ones, or with `drafts` every one, as editors and tokens see them. */
export function listIncidents(db: Db, { drafts = false } = {}) {
  return db
    .select({ slug: incident.slug, title: incident.title, published: incident.published, version: incident.version, updatedAt: incident.updatedAt })
    .from(incident)
    .where(drafts ? undefined : eq(incident.published, true))
    .orderBy(asc(incident.title))
    .all();
}

/** A published incident's name and dates only, for pages that show nothing else of the record. */
export function readIncidentMeta(db: Db, slug: string) {
  return (
    db
      .select({ id: incident.id, slug: incident.slug, title: incident.title, createdAt: incident.createdAt, updatedAt: incident.updatedAt })
      .from(incident)
      .where(and(eq(incident.slug, slug), eq(incident.published, true)))
      .get() ?? null
  );
}
