import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Actor, canWrite } from "@/domain/access";
import type { AuditAction } from "@/domain/audit";
import type { CitationSubject } from "@/domain/record/constants";
import { DomainError, fieldError } from "@/domain/errors";
import { recordAudit } from "../audit";
import type { Db, Tx } from "../client";
import { source } from "@/domain/record/collections/sources";
import { citation, incident } from "../schema";
import { recordIn } from "../read/incident";
import { RULED_ENTITIES, recordProblems } from "@/domain/record/checks";
import { announce } from "../outbox/announce";
import { listingOf } from "./listing";
import { writeTransaction } from "../transaction";
import { newsOfChange } from "./news";

export type { Tx };

export type IncidentRow = typeof incident.$inferSelect;

export function assertCanWrite(actor: Actor): void {
  if (actor.kind === "anonymous") throw new DomainError("unauthenticated", { key: "problems.signInToWrite" });
  if (!canWrite(actor)) throw new DomainError("forbidden", { key: "problems.readOnlyToken" });
}

/** The record after a change must keep the rules no single item can check (domain/record/checks.ts); if not, nothing is written. */
function keepsTheRules(tx: Tx, incidentId: number, entity: string): void {
  const row = tx.select().from(incident).where(eq(incident.id, incidentId)).get();
  if (!row) return;
  const problems = recordProblems(recordIn(tx, row).record);
  const first = problems[0];
  if (!first) return;
  const fields = [...new Set(problems.flatMap((p) => p.at.filter((a) => a.collection === entity).map((a) => a.field)))];
  throw new DomainError("invalid", first.said, { errors: fields.map((field) => fieldError(`item.${field}`, first.said)) });
}

type Change<R> = { action: AuditAction; entity: string; entityId: number | null; before: unknown; after: unknown; result: R };

/**
 * The shape of every edit: who may, on which version, in one transaction that also bumps the
 * incident's version and appends the audit entry. A stale version is refused, never overwritten;
 * a null version (a command at the server's shell) changes whatever version is current.
 */
export function mutateIncident<R>(
  db: Db,
  actor: Actor,
  slug: string,
  version: number | null,
  change: (tx: Tx, current: IncidentRow) => Change<R>,
): R & { version: number } {
  assertCanWrite(actor);
  return writeTransaction(db, (tx) => {
    const current = tx.select().from(incident).where(eq(incident.slug, slug)).get();
    if (!current) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
    if (version !== null && current.version !== version) {
      throw new DomainError(
        "conflict",
        { key: "problems.stale", values: { version, current: current.version } },
        { currentVersion: current.version },
      );
    }
    const done = change(tx, current);
    if (RULED_ENTITIES.has(done.entity)) keepsTheRules(tx, current.id, done.entity);
    const next = current.version + 1;
    tx.update(incident)
      .set({ version: next, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, ...listingOf(tx, current.id) })
      .where(eq(incident.id, current.id))
      .run();
    const auditId = recordAudit(tx, {
      actor,
      incident: { id: current.id, slug: done.action === "delete" && done.entity === "incident" ? slug : current.slug },
      action: done.action,
      entity: done.entity,
      entityId: done.entityId,
      before: done.before,
      after: done.after,
    });
    const now = new Date();
    const news = newsOfChange(tx, current, done, now);
    if (news) announce(tx, { auditId, incidentId: current.id, payload: news, now: now.getTime() });
    return { ...done.result, version: next };
  });
}

/** Replaces the sources a fact cites; every number must be one of this incident's sources. */
export function setCitations(tx: Tx, incidentId: number, subjectType: CitationSubject, subjectId: number, numbers: number[]): void {
  const wanted = [...new Set(numbers)];
  const found = wanted.length
    ? tx
        .select({ id: source.id, number: source.number })
        .from(source)
        .where(and(eq(source.incidentId, incidentId), inArray(source.number, wanted)))
        .all()
    : [];
  const missing = wanted.filter((n) => !found.some((s) => s.number === n));
  if (missing.length) {
    const numbers = missing.map((n) => `[${n}]`).join(", ");
    throw new DomainError("invalid", { key: "problems.unknownSources", values: { numbers } }, { errors: [fieldError("cites", { key: "problems.unknownSourcesField", values: { numbers } })] });
  }
  tx.delete(citation).where(and(eq(citation.subjectType, subjectType), eq(citation.subjectId, subjectId))).run();
  for (const s of found) tx.insert(citation).values({ sourceId: s.id, subjectType, subjectId }).run();
}
