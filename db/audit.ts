import "server-only";
import { asc, eq } from "drizzle-orm";
import { type Actor, actorLabel } from "@/domain/access";
import type { AuditAction } from "@/domain/audit";
import { isCollection, itemLabel } from "@/domain/record/collections";
import type { Db } from "./client";
import { auditEntry } from "./schema";

type Writer = Pick<Db, "insert">;

/** Appends one entry; called inside the transaction of the change it records, so both or neither land. */
export function recordAudit(
  tx: Writer,
  entry: {
    actor: Actor;
    incident: { id: number; slug: string } | null;
    action: AuditAction;
    entity: string;
    entityId: number | null;
    before: unknown;
    after: unknown;
  },
): void {
  tx.insert(auditEntry)
    .values({
      actor: actorLabel(entry.actor),
      incidentId: entry.incident?.id ?? null,
      incidentSlug: entry.incident?.slug ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .run();
}

export function auditTrail(db: Db, incidentId: number) {
  return db.select().from(auditEntry).where(eq(auditEntry.incidentId, incidentId)).orderBy(asc(auditEntry.id)).all();
}

const entityLabel = (entity: string) => (isCollection(entity) ? itemLabel(entity) : entity === "affected" ? "Affected list" : entity);
const INCIDENT: Partial<Record<AuditAction, string>> = {
  create: "Record created",
  update: "Incident details changed",
  publish: "Published",
  unpublish: "Unpublished",
};
const DONE: Record<AuditAction, string> = {
  create: "added",
  update: "changed",
  delete: "removed",
  publish: "published",
  unpublish: "unpublished",
  import: "imported",
};

/**
 * What readers may see of the history: when, and what kind of change. Not who (an editor's email is
 * theirs) and not the values (the page itself shows the current ones).
 */
export function publicChanges(db: Db, incidentId: number): Array<{ at: string; summary: string }> {
  return auditTrail(db, incidentId).map((e) => ({
    at: e.at,
    summary: e.entity === "incident" ? (INCIDENT[e.action] ?? `Incident ${DONE[e.action]}`) : `${entityLabel(e.entity)} ${DONE[e.action]}`,
  }));
}
