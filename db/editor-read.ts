import "server-only";
import { asc, eq } from "drizzle-orm";
import { DomainError } from "@/domain/errors";
import { auditTrail } from "./audit";
import { type Db, getDb } from "./client";
import { readIncidentRecord } from "./read-record";
import { contextFact, durationClaim, event, figure, finding, findingReaction, incident, recommendation, source } from "./schema";

/** The row ids of each collection, in the order readIncidentRecord lists the items. */
function collectionIds(db: Db, incidentId: number) {
  const ids = <T extends typeof event | typeof figure | typeof durationClaim | typeof finding | typeof findingReaction | typeof recommendation | typeof contextFact>(t: T) =>
    db.select({ id: t.id }).from(t).where(eq(t.incidentId, incidentId)).orderBy(asc(t.position)).all().map((r) => r.id);
  return {
    events: ids(event),
    sources: db.select({ id: source.id }).from(source).where(eq(source.incidentId, incidentId)).orderBy(asc(source.number)).all().map((r) => r.id),
    figures: ids(figure),
    durations: ids(durationClaim),
    findings: ids(finding),
    reactions: ids(findingReaction),
    recommendations: ids(recommendation),
    context: ids(contextFact),
  };
}

const withIds = <T extends object>(items: T[], ids: number[]) => items.map((item, i) => ({ id: ids[i] as number, ...item }));

/** What editors and tokens read: drafts included, with the version an edit must carry. */
export function listAllIncidents(db: Db = getDb()) {
  return db
    .select({ slug: incident.slug, title: incident.title, published: incident.published, version: incident.version, updatedAt: incident.updatedAt })
    .from(incident)
    .orderBy(asc(incident.title))
    .all();
}

export function readForEditing(slug: string, db: Db = getDb()) {
  const row = db
    .select({ id: incident.id, published: incident.published, version: incident.version, updatedAt: incident.updatedAt })
    .from(incident)
    .where(eq(incident.slug, slug))
    .get();
  const record = readIncidentRecord(slug, db, { drafts: true });
  if (!row || !record) throw new DomainError("not-found", `There is no incident "${slug}".`);
  const ids = collectionIds(db, row.id);
  const items = {
    events: withIds(record.events, ids.events),
    sources: withIds(record.sources, ids.sources),
    figures: withIds(record.figures, ids.figures),
    durations: withIds(record.durations, ids.durations),
    findings: withIds(record.assessments.findings, ids.findings),
    reactions: withIds(record.assessments.reactions, ids.reactions),
    recommendations: withIds(record.recommendations, ids.recommendations),
    context: withIds(record.context, ids.context),
  };
  return { slug, published: row.published, version: row.version, updatedAt: row.updatedAt, incident: record.incident, items, id: row.id };
}

export function historyOf(slug: string, db: Db = getDb()) {
  const { id } = readForEditing(slug, db);
  return auditTrail(db, id).map((e) => ({
    ...e,
    before: e.before === null ? null : (JSON.parse(e.before) as unknown),
    after: e.after === null ? null : (JSON.parse(e.after) as unknown),
  }));
}
