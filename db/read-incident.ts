import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { AffectedRole, CitationSubject } from "@/domain/record/constants";
import { type Db, getDb } from "./client";
import {
  affectedResponse,
  citation,
  contextFact,
  durationClaim,
  event,
  figure,
  finding,
  findingReaction,
  incident,
  recommendation,
  source,
} from "./schema";

type Cited<T> = T & { cites: number[] };

function citationIndex(db: Db, incidentId: number) {
  const rows = db
    .select({ type: citation.subjectType, id: citation.subjectId, number: source.number })
    .from(citation)
    .innerJoin(source, eq(citation.sourceId, source.id))
    .where(eq(source.incidentId, incidentId))
    .all();
  const index = new Map<string, number[]>();
  for (const r of rows) {
    const k = `${r.type}:${r.id}`;
    index.set(k, [...(index.get(k) ?? []), r.number].sort((a, b) => a - b));
  }
  return <T extends { id: number }>(type: CitationSubject, item: T): Cited<T> => ({
    ...item,
    cites: index.get(`${type}:${item.id}`) ?? [],
  });
}

/** Everything public about one published incident, as plain data; null when there is none. */
export function readIncident(slug: string, db: Db = getDb()) {
  const found = db
    .select()
    .from(incident)
    .where(and(eq(incident.slug, slug), eq(incident.published, true)))
    .get();
  if (!found) return null;
  const id = found.id;
  const cite = citationIndex(db, id);

  const events = db.select().from(event).where(eq(event.incidentId, id)).orderBy(asc(event.position)).all();
  const eventById = new Map(events.map((e) => [e.id, e]));
  const endpoint = (eventId: number | null) => {
    const e = eventId === null ? undefined : eventById.get(eventId);
    return e ? { key: e.key, title: e.title, at: e.at, precision: e.precision } : null;
  };

  const claims = db
    .select()
    .from(durationClaim)
    .where(eq(durationClaim.incidentId, id))
    .orderBy(asc(durationClaim.position))
    .all();
  const claimKey = new Map(claims.map((d) => [d.id, d.key]));
  const durations = claims.map((d) => ({
    ...cite("duration_claim", d),
    from: endpoint(d.fromEventId),
    to: endpoint(d.toEventId),
    contestsKey: d.contestsId === null ? null : (claimKey.get(d.contestsId) ?? null),
  }));

  return {
    incident: cite("incident", found),
    sources: db.select().from(source).where(eq(source.incidentId, id)).orderBy(asc(source.number)).all(),
    events: events.map((e) => cite("event", e)),
    figures: db
      .select()
      .from(figure)
      .where(eq(figure.incidentId, id))
      .orderBy(asc(figure.position))
      .all()
      .map((f) => cite("figure", f)),
    durations,
    findings: db
      .select()
      .from(finding)
      .where(eq(finding.incidentId, id))
      .orderBy(asc(finding.position))
      .all()
      .map((f) => cite("finding", f)),
    reactions: db
      .select()
      .from(findingReaction)
      .where(eq(findingReaction.incidentId, id))
      .orderBy(asc(findingReaction.position))
      .all()
      .map((r) => cite("finding_reaction", r)),
    recommendations: db
      .select()
      .from(recommendation)
      .where(eq(recommendation.incidentId, id))
      .orderBy(asc(recommendation.position))
      .all()
      .map((r) => cite("recommendation", r)),
    context: db
      .select()
      .from(contextFact)
      .where(eq(contextFact.incidentId, id))
      .orderBy(asc(contextFact.position))
      .all()
      .map((c) => cite("context_fact", c)),
    affected: readAffectedAggregate(db, id),
  };
}

export type IncidentView = NonNullable<ReturnType<typeof readIncident>>;

/** Times, lengths and roles only: never an account key or a request id. */
function readAffectedAggregate(db: Db, incidentId: number) {
  const points = db
    .select({
      occurredAt: affectedResponse.occurredAt,
      promptTokens: affectedResponse.promptTokens,
      role: affectedResponse.role,
    })
    .from(affectedResponse)
    .where(eq(affectedResponse.incidentId, incidentId))
    .orderBy(asc(affectedResponse.occurredAt))
    .all();
  const byRole: Record<AffectedRole, number> = { recipient: 0, exposed: 0 };
  for (const p of points) byRole[p.role] += 1;
  return { total: points.length, byRole, points };
}

/** Published incidents, by title. */
export function listIncidents(db: Db = getDb()) {
  return db
    .select({ slug: incident.slug, title: incident.title, updatedAt: incident.updatedAt })
    .from(incident)
    .where(eq(incident.published, true))
    .orderBy(asc(incident.title))
    .all();
}
