import "server-only";
import { eq } from "drizzle-orm";
import type { CitationSubject } from "@/domain/record/constants";
import type { IncidentRecord } from "@/domain/record/record";
import type { Db } from "./client";
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

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Writes a whole incident in one transaction: all of it or, on any error, none of it. */
export function insertIncidentRecord(db: Db, record: IncidentRecord): { incidentId: number } {
  return db.transaction((tx) => {
    const { cites: incidentCites, ...fields } = record.incident;
    const { id: incidentId } = tx.insert(incident).values(fields).returning({ id: incident.id }).get();

    const sourceIds = new Map<number, number>();
    for (const s of record.sources) {
      const row = tx.insert(source).values({ ...s, incidentId }).returning({ id: source.id }).get();
      sourceIds.set(s.number, row.id);
    }
    const cite = (subjectType: CitationSubject, subjectId: number, numbers: number[]) => {
      for (const n of new Set(numbers)) {
        const sourceId = sourceIds.get(n);
        if (sourceId === undefined) throw new Error(`${subjectType} ${subjectId} cites unknown source [${n}]`);
        tx.insert(citation).values({ sourceId, subjectType, subjectId }).run();
      }
    };
    cite("incident", incidentId, incidentCites);

    const eventIds = new Map<string, number>();
    record.events.forEach(({ cites, ...e }, position) => {
      const row = tx.insert(event).values({ ...e, incidentId, position }).returning({ id: event.id }).get();
      eventIds.set(e.key, row.id);
      cite("event", row.id, cites);
    });

    record.figures.forEach(({ cites, ...f }, position) => {
      const row = tx.insert(figure).values({ ...f, incidentId, position }).returning({ id: figure.id }).get();
      cite("figure", row.id, cites);
    });

    insertDurations(tx, incidentId, record.durations, eventIds, cite);

    record.assessments.findings.forEach(({ cites, ...f }, position) => {
      const row = tx.insert(finding).values({ ...f, incidentId, position }).returning({ id: finding.id }).get();
      cite("finding", row.id, cites);
    });
    record.assessments.reactions.forEach(({ cites, ...r }, position) => {
      const row = tx
        .insert(findingReaction)
        .values({ ...r, incidentId, position })
        .returning({ id: findingReaction.id })
        .get();
      cite("finding_reaction", row.id, cites);
    });
    record.recommendations.forEach(({ cites, ...r }, position) => {
      const row = tx
        .insert(recommendation)
        .values({ ...r, incidentId, position })
        .returning({ id: recommendation.id })
        .get();
      cite("recommendation", row.id, cites);
    });
    record.context.forEach(({ cites, ...c }, position) => {
      const row = tx.insert(contextFact).values({ ...c, incidentId, position }).returning({ id: contextFact.id }).get();
      cite("context_fact", row.id, cites);
    });
    return { incidentId };
  });
}

function insertDurations(
  tx: Tx,
  incidentId: number,
  durations: IncidentRecord["durations"],
  eventIds: Map<string, number>,
  cite: (type: CitationSubject, id: number, numbers: number[]) => void,
): void {
  const eventId = (key: string) => {
    const id = eventIds.get(key);
    if (id === undefined) throw new Error(`duration refers to unknown event "${key}"`);
    return id;
  };
  const claimIds = new Map<string, number>();
  durations.forEach((d, position) => {
    const common = {
      incidentId,
      position,
      key: d.key,
      label: d.label,
      kind: d.kind,
      countedBy: d.countedBy,
      method: d.method,
      note: d.note,
    };
    const values =
      d.kind === "interval"
        ? { ...common, fromEventId: eventId(d.from), toEventId: eventId(d.to) }
        : { ...common, statedMinutes: d.statedMinutes, approximate: d.approximate };
    const row = tx.insert(durationClaim).values(values).returning({ id: durationClaim.id }).get();
    claimIds.set(d.key, row.id);
    cite("duration_claim", row.id, d.cites);
  });
  // Contested claims point at each other, so the links are written once every claim exists.
  for (const d of durations) {
    if (d.contests === null) continue;
    const contestsId = claimIds.get(d.contests);
    const id = claimIds.get(d.key);
    if (contestsId === undefined || id === undefined) throw new Error(`duration "${d.key}" contests unknown "${d.contests}"`);
    tx.update(durationClaim).set({ contestsId }).where(eq(durationClaim.id, id)).run();
  }
}
