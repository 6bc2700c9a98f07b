import "server-only";
import { asc, eq } from "drizzle-orm";
import { type Actor, actorLabel } from "@/domain/access";
import type { AuditAction } from "@/domain/audit";
import type { Tx } from "./store/store";
import { auditEntry } from "./schema";

/** Appends one entry, and gives its id; called inside the transaction of the change it records, so both or neither land. */
export async function recordAudit(
  tx: Tx,
  entry: {
    actor: Actor;
    incident: { id: number; slug: string } | null;
    action: AuditAction;
    entity: string;
    entityId: number | null;
    before: unknown;
    after: unknown;
  },
): Promise<number> {
  const made = await tx
    .insert(auditEntry)
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
    .returning({ id: auditEntry.id })
    .get();
  return made.id;
}

export function auditTrail(tx: Tx, incidentId: number) {
  return tx.select().from(auditEntry).where(eq(auditEntry.incidentId, incidentId)).orderBy(asc(auditEntry.id)).all();
}

/** The entries readers may learn of (view/changes.ts words them): never the actor. */
export function publicChanges(tx: Tx, incidentId: number) {
  return tx
    .select({ at: auditEntry.at, action: auditEntry.action, entity: auditEntry.entity, before: auditEntry.before, after: auditEntry.after })
    .from(auditEntry)
    .where(eq(auditEntry.incidentId, incidentId))
    .orderBy(asc(auditEntry.id))
    .all();
}
