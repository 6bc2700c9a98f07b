import type { AffectedShape } from "@/domain/record/affected-shape";
import { capitalize } from "@/lib/words";

/** How the page, the lookup and their tables name what an affected list holds, in its incident's words (its shape). */
export type ListWords = {
  /** What a row is: "response", "responses". */
  unitOne: string;
  unitMany: string;
  /** The first measure as a column heading says it ("Prompt length (tokens)"), its name and its unit. */
  measure: string;
  measureName: string;
  measureUnit: string;
  /** Each role's label by its key. */
  roles: Record<string, string>;
};

/** Plain words where an incident has no shape yet: they claim nothing of it (the fixed format's two roles, a measure unnamed). */
const PLAIN: ListWords = {
  unitOne: "row",
  unitMany: "rows",
  measure: "Measure",
  measureName: "measure",
  measureUnit: "units",
  roles: { recipient: "received another's data", exposed: "own data exposed" },
};

export function listWords(shape: AffectedShape | null): ListWords {
  if (!shape) return PLAIN;
  const first = shape.measures[0];
  return {
    unitOne: shape.unit.one,
    unitMany: shape.unit.many,
    ...(first ? { measure: `${capitalize(first.name)} (${first.unit})`, measureName: first.name, measureUnit: first.unit } : { measure: PLAIN.measure, measureName: PLAIN.measureName, measureUnit: PLAIN.measureUnit }),
    roles: Object.fromEntries(shape.roles.map((r) => [r.key, r.label])),
  };
}

/** A role's label as a heading starts it, the key itself where the shape has no such role. */
export const roleHeading = (words: ListWords, key: string) => capitalize(words.roles[key] ?? key);
