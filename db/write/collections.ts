import "server-only";
import { and, eq, max } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/lib/actor";
import type { CitationSubject } from "@/lib/constants";
import { DomainError } from "@/lib/domain-error";
import { type EditableCollection, EDITABLE_COLLECTIONS } from "@/lib/editor-fields";
import { itemSchemas } from "@/seed/format";
import { isValidPreciseTime } from "@/lib/precise-time";
import type { Db } from "../client";
import { citation, contextFact, durationClaim, event, figure, finding, findingReaction, recommendation, source } from "../schema";
import { type Tx, assertCanWrite, citesOf, mutateIncident, parseInput, setCitations } from "./mutate";

const TABLES = {
  events: { table: event, subject: "event" },
  sources: { table: source, subject: null },
  figures: { table: figure, subject: "figure" },
  durations: { table: durationClaim, subject: "duration_claim" },
  findings: { table: finding, subject: "finding" },
  reactions: { table: findingReaction, subject: "finding_reaction" },
  recommendations: { table: recommendation, subject: "recommendation" },
  context: { table: contextFact, subject: "context_fact" },
} as const satisfies Record<EditableCollection, { table: unknown; subject: CitationSubject | null }>;

// One list of collections for the API, the editor and the seed: lib/editor-fields owns it.
export type Collection = EditableCollection;
export const COLLECTIONS = EDITABLE_COLLECTIONS;
export const collectionSchema = (c: Collection) => itemSchemas[c];

type AnyTable = (typeof TABLES)[Collection]["table"];
type Row = { id: number; incidentId: number } & Record<string, unknown>;

const versioned = z.object({ version: z.number().int().positive(), item: z.unknown() });

function findRow(tx: Tx, table: AnyTable, incidentId: number, id: number): Row | undefined {
  return tx.select().from(table).where(and(eq(table.id, id), eq(table.incidentId, incidentId))).get() as Row | undefined;
}

/** Turns an item in its plain form (keys, source numbers) into column values. */
function toColumns(tx: Tx, collection: Collection, incidentId: number, item: Record<string, unknown>): Record<string, unknown> {
  const { cites: _cites, ...fields } = item;
  if (collection === "events" && !isValidPreciseTime({ at: fields.at as string | null, precision: fields.precision as never })) {
    throw new DomainError("invalid", `"${String(fields.at)}" is not a ${String(fields.precision)}-precision UTC time.`, {
      errors: [{ field: "item.at", message: "does not match its precision" }],
    });
  }
  if (collection !== "durations") return fields;
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
  const subject = TABLES[collection].subject;
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
  const { version, item } = parseInput(versioned, input);
  const parsed = parseInput(itemSchemas[collection], item) as Record<string, unknown>;
  const { table, subject } = TABLES[collection];
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    // New items go last; sources are ordered by their number instead.
    const position = "position" in table ? (tx.select({ n: max(table.position) }).from(table).where(eq(table.incidentId, inc.id)).get()?.n ?? -1) + 1 : null;
    const values = { ...toColumns(tx, collection, inc.id, parsed), incidentId: inc.id, ...(position === null ? {} : { position }) };
    const row = guarded(`Cannot add to ${collection}`, () => tx.insert(table).values(values as never).returning().get() as unknown as Row);
    if (subject) setCitations(tx, inc.id, subject, row.id, (parsed.cites as number[]) ?? []);
    return { action: "create", entity: collection, entityId: row.id, before: null, after: snapshot(tx, collection, row), result: { id: row.id } };
  });
}

export function updateItem(args: { db: Db; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { db, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version, item } = parseInput(versioned, input);
  const parsed = parseInput(itemSchemas[collection], item) as Record<string, unknown>;
  const { table, subject } = TABLES[collection];
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    const before = findRow(tx, table, inc.id, id);
    if (!before) throw new DomainError("not-found", `No ${collection} item ${id} in "${slug}".`);
    const beforeSnapshot = snapshot(tx, collection, before);
    guarded(`Cannot change ${collection} item ${id}`, () =>
      tx.update(table).set(toColumns(tx, collection, inc.id, parsed) as never).where(eq(table.id, id)).run(),
    );
    if (subject) setCitations(tx, inc.id, subject, id, (parsed.cites as number[]) ?? []);
    const after = snapshot(tx, collection, findRow(tx, table, inc.id, id));
    return { action: "update", entity: collection, entityId: id, before: beforeSnapshot, after, result: { id } };
  });
}

export function removeItem(args: { db: Db; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { db, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version } = parseInput(z.object({ version: z.number().int().positive() }), input);
  const { table, subject } = TABLES[collection];
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
