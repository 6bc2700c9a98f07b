import "server-only";
import { and, eq, max } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { type CitationSubject, DURATION_ROLES } from "@/domain/record/constants";
import { DomainError } from "@/domain/errors";
import { type Collection, COLLECTIONS } from "@/domain/record/collections";
import { incidentVersion, versionOnly } from "@/domain/record/common";
import { parseInput } from "@/domain/input";
import type { Db } from "../client";
import { COLLECTION_TABLES, type CollectionTable } from "../collections";
import { citation, durationClaim, event } from "../schema";
import { type Tx, assertCanWrite, citesOf, mutateIncident, setCitations } from "./mutate";

type AnyTable = CollectionTable;
type Row = { id: number; incidentId: number } & Record<string, unknown>;

/** The item is checked inside the body, so its errors name their field as "item.title". */
const itemBody = (collection: Collection) => z.strictObject({ version: incidentVersion, item: COLLECTIONS[collection].schema });

function findRow(tx: Tx, table: AnyTable, incidentId: number, id: number): Row | undefined {
  return tx.select().from(table).where(and(eq(table.id, id), eq(table.incidentId, incidentId))).get() as Row | undefined;
}

/** Turns an item in its plain form (keys, source numbers) into column values. */
function toColumns(tx: Tx, collection: Collection, incidentId: number, item: Record<string, unknown>, selfId: number | null = null): Record<string, unknown> {
  const { cites: _cites, ...fields } = item;
  if (collection !== "durations") return fields;
  const role = z.enum(DURATION_ROLES).safeParse(fields.role);
  if (role.success) {
    const holder = tx
      .select({ id: durationClaim.id, key: durationClaim.key })
      .from(durationClaim)
      .where(and(eq(durationClaim.incidentId, incidentId), eq(durationClaim.role, role.data)))
      .get();
    if (holder && holder.id !== selfId) {
      throw new DomainError("invalid", `The duration "${holder.key}" already stands for the ${role.data}; clear its role first.`, {
        errors: [{ field: "item.role", message: `"${holder.key}" has this role` }],
      });
    }
  }
  const eventId = (key: unknown) => {
    if (key === undefined) return null;
    const found = tx.select({ id: event.id }).from(event).where(and(eq(event.incidentId, incidentId), eq(event.key, String(key)))).get();
    if (!found) throw new DomainError("invalid", `No event "${String(key)}" in this incident.`, { errors: [{ field: "item", message: `unknown event ${String(key)}` }] });
    return found.id;
  };
  const { from, to, contests, statedMinutes, ...rest } = fields;
  const contestsId =
    contests === null || contests === undefined
      ? null
      : (tx.select({ id: durationClaim.id }).from(durationClaim).where(and(eq(durationClaim.incidentId, incidentId), eq(durationClaim.key, String(contests)))).get()?.id ??
        (() => {
          throw new DomainError("invalid", `No duration "${String(contests)}" to contest.`);
        })());
  return { ...rest, fromEventId: eventId(from), toEventId: eventId(to), statedMinutes: statedMinutes ?? null, contestsId };
}

function snapshot(tx: Tx, collection: Collection, row: Row | undefined) {
  if (!row) return null;
  const subject = COLLECTIONS[collection].subject;
  return subject ? { ...row, cites: citesOf(tx, subject, row.id) } : row;
}

/** SQLite refuses what would leave a dangling reference; say which, instead of a bare constraint error. */
function guarded<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const message = (error as Error).message;
    if (/FOREIGN KEY|UNIQUE|CHECK/.test(message)) throw new DomainError("conflict", `${what}: ${message.replace(/^.*constraint failed: ?/i, "constraint failed ")}.`);
    throw error;
  }
}

export function addItem({ db, actor, slug, collection, input }: { db: Db; actor: Actor; slug: string; collection: Collection; input: unknown }) {
  assertCanWrite(actor);
  const { version, item: parsed } = parseInput(itemBody(collection), input);
  const table = COLLECTION_TABLES[collection];
  const subject = COLLECTIONS[collection].subject;
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    // New items go last; sources are ordered by their number instead.
    const position = "position" in table ? (tx.select({ n: max(table.position) }).from(table).where(eq(table.incidentId, inc.id)).get()?.n ?? -1) + 1 : null;
    const values = { ...toColumns(tx, collection, inc.id, parsed), incidentId: inc.id, ...(position === null ? {} : { position }) };
    const row = guarded(`Cannot add to ${collection}`, () => tx.insert(table).values(values as never).returning().get() as unknown as Row);
    if (subject) setCitations(tx, inc.id, subject, row.id, "cites" in parsed ? parsed.cites : []);
    return { action: "create", entity: collection, entityId: row.id, before: null, after: snapshot(tx, collection, row), result: { id: row.id } };
  });
}

export function updateItem(args: { db: Db; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { db, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version, item: parsed } = parseInput(itemBody(collection), input);
  const table = COLLECTION_TABLES[collection];
  const subject = COLLECTIONS[collection].subject;
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    const before = findRow(tx, table, inc.id, id);
    if (!before) throw new DomainError("not-found", `No ${collection} item ${id} in "${slug}".`);
    const beforeSnapshot = snapshot(tx, collection, before);
    guarded(`Cannot change ${collection} item ${id}`, () =>
      tx.update(table).set(toColumns(tx, collection, inc.id, parsed, id) as never).where(eq(table.id, id)).run(),
    );
    if (subject) setCitations(tx, inc.id, subject, id, "cites" in parsed ? parsed.cites : []);
    const after = snapshot(tx, collection, findRow(tx, table, inc.id, id));
    return { action: "update", entity: collection, entityId: id, before: beforeSnapshot, after, result: { id } };
  });
}

export function removeItem(args: { db: Db; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { db, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version } = parseInput(versionOnly, input);
  const table = COLLECTION_TABLES[collection];
  const subject = COLLECTIONS[collection].subject;
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    const before = findRow(tx, table, inc.id, id);
    if (!before) throw new DomainError("not-found", `No ${collection} item ${id} in "${slug}".`);
    const beforeSnapshot = snapshot(tx, collection, before);
    if (collection === "sources") {
      const users = tx.select({ type: citation.subjectType }).from(citation).where(eq(citation.sourceId, id)).all();
      if (users.length) throw new DomainError("conflict", `Source [${String(before.number)}] is cited by ${users.length} fact(s); change those citations first.`);
    }
    if (subject) tx.delete(citation).where(and(eq(citation.subjectType, subject as CitationSubject), eq(citation.subjectId, id))).run();
    guarded(`Cannot delete ${collection} item ${id} (something refers to it)`, () => tx.delete(table).where(eq(table.id, id)).run());
    return { action: "delete", entity: collection, entityId: id, before: beforeSnapshot, after: null, result: { id } };
  });
}
