import "server-only";
import { eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { type Refs, itemCites } from "@/domain/record/collection";
import { COLLECTION_NAMES, type Collection, collectionOf } from "@/domain/record/collections";
import type { CitationSubject } from "@/domain/record/constants";
import type { IncidentRecord } from "@/domain/record/record";
import type { Tx } from "../store/store";
import { citation, incident } from "../schema";
import { source } from "@/domain/record/collections/sources";

const rowId = z.object({ id: z.number().int().positive() });

/** Sources first, since every fact cites them; then each collection after those its items name. */
function insertOrder(record: IncidentRecord): Collection[] {
  const needs = new Map<Collection, Set<string>>();
  for (const c of COLLECTION_NAMES) {
    const refers = collectionOf(c).refers;
    const items: readonly object[] = record[c];
    needs.set(c, new Set(items.flatMap((item) => (refers?.(item) ?? []).map((r) => r.to)).filter((to) => to !== c)));
  }
  const order: Collection[] = ["sources"];
  while (order.length < COLLECTION_NAMES.length) {
    const next = COLLECTION_NAMES.find((c) => !order.includes(c) && [...(needs.get(c) ?? [])].every((to) => order.some((o) => o === to)));
    if (!next) throw new Error("the collections refer to each other in a circle");
    order.push(next);
  }
  return order;
}

/**
 * Writes a whole incident and its items, in their order, inside the caller's transaction; returns its
 * id. `updatedAt`: the record's last edit where it came with one (else the database's now).
 */
export async function insertRecord(tx: Tx, record: IncidentRecord, updatedAt?: string): Promise<number> {
  const { cites: incidentCites, ...fields } = record.incident;
  const affectedShape = record.affectedShape ? JSON.stringify(record.affectedShape) : null;
  // Written as the database writes its own (milliseconds, Z), so the two compare as text.
  const edited = updatedAt ? { updatedAt: new Date(updatedAt).toISOString() } : {};
  const { id: incidentId } = await tx.insert(incident).values({ ...fields, affectedShape, ...edited }).returning({ id: incident.id }).get();

  const sourceIds = new Map<number, number>();
  const cite = async (subjectType: CitationSubject, subjectId: number, numbers: readonly number[]) => {
    for (const n of new Set(numbers)) {
      const sourceId = sourceIds.get(n);
      if (sourceId === undefined) throw new Error(`${subjectType} ${subjectId} cites unknown source [${n}]`);
      await tx.insert(citation).values({ sourceId, subjectType, subjectId }).run();
    }
  };
  const keys = new Map<string, Map<string, number>>();
  // A reference to an item of the collection being written may point ahead: it is written last.
  const refs = (writing: Collection | null): Refs => ({
    id: (c, key) => {
      const id = keys.get(c)?.get(key);
      if (id !== undefined || c === writing) return id ?? null;
      throw new Error(`refers to unknown ${c} "${key}"`);
    },
    key: () => {
      throw new Error("a write resolves keys to ids only");
    },
  });

  for (const s of record.sources) sourceIds.set(s.number, (await tx.insert(source).values({ ...s, incidentId }).returning({ id: source.id }).get()).id);
  await cite("incident", incidentId, incidentCites);
  for (const c of insertOrder(record).filter((c) => c !== "sources")) {
    const spec = collectionOf(c);
    const positioned = "position" in getTableColumns(spec.table);
    const items: readonly object[] = record[c];
    const written: Array<{ id: number; item: object }> = [];
    for (const [position, item] of items.entries()) {
      const row = { ...spec.toRow(item, refs(c)), incidentId, ...(positioned ? { position } : {}) };
      const { id } = rowId.parse(await tx.insert(spec.table).values(row).returning({ id: spec.table.id }).get());
      if (spec.key) keys.set(c, (keys.get(c) ?? new Map<string, number>()).set(spec.key(item), id));
      if (spec.subject) await cite(spec.subject, id, itemCites(item));
      written.push({ id, item });
    }
    for (const { id, item } of written) {
      if (spec.refers?.(item).some((r) => r.to === c)) await tx.update(spec.table).set(spec.toRow(item, refs(null))).where(eq(spec.table.id, id)).run();
    }
  }
  return incidentId;
}
