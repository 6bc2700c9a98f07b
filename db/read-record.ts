import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { CitationSubject } from "@/domain/record/constants";
import type { IncidentRecord } from "@/domain/record/record";
import { type Db, getDb } from "./client";
import {
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

/**
 * A published incident (or, for editors, a draft too) in the same plain form the seed and the import take (keys, source numbers),
 * so what is exported can be imported again unchanged. No ids, versions or other internals.
 */
export function readIncidentRecord(slug: string, db: Db = getDb(), { drafts = false } = {}): IncidentRecord | null {
  const found = db
    .select()
    .from(incident)
    .where(drafts ? eq(incident.slug, slug) : and(eq(incident.slug, slug), eq(incident.published, true)))
    .get();
  if (!found) return null;
  const id = found.id;

  const cited = new Map<string, number[]>();
  for (const c of db
    .select({ type: citation.subjectType, subject: citation.subjectId, number: source.number })
    .from(citation)
    .innerJoin(source, eq(citation.sourceId, source.id))
    .where(eq(source.incidentId, id))
    .orderBy(asc(source.number))
    .all()) {
    const k = `${c.type}:${c.subject}`;
    cited.set(k, [...(cited.get(k) ?? []), c.number]);
  }
  const cites = (type: CitationSubject, subject: number) => cited.get(`${type}:${subject}`) ?? [];

  const events = db.select().from(event).where(eq(event.incidentId, id)).orderBy(asc(event.position)).all();
  const eventKey = new Map(events.map((e) => [e.id, e.key]));
  const claims = db.select().from(durationClaim).where(eq(durationClaim.incidentId, id)).orderBy(asc(durationClaim.position)).all();
  const claimKey = new Map(claims.map((d) => [d.id, d.key]));
  const keyOf = (map: Map<number, string>, ref: number | null) => {
    const k = ref === null ? undefined : map.get(ref);
    if (k === undefined) throw new Error(`dangling reference ${ref} in incident ${slug}`);
    return k;
  };

  return {
    incident: {
      slug: found.slug,
      title: found.title,
      summary: found.summary,
      provider: found.provider,
      service: found.service,
      model: found.model,
      status: found.status,
      severity: found.severity,
      impact: found.impact,
      cause: found.cause,
      isAttack: found.isAttack,
      attackNote: found.attackNote,
      sampleNote: found.sampleNote,
      cites: cites("incident", id),
    },
    sources: db
      .select({
        number: source.number,
        publisher: source.publisher,
        title: source.title,
        author: source.author,
        publishedOn: source.publishedOn,
        url: source.url,
        note: source.note,
      })
      .from(source)
      .where(eq(source.incidentId, id))
      .orderBy(asc(source.number))
      .all(),
    events: events.map((e) => ({
      key: e.key,
      at: e.at,
      precision: e.precision,
      phase: e.phase,
      title: e.title,
      detail: e.detail,
      cites: cites("event", e.id),
    })),
    figures: db
      .select()
      .from(figure)
      .where(eq(figure.incidentId, id))
      .orderBy(asc(figure.position))
      .all()
      .map((f) => ({ value: f.value, unit: f.unit, label: f.label, note: f.note, cites: cites("figure", f.id) })),
    durations: claims.map((d) => {
      const common = {
        key: d.key,
        label: d.label,
        countedBy: d.countedBy,
        method: d.method,
        note: d.note,
        contests: d.contestsId === null ? null : keyOf(claimKey, d.contestsId),
        cites: cites("duration_claim", d.id),
      };
      return d.kind === "interval"
        ? { ...common, kind: "interval" as const, from: keyOf(eventKey, d.fromEventId), to: keyOf(eventKey, d.toEventId) }
        : { ...common, kind: "stated" as const, statedMinutes: d.statedMinutes ?? 0, approximate: d.approximate };
    }),
    assessments: {
      findings: db
        .select()
        .from(finding)
        .where(eq(finding.incidentId, id))
        .orderBy(asc(finding.position))
        .all()
        .map((f) => ({ assessor: f.assessor, assessedOn: f.assessedOn, statement: f.statement, cites: cites("finding", f.id) })),
      reactions: db
        .select()
        .from(findingReaction)
        .where(eq(findingReaction.incidentId, id))
        .orderBy(asc(findingReaction.position))
        .all()
        .map((r) => ({ who: r.who, affiliation: r.affiliation, statement: r.statement, cites: cites("finding_reaction", r.id) })),
    },
    recommendations: db
      .select()
      .from(recommendation)
      .where(eq(recommendation.incidentId, id))
      .orderBy(asc(recommendation.position))
      .all()
      .map((r) => ({ audience: r.audience, text: r.text, status: r.status, cites: cites("recommendation", r.id) })),
    context: db
      .select()
      .from(contextFact)
      .where(eq(contextFact.incidentId, id))
      .orderBy(asc(contextFact.position))
      .all()
      .map((c) => ({ topic: c.topic, statement: c.statement, cites: cites("context_fact", c.id) })),
  };
}
