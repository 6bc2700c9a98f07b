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
import { brokenConstraint } from "../dialect";
import type { Store } from "../store/store";
import { citesOf, itemIn, keyColumn } from "../read/items";
import { citation, translation } from "../schema";
import { type Tx, assertCanWrite, mutateIncident, setCitations } from "./mutate";

type Row = Record<string, unknown>;

const rowId = z.object({ id: z.number().int().positive() });

async function findRow(tx: Tx, c: Collection, incidentId: number, id: number): Promise<Row | undefined> {
  const { table } = collectionOf(c);
  return tx.select().from(table).where(and(eq(table.id, id), eq(table.incidentId, incidentId))).get();
}

/**
 * Keys resolved to the ids of this incident's items (read first: an item's refs are resolved
 * synchronously); a key it does not have is the editor's mistake, said plainly.
 */
async function refsIn(tx: Tx, incidentId: number, c: Collection, item: object): Promise<Refs> {
  const ids = new Map<string, number>();
  for (const { to, key } of collectionOf(c).refers?.(item) ?? []) {
    if (!isCollection(to)) throw new Error(`no collection "${to}" to refer to`);
    const spec = collectionOf(to);
    const found = await tx.select({ id: spec.table.id }).from(spec.table).where(and(eq(spec.table.incidentId, incidentId), eq(keyColumn(to), key))).get();
    if (found) ids.set(`${to}\u0000${key}`, rowId.parse(found).id);
  }
  return {
    id: (to, key) => {
      const found = ids.get(`${to}\u0000${key}`);
      const item = { key: `editor.collections.${to}.one` };
      if (found === undefined) throw new DomainError("invalid", { key: "problems.noItemKey", values: { item, key } }, { errors: [fieldError("item", { key: "problems.noItemKeyField", values: { item, key } })] });
      return found;
    },
    key: () => {
      throw new Error("a write resolves keys to ids only");
    },
  };
}

/** The other item of the incident's collection whose `column` holds `value`, if one does. */
async function holderOf(tx: Tx, c: Collection, incidentId: number, column: SQLiteColumn, value: unknown, selfId: number | null): Promise<Row | undefined> {
  const { table } = collectionOf(c);
  const holder = await tx.select().from(table).where(and(eq(table.incidentId, incidentId), eq(column, value))).get();
  return holder && holder.id !== selfId ? holder : undefined;
}

/** A field only one item of an incident may hold a value of (a duration's role): say who holds it, not a constraint error. */
async function checkUnique(tx: Tx, c: Collection, incidentId: number, item: object, selfId: number | null): Promise<void> {
  const spec = collectionOf(c);
  const unique = spec.unique;
  const value: unknown = unique ? new Map(Object.entries(item)).get(unique.field) : null;
  if (!unique || value === null || value === undefined) return;
  const holder = await holderOf(tx, c, incidentId, unique.column, value, selfId);
  if (holder) {
    const name = spec.key ? String(holder.key) : String(holder.id);
    throw new DomainError("invalid", unique.taken(name, String(value)), { errors: [fieldError(`item.${unique.field}`, unique.holds(name))] });
  }
}

/** A key names one item of its collection in the incident: a second is refused in words, with a free one suggested. */
async function checkKeyFree(tx: Tx, c: Collection, incidentId: number, item: object, selfId: number | null): Promise<void> {
  const spec = collectionOf(c);
  const key: unknown = spec.key ? new Map(Object.entries(item)).get("key") : undefined;
  if (typeof key !== "string") return;
  const taken = async (k: string) => (await holderOf(tx, c, incidentId, keyColumn(c), k, selfId)) !== undefined;
  if (!(await taken(key))) return;
  let n = 2;
  while (await taken(`${key}-${n}`)) n++;
  const said = { key: "problems.keyTaken", values: { item: { key: `editor.collections.${c}.one` }, key, suggestion: `${key}-${n}` } };
  throw new DomainError("invalid", said, { errors: [fieldError("item.key", said)] });
}

async function snapshot(tx: Tx, c: Collection, row: Row | undefined) {
  if (!row) return null;
  const subject = collectionOf(c).subject;
  return subject ? { ...row, cites: await citesOf(tx, subject, rowId.parse(row).id) } : row;
}

/**
 * The database refuses what would leave a dangling reference: say which, instead of a bare
 * constraint error. The refusal ends the write (PostgreSQL has aborted its transaction).
 */
async function guarded<T>(c: Collection, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const detail = brokenConstraint(error);
    if (detail !== null) throw new DomainError("conflict", { key: "problems.constraint", values: { item: { key: `editor.collections.${c}.many` }, detail } });
    throw error;
  }
}

export async function addItem({ store, actor, slug, collection, input }: { store: Store; actor: Actor; slug: string; collection: Collection; input: unknown }) {
  assertCanWrite(actor);
  const { version, item } = parseInput(itemBody(collection), input, itemNaming(collection));
  const spec = collectionOf(collection);
  const table = spec.table;
  return mutateIncident(store, actor, slug, version, async (tx, inc) => {
    await checkUnique(tx, collection, inc.id, item, null);
    await checkKeyFree(tx, collection, inc.id, item, null);
    // New items go last; sources are ordered by their number instead.
    const positioned = "position" in getTableColumns(table);
    const last = positioned ? (await tx.select({ n: max(spec.order) }).from(table).where(eq(table.incidentId, inc.id)).get())?.n : null;
    const position = typeof last === "number" ? last + 1 : 0;
    const values = { ...spec.toRow(item, await refsIn(tx, inc.id, collection, item)), incidentId: inc.id, ...(positioned ? { position } : {}) };
    const row = await guarded(collection, () => tx.insert(table).values(values).returning().get());
    const { id } = rowId.parse(row);
    if (spec.subject) await setCitations(tx, inc.id, spec.subject, id, itemCites(item));
    return { action: "create", entity: collection, entityId: id, before: null, after: await snapshot(tx, collection, row), result: { id } };
  });
}

type ItemArgs = { store: Store; actor: Actor; slug: string; collection: Collection; id: number };

/** An item replaced by `whole` (made in the transaction from what is stored): checked whole, with its before and after for the audit. */
async function replaceItem({ store, actor, slug, collection, id }: ItemArgs, version: number | null, whole: (stored: Row) => unknown) {
  assertCanWrite(actor);
  const spec = collectionOf(collection);
  return mutateIncident(store, actor, slug, version, async (tx, inc) => {
    const stored = await itemIn(tx, collection, inc.id, id);
    if (!stored) throw new DomainError("not-found", { key: "problems.noItem", values: { collection, id, slug } });
    const before = await snapshot(tx, collection, stored.row);
    const { item } = parseInput(itemOnly(collection), { item: whole(stored.item) }, itemNaming(collection));
    await checkUnique(tx, collection, inc.id, item, id);
    await checkKeyFree(tx, collection, inc.id, item, id);
    const values = spec.toRow(item, await refsIn(tx, inc.id, collection, item));
    await guarded(collection, () => tx.update(spec.table).set(values).where(eq(spec.table.id, id)).run());
    if (spec.subject) await setCitations(tx, inc.id, spec.subject, id, itemCites(item));
    const after = await snapshot(tx, collection, await findRow(tx, collection, inc.id, id));
    return { action: "update", entity: collection, entityId: id, before, after, result: { id } };
  });
}

/** An item replaced whole (the API's PUT). */
export async function updateItem(args: ItemArgs & { input: unknown }) {
  const { version, item } = parseInput(itemBody(args.collection), args.input, itemNaming(args.collection));
  return replaceItem(args, version, () => item);
}

const itemOnly = (c: Collection) => z.strictObject({ item: collectionOf(c).schema });
const itemPatch = z.strictObject({ version: z.number().int().positive(), changes: z.record(z.string(), z.unknown()) });

/**
 * An item changed in the fields `changes` names only (the editor's save): the rest as stored when
 * the change is made, in the same transaction, so no save writes back a field its author did not touch.
 */
export async function patchItem(args: ItemArgs & { input: unknown }) {
  const { version, changes } = parseInput(itemPatch, args.input);
  const fields = collectionOf(args.collection).fields;
  return replaceItem(args, version, (stored) => {
    const merged = { ...stored, ...changes };
    // A duration made stated keeps no events of the interval it was, nor an interval stated minutes.
    return Object.fromEntries(Object.entries(merged).filter(([name]) => fields.every((f) => f.name !== name || belongsTo(f, merged.kind))));
  });
}

export async function removeItem(args: { store: Store; actor: Actor; slug: string; collection: Collection; id: number; input: unknown }) {
  const { store, actor, slug, collection, id, input } = args;
  assertCanWrite(actor);
  const { version } = parseInput(versionOnly, input);
  const spec = collectionOf(collection);
  return mutateIncident(store, actor, slug, version, async (tx, inc) => {
    const row = await findRow(tx, collection, inc.id, id);
    if (!row) throw new DomainError("not-found", { key: "problems.noItem", values: { collection, id, slug } });
    const before = await snapshot(tx, collection, row);
    if (spec.subject === null) {
      // Sources are what facts cite: one still cited stays, and says so.
      const users = await tx.select({ type: citation.subjectType }).from(citation).where(eq(citation.sourceId, id)).all();
      if (users.length) throw new DomainError("conflict", { key: "problems.sourceCited", values: { number: String(row.number), count: users.length } });
    } else {
      await tx.delete(citation).where(and(eq(citation.subjectType, spec.subject), eq(citation.subjectId, id))).run();
    }
    // Its translations go with it: they name it by row id, which no foreign key guards.
    await tx.delete(translation).where(and(eq(translation.subject, collection), eq(translation.subjectId, id))).run();
    await guarded(collection, () => tx.delete(spec.table).where(eq(spec.table.id, id)).run());
    return { action: "delete", entity: collection, entityId: id, before, after: null, result: { id } };
  });
}
