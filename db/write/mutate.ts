import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Actor, canWrite } from "@/domain/access";
import type { AuditAction } from "@/domain/audit";
import type { CitationSubject } from "@/domain/record/constants";
import { DomainError, fieldError } from "@/domain/errors";
import { recordAudit } from "../audit";
import { lockRow } from "../dialect";
import type { Store, Tx } from "../store/store";
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
async function keepsTheRules(tx: Tx, incidentId: number, entity: string): Promise<void> {
  const row = await tx.select().from(incident).where(eq(incident.id, incidentId)).get();
  if (!row) return;
  const problems = recordProblems((await recordIn(tx, row)).record);
  const first = problems[0];
  if (!first) return;
  const fields = [...new Set(problems.flatMap((p) => p.at.filter((a) => a.collection === entity).map((a) => a.field)))];
  throw new DomainError("invalid", first.said, { errors: fields.map((field) => fieldError(`item.${field}`, first.said)) });
}

type Change<R> = { action: AuditAction; entity: string; entityId: number | null; before: unknown; after: unknown; result: R };

/**
 * The incident a change is made to, its row locked for the rest of the write (PostgreSQL's writes run
 * side by side), on the version the change was based on.
 */
async function lockedIncident(tx: Tx, slug: string, version: number | null): Promise<IncidentRow> {
  const found = await tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, slug)).get();
  // Read again once locked: a write that committed meanwhile is seen whole.
  if (found) await lockRow(tx, "incident", found.id);
  const current = found && (await tx.select().from(incident).where(eq(incident.id, found.id)).get());
  if (!current) throw new DomainError("not-found", { key: "problems.noIncident", values: { slug } });
  if (version !== null && current.version !== version) {
    throw new DomainError("conflict", { key: "problems.stale", values: { version, current: current.version } }, { currentVersion: current.version });
  }
  return current;
}

/**
 * The shape of every edit: who may, on which version, in one transaction that also bumps the
 * incident's version and appends the audit entry. A stale version is refused, never overwritten;
 * a null version (a command at the server's shell) changes whatever version is current.
 */
export async function mutateIncident<R>(
  store: Store,
  actor: Actor,
  slug: string,
  version: number | null,
  change: (tx: Tx, current: IncidentRow) => Promise<Change<R>>,
): Promise<R & { version: number }> {
  assertCanWrite(actor);
  return writeTransaction(store, async (tx) => {
    const current = await lockedIncident(tx, slug, version);
    const done = await change(tx, current);
    if (RULED_ENTITIES.has(done.entity)) await keepsTheRules(tx, current.id, done.entity);
    const next = current.version + 1;
    await tx
      .update(incident)
      .set({ version: next, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, ...(await listingOf(tx, current.id)) })
      .where(eq(incident.id, current.id))
      .run();
    const auditId = await recordAudit(tx, {
      actor,
      incident: { id: current.id, slug: done.action === "delete" && done.entity === "incident" ? slug : current.slug },
      action: done.action,
      entity: done.entity,
      entityId: done.entityId,
      before: done.before,
      after: done.after,
    });
    const now = new Date();
    const news = await newsOfChange(tx, current, done, now);
    if (news) await announce(tx, { auditId, incidentId: current.id, payload: news, now: now.getTime() });
    return { ...done.result, version: next };
  });
}

/** Replaces the sources a fact cites; every number must be one of this incident's sources. */
export async function setCitations(tx: Tx, incidentId: number, subjectType: CitationSubject, subjectId: number, numbers: number[]): Promise<void> {
  const wanted = [...new Set(numbers)];
  const found = wanted.length
    ? await tx
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
  await tx.delete(citation).where(and(eq(citation.subjectType, subjectType), eq(citation.subjectId, subjectId))).run();
  for (const s of found) await tx.insert(citation).values({ sourceId: s.id, subjectType, subjectId }).run();
}
