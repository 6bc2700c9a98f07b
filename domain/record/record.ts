import { z } from "zod";
import { COLLECTION_NAMES, COLLECTIONS, type Collection, collectionOf, isCollection } from "./collections";
import { affectedShapeSchema } from "./affected-shape";
import { incidentSchema } from "./incident";
import type { Said } from "../said";
import { refusal } from "../validation";

type Path = Array<string | number>;

// Object.fromEntries forgets which schema stands under which name; the type says it again. Each
// collection as it may be stored (a source's address of before its check), so every record reads.
const shape = {
  incident: incidentSchema,
  /** What one row of its affected list is (affected-shape.ts); null for an incident that has not said. */
  affectedShape: affectedShapeSchema.nullable().default(null),
  // A collection a document does not name is empty: a document written before it existed still reads.
  ...Object.fromEntries(COLLECTION_NAMES.map((c) => [c, z.array(COLLECTIONS[c].stored ?? COLLECTIONS[c].schema).default([])])),
} as {
  incident: typeof incidentSchema;
  affectedShape: z.ZodDefault<z.ZodNullable<typeof affectedShapeSchema>>;
} & { [C in Collection]: z.ZodDefault<z.ZodArray<(typeof COLLECTIONS)[C]["schema"]>> };

/** A whole incident as plain data (keys and source numbers, no ids), with its internal references checked; its sources as stored (storedSourceSchema). */
export const incidentRecord = z.strictObject(shape).superRefine((record, ctx) => {
  const issue = (path: Path, said: Said) => ctx.addIssue({ code: "custom", path, ...refusal(said) });
  const named = (c: Collection): Said => ({ key: `editor.collections.${c}.one` });
  const items = (c: Collection): readonly object[] => record[c];
  const numbers = new Set(record.sources.map((s) => s.number));
  if (numbers.size !== record.sources.length) issue(["sources"], { key: "validation.record.sourceNumbersUnique" });

  const keys = new Map<string, Set<string>>();
  for (const c of COLLECTION_NAMES) {
    const spec = collectionOf(c);
    const all = spec.key ? items(c).map((item) => spec.key?.(item) ?? "") : [];
    keys.set(c, new Set(all));
    if (new Set(all).size !== all.length) issue([c], { key: "validation.record.keysUnique", values: { items: { key: `editor.collections.${c}.many` } } });
    const unique = spec.unique;
    if (unique) {
      const held = items(c).flatMap((item) => Object.entries(item).filter(([f, v]) => f === unique.field && v !== null).map(([, v]) => String(v)));
      if (new Set(held).size !== held.length) issue([c], unique.many);
    }
  }

  const checkCites = (path: Path, cites: readonly number[]) => {
    for (const n of cites) if (!numbers.has(n)) issue([...path, "cites"], { key: "validation.record.citesMissing", values: { number: n } });
  };
  checkCites(["incident"], record.incident.cites);
  for (const c of COLLECTION_NAMES) {
    const spec = collectionOf(c);
    items(c).forEach((item, i) => {
      if ("cites" in item && Array.isArray(item.cites)) checkCites([c, i], item.cites);
      for (const ref of spec.refers?.(item) ?? []) {
        if (!isCollection(ref.to)) throw new Error(`${c} refers to "${ref.to}", which is no collection`);
        const own = ref.to === c;
        if ((own && ref.key === spec.key?.(item)) || !keys.get(ref.to)?.has(ref.key)) {
          issue([c, i, ref.field], { key: own ? "validation.record.noOtherItem" : "validation.record.noSuchItem", values: { item: named(ref.to), key: ref.key } });
        }
      }
    });
  }
});

export type IncidentRecord = z.infer<typeof incidentRecord>;
