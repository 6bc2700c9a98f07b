import "server-only";
import { eq } from "drizzle-orm";
import { COLLECTIONS } from "@/domain/record/collections";
import type { CitationSubject } from "@/domain/record/constants";
import type { IncidentRecord } from "@/domain/record/record";
import { citation, contextFact, durationClaim, event, figure, finding, findingReaction, incident, recommendation, source } from "../schema";
import type { Tx } from "./mutate";

/** Writes a whole incident and its items, in their order, inside the caller's transaction; returns its id. */
export function insertRecord(tx: Tx, record: IncidentRecord): number {
  const { cites: incidentCites, ...fields } = record.incident;
  const { id: incidentId } = tx.insert(incident).values(fields).returning({ id: incident.id }).get();

  const sourceIds = new Map<number, number>();
  for (const s of record.sources) sourceIds.set(s.number, tx.insert(source).values({ ...s, incidentId }).returning({ id: source.id }).get().id);
  const cite = (subjectType: CitationSubject, subjectId: number, numbers: readonly number[]) => {
    for (const n of new Set(numbers)) {
      const sourceId = sourceIds.get(n);
      if (sourceId === undefined) throw new Error(`${subjectType} ${subjectId} cites unknown source [${n}]`);
      tx.insert(citation).values({ sourceId, subjectType, subjectId }).run();
    }
  };
  const idOf = (ids: Map<string, number>, key: string, what: string) => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`refers to unknown ${what} "${key}"`);
    return id;
  };
  cite("incident", incidentId, incidentCites);

  const eventIds = new Map<string, number>();
  record.events.forEach(({ cites, ...e }, position) => {
    const { id } = tx.insert(event).values({ ...e, incidentId, position }).returning({ id: event.id }).get();
    eventIds.set(e.key, id);
    cite(COLLECTIONS.events.subject, id, cites);
  });
  record.figures.forEach(({ cites, ...f }, position) => {
    const { id } = tx.insert(figure).values({ ...f, incidentId, position }).returning({ id: figure.id }).get();
    cite(COLLECTIONS.figures.subject, id, cites);
  });

  const claimIds = new Map<string, number>();
  record.durations.forEach((d, position) => {
    const common = { incidentId, position, key: d.key, label: d.label, role: d.role, kind: d.kind, countedBy: d.countedBy, method: d.method, note: d.note };
    const values =
      d.kind === "interval"
        ? { ...common, fromEventId: idOf(eventIds, d.from, "event"), toEventId: idOf(eventIds, d.to, "event") }
        : { ...common, statedMinutes: d.statedMinutes, approximate: d.approximate };
    const { id } = tx.insert(durationClaim).values(values).returning({ id: durationClaim.id }).get();
    claimIds.set(d.key, id);
    cite(COLLECTIONS.durations.subject, id, d.cites);
  });
  // Contested claims may point at each other, so the links are written once every claim exists.
  for (const d of record.durations) {
    if (d.contests === null) continue;
    tx.update(durationClaim)
      .set({ contestsId: idOf(claimIds, d.contests, "duration") })
      .where(eq(durationClaim.id, idOf(claimIds, d.key, "duration")))
      .run();
  }

  record.findings.forEach(({ cites, ...f }, position) => {
    const { id } = tx.insert(finding).values({ ...f, incidentId, position }).returning({ id: finding.id }).get();
    cite(COLLECTIONS.findings.subject, id, cites);
  });
  record.reactions.forEach(({ cites, ...r }, position) => {
    const { id } = tx.insert(findingReaction).values({ ...r, incidentId, position }).returning({ id: findingReaction.id }).get();
    cite(COLLECTIONS.reactions.subject, id, cites);
  });
  record.recommendations.forEach(({ cites, ...r }, position) => {
    const { id } = tx.insert(recommendation).values({ ...r, incidentId, position }).returning({ id: recommendation.id }).get();
    cite(COLLECTIONS.recommendations.subject, id, cites);
  });
  record.context.forEach(({ cites, ...c }, position) => {
    const { id } = tx.insert(contextFact).values({ ...c, incidentId, position }).returning({ id: contextFact.id }).get();
    cite(COLLECTIONS.context.subject, id, cites);
  });
  return incidentId;
}
