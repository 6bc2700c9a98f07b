import "server-only";
import { and, eq, getTableColumns, max } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Actor } from "@/domain/access";
import { type Refs, belongsTo, itemCites } from "@/domain/record/collection";
import { type Collection, collectionOf, isCollection } from "@/domain/record/collections";
import { itemBody, versionOnly } from "@/domain/record/edits";
import { DomainError, fieldError } from "@/domain/errors";
import { itemNaming } from "@/domain/record/naming";
import { parseInput } from "@/domain/input";
import type { Db } from "../client";
import { citesOf, itemIn, keyColumn } from "../read/items";
import { citation, translation } from "../schema";
import { type Tx, assertCanWrite, mutateIncident, setCitations } from "./mutate";

type Row = Record<string, unknown>;

const rowId = z.object({ id: z.number().int().positive() });

function findRow(tx: Tx, c: Collection, incidentId: number, id: number): Row | undefined {
  const { table } = collectionOf(c);
  return tx.select().from(table).where(and(eq(table.id, id), eq(table.incidentId, incidentId))).get();
}

/** Keys resolved to the ids of this incident's items; a key it does not have is the editor's mistake, said plainly. */
function refsIn(tx: Tx, incidentId: number): Refs {
  return {
    id: (to, key) => {
      if (!isCollection(to)) throw new Error(`no collection "${to}" to refer to`);
      const c = collectionOf(to);
      const column = keyColumn(to);
      const found = tx.select({ id: c.table.id }).from(c.table).where(and(eq(c.table.incidentId, incidentId), eq(column, key))).get();
      const item = { key: `editor.collections.${to}.one` };
      if (!found) throw new DomainError("invalid", { key: "problems.noItemKey", values: { item, key } }, { errors: [fieldError("item", { key: "problems.noItemKeyField", values: { item, key } })] });
      return rowId.parse(found).id;
    },
    key: () => {
      throw new Error("a write resolves keys to ids only");
    },
  };
}

/** The other item of the incident's collection whose `column` holds `value`, if one does. */
function holderOf(tx: Tx, c: Collection, incidentId: number, column: SQLiteColumn, value: unknown, selfId: number | null): Row | undefined {
  const { table } = collectionOf(c);
  const holder = tx.select().from(table).where(and(eq(table.incidentId, incidentId), eq(column, value))).get();
  return holder && holder.id !== selfId ? holder : undefined;
}

/** A field only one item of an incident may hold a value of (a duration's role): say who holds it, not a constraint error. */
function checkUnique(tx: Tx, c: Collection, incidentId: number, item: object, selfId: number | null): void {
  const spec = collectionOf(c);
  const unique = spec.unique;
  const value: unknown = unique ? new Map(Object.entries(item)).get(unique.field) : null;
  if (!unique || value === null || value === undefined) return;
  const holder = holderOf(tx, c, incidentId, unique.column, value, selfId);
  if (holder) {
    const name = spec.key ? String(holder.key) : String(holder.id);
    throw new DomainError("invalid", unique.taken(name, String(value)), { errors: [fieldError(`item.${unique.field}`, unique.holds(name))] });
  }
}

/** A key names one item of its collection in the incident: a second is refused in words, with a free one suggested. */
function checkKeyFree(tx: Tx, c: Collection, incidentId: number, item: object, selfId: number | null): void {
  const spec = collectionOf(c);
  const key: unknown = spec.key ? new Map(Object.entries(item)).get("key") : undefined;
  if (typeof key !== "string") return;
  const taken = (k: string) => holderOf(tx, c, incidentId, keyColumn(c), k, selfId) !== undefined;
  if (!taken(key)) return;
  let n = 2;
  while (taken(`${key}-${n}`)) n++;
  const said = { key: "problems.keyTaken", values: { item: { key: `editor.collections.${c}.one` }, key, suggestion: `${key}-${n}` } };
  throw new DomainError("invalid", said, { errors: [fieldError("item.key", said)] });
}

function snapshot(tx: Tx, c: Collection, row: Row | undefined) {
  if (!row) return null;
  const subject = collectionOf(c).subject;
  return subject ? { ...row, cites: citesOf(tx, subject, rowId.parse(row).id) } : row;
}

/** SQLite refuses what would leave a dangling reference; say which, instead of a bare constraint error. */
function guarded<T>(c: Collection, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const detail = message.replace(/^.*constraint failed: ?/i, "constraint failed ");
    if (/FOREIGN KEY|UNIQUE|CHECK/.test(message)) throw new DomainError("conflict", { key: "problems.constraint", values: { item: { key: `editor.collections.${c}.many` }, detail } });
    throw error;
  }
}

export function addItem({ db, actor, slug, collection, input }: { db: Db; actor: Actor; slug: string; collection: Collection; input: unknown }) {
  assertCanWrite(actor);
  const { version, item } = parseInput(itemBody(collection), input, itemNaming(collection));
  const spec = collectionOf(collection);
  const table = spec.table;
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    checkUnique(tx, collection, inc.id, item, null);
    checkKeyFree(tx, collection, inc.id, item, null);
    // New items go last; sources are ordered by their number instead.
    const positioned = "position" in getTableColumns(table);
    const last = positioned ? tx.select({ n: max(spec.order) }).from(table).where(eq(table.incidentId, inc.id)).get()?.n : null;
    const position = typeof last === "number" ? last + 1 : 0;
    const values = { ...spec.toRow(item, refsIn(tx, inc.id)), incidentId: inc.id, ...(positioned ? { position } : {}) };
    const row = guarded(collection, () => tx.insert(table).values(values).returning().get());
    const { id } = rowId.parse(row);
    if (spec.subject) setCitations(tx, inc.id, spec.subject, id, itemCites(item));
    return { action: "create", entity: collection, entityId: id, before: null, after: snapshot(tx, collection, row), result: { id } };
  });
}

type ItemArgs = { db: Db; actor: Actor; slug: string; collection: Collection; id: number };

/** An item replaced by `whole` (made in the transaction from what is stored): checked whole, with its before and after for the audit. */
function replaceItem({ db, actor, slug, collection, id }: ItemArgs, version: number | null, whole: (stored: Row) => unknown) {
  assertCanWrite(actor);
  const spec = collectionOf(collection);
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    const stored = itemIn(tx, collection, inc.id, id);
    if (!stored) throw new DomainError("not-found", { key: "problems.noItem", values: { collection, id, slug } });
    const before = snapshot(tx, collection, stored.row);
    const { item } = parseInput(itemOnly(collection), { item: whole(stored.item) }, itemNaming(collection));
    checkUnique(tx, collection, inc.id, item, id);
    checkKeyFree(tx, collection, inc.id, item, id);
    const values = spec.toRow(item, refsIn(tx, inc.id));
    guarded(collection, () => tx.update(spec.table).set(values).where(eq(spec.table.id, id)).run());
    if (spec.subject) setCitations(tx, inc.id, spec.subject, id, itemCites(item));
    const after = snapshot(tx, collection, findRow(tx, collection, inc.id, id));
    return { action: "update", entity: collection, entityId: id, before, after, result: { id } };
  });
}

/** An item replaced whole (the API's PUT). */
export function updateItem(args: ItemArgs & { input: unknown }) {
  const { version, item } = parseInput(itemBody(args.collection), args.input, itemNaming(args.collection));
  return replaceItem(args, version, () => item);
}

const itemOnly = (c: Collection) => z.strictObject({ item: collectionOf(c).schema });
const itemPatch = z.strictObject({ version: z.number().int().positive(), changes: z.record(z.string(), z.unknown()) });

/**
 * An item changed in the fields `changes` names only (the editor's save): the rest as stored when
 * the change is made, in the same transaction, so no save writes back a field its author did not touch.
 */
export function patchItem(args: ItemArgs & { input: unknown }) {
  const { version, changes } = parseInput(itemPatch, args.input);
  const fields = collectionOf(args.collection).fields;
  return replaceItem(args, version, (stored) => {
    const merged = { ...stored, ...changes };
    // A duration made stated keeps no events of the interval it was, nor an interval stated minutes.
    return Object.fromEntries(Object.entries(merged).filter(([name]) => fields.every((f) => f.name !== name || belongsTo(f, merged.kind))));
  });
}

export function removeItem(args: { db: Db; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { db, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version } = parseInput(versionOnly, input);
  const spec = collectionOf(collection);
  return mutateIncident(db, actor, slug, version, (tx, inc) => {
    const row = findRow(tx, collection, inc.id, id);
    if (!row) throw new DomainError("not-found", { key: "problems.noItem", values: { collection, id, slug } });
    const before = snapshot(tx, collection, row);
    if (spec.subject === null) {
      // Sources are what facts cite: one still cited stays, and says so.
      const users = tx.select({ type: citation.subjectType }).from(citation).where(eq(citation.sourceId, id)).all();
      if (users.length) throw new DomainError("conflict", { key: "problems.sourceCited", values: { number: String(row.number), count: users.length } });
    } else {
      tx.delete(citation).where(and(eq(citation.subjectType, spec.subject), eq(citation.subjectId, id))).run();
    }
    // Its translations go with it: they name it by row id, which no foreign key guards.
    tx.delete(translation).where(and(eq(translation.subject, collection), eq(translation.subjectId, id))).run();
    guarded(collection, () => tx.delete(spec.table).where(eq(spec.table.id, id)).run());
    return { action: "delete", entity: collection, entityId: id, before, after: null, result: { id } };
  });
}
