import { type AffectedShape, PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { capitalize } from "@/lib/words";

/** How the page, the lookup and their tables name what an affected list holds, in its incident's words (its shape). */
export type ListWords = {
  /** What a row is: "response", "responses". */
  unitOne: string;
  unitMany: string;
  /** Each role's label by its key, in the shape's order. */
  roles: Record<string, string>;
  /** Each data class's label by its key, in the shape's order. */
  classes: Record<string, string>;
  /** Each measure by its key: its column heading ("Prompt length (tokens)"), its name and unit. */
  measures: Record<string, { heading: string; name: string; unit: string }>;
  /** Whom an affected tenant should contact, as the record gives it; null when it gives none. */
  contact: AffectedShape["contact"];
};

export function listWords(shape: AffectedShape | null): ListWords {
  const s = shape ?? PLAIN_SHAPE;
  return {
    unitOne: s.unit.one,
    unitMany: s.unit.many,
    roles: Object.fromEntries(s.roles.map((r) => [r.key, r.label])),
    classes: Object.fromEntries(s.dataClasses.map((d) => [d.key, d.label])),
    measures: Object.fromEntries(s.measures.map((m) => [m.key, { heading: `${capitalize(m.name)} (${m.unit})`, name: m.name, unit: m.unit }])),
    contact: s.contact,
  };
}

/** A measure's words, or its key where the shape has no such measure (a list kept from before a change). */
export const measureWords = (words: ListWords, key: string) => words.measures[key] ?? { heading: key, name: key, unit: "" };
