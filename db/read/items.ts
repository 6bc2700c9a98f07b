import "server-only";
import { and, asc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import type { Refs } from "@/domain/record/collection";
import { COLLECTION_NAMES, type Collection, collectionOf, isCollection, perCollection } from "@/domain/record/collections";
import { source } from "@/domain/record/collections/sources";
import type { CitationSubject } from "@/domain/record/constants";
import { incidentSchema } from "@/domain/record/incident";
import type { Tx } from "../store/store";
import { citation } from "../schema";

export type Cites = (type: CitationSubject, subject: number) => number[];
type Row = Record<string, unknown>;

const rowId = z.number().int().positive();
const rowKey = z.string();

/** Every citation of one incident's facts, by what cites: one query for the whole record. */
export async function citationsOf(tx: Tx, incidentId: number): Promise<Cites> {
  const cited = new Map<string, number[]>();
  const rows = await tx
    .select({ type: citation.subjectType, subject: citation.subjectId, number: source.number })
    .from(citation)
    .innerJoin(source, eq(citation.sourceId, source.id))
    .where(eq(source.incidentId, incidentId))
    .orderBy(asc(source.number))
    .all();
  for (const c of rows) cited.set(`${c.type}:${c.subject}`, [...(cited.get(`${c.type}:${c.subject}`) ?? []), c.number]);
  return (type, subject) => cited.get(`${type}:${subject}`) ?? [];
}

const INCIDENT_FIELDS = Object.keys(incidentSchema.shape).filter((f) => f !== "cites");

/** The incident's own fields of its row, as the record names them (its citations apart). */
export const incidentFields = (row: object): Row => {
  const values = new Map(Object.entries(row));
  return Object.fromEntries(INCIDENT_FIELDS.map((f) => [f, values.get(f)]));
};

/** The rows of one collection of an incident, in the collection's order. */
export async function itemRows(tx: Tx, c: Collection, incidentId: number): Promise<Row[]> {
  const { table, order } = collectionOf(c);
  return tx.select().from(table).where(eq(table.incidentId, incidentId)).orderBy(asc(order)).all();
}

/** The column a keyed collection's items are known by to the others. */
export function keyColumn(c: Collection) {
  const column = getTableColumns(collectionOf(c).table).key;
  if (!column) throw new Error(`${c} has no key column, so nothing can refer to its items`);
  return column;
}

/**
 * Every collection of an incident as the record holds it (keys where the rows hold ids, the
 * citations as source numbers), with each item's row id, in the same order.
 */
export async function readItems(tx: Tx, incidentId: number, cites: Cites, slug: string): Promise<{ record: Record<Collection, Row[]>; ids: Record<Collection, number[]> }> {
  const rows = new Map<Collection, Row[]>();
  for (const c of COLLECTION_NAMES) rows.set(c, await itemRows(tx, c, incidentId));
  const keys = new Map<string, Map<number, string>>();
  for (const [c, list] of rows) {
    if (collectionOf(c).key) keys.set(c, new Map(list.map((r) => [rowId.parse(r.id), rowKey.parse(r.key)])));
  }
  const refs: Refs = {
    id: () => null,
    key: (c, id) => {
      const found = keys.get(c)?.get(id);
      if (found === undefined) throw new Error(`dangling reference to ${c} ${id} in incident ${slug}`);
      return found;
    },
  };
  const of = (c: Collection) => rows.get(c) ?? [];
  const item = (c: Collection, row: Row) => {
    const { subject, fromRow } = collectionOf(c);
    return { ...fromRow(row, refs), ...(subject ? { cites: cites(subject, rowId.parse(row.id)) } : {}) };
  };
  return { record: perCollection((c) => of(c).map((row) => item(c, row))), ids: perCollection((c) => of(c).map((row) => rowId.parse(row.id))) };
}

/** One item of an incident, its row and as the record holds it (keys where the row holds ids, citations as source numbers); null when it has none of that id. */
export async function itemIn(tx: Tx, c: Collection, incidentId: number, id: number): Promise<{ row: Row; item: Row } | null> {
  const { table, subject, fromRow } = collectionOf(c);
  const row: Row | undefined = await tx.select().from(table).where(and(eq(table.id, id), eq(table.incidentId, incidentId))).get();
  if (!row) return null;
  // The row's references are read first (a query is awaited), then handed to fromRow, which asks for them as it maps.
  const asked: Array<[string, number]> = [];
  fromRow(row, { id: () => null, key: (to, refId) => (asked.push([to, refId]), "") });
  const keys = new Map<string, string>();
  for (const [to, refId] of asked) {
    if (!isCollection(to)) throw new Error(`no collection "${to}" to refer to`);
    const target = collectionOf(to).table;
    const found = await tx.select({ key: keyColumn(to) }).from(target).where(eq(target.id, refId)).get();
    if (!found) throw new Error(`dangling reference to ${to} ${refId} in incident ${incidentId}`);
    keys.set(`${to}:${refId}`, rowKey.parse(found.key));
  }
  const refs: Refs = {
    id: () => null,
    key: (to, refId) => {
      const found = keys.get(`${to}:${refId}`);
      if (found === undefined) throw new Error(`dangling reference to ${to} ${refId} in incident ${incidentId}`);
      return found;
    },
  };
  return { row, item: subject ? { ...fromRow(row, refs), cites: await citesOf(tx, subject, id) } : fromRow(row, refs) };
}

/** The source numbers one fact cites, in order. */
export async function citesOf(tx: Tx, subjectType: CitationSubject, subjectId: number): Promise<number[]> {
  const rows = await tx
    .select({ number: source.number })
    .from(citation)
    .innerJoin(source, eq(citation.sourceId, source.id))
    .where(and(eq(citation.subjectType, subjectType), eq(citation.subjectId, subjectId)))
    .orderBy(asc(source.number))
    .all();
  return rows.map((r) => r.number);
}
