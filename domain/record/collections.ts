import { capitalize } from "@/lib/words";
import type { AnyCollection } from "./collection";
import { context } from "./collections/context";
import { durations } from "./collections/durations";
import { events } from "./collections/events";
import { figures } from "./collections/figures";
import { findings } from "./collections/findings";
import { reactions } from "./collections/reactions";
import { recommendations } from "./collections/recommendations";
import { sources } from "./collections/sources";
import { updates } from "./collections/updates";

/**
 * Every collection of an incident's record, each described once in its own file of collections/:
 * its table, schema, row mapping, citations, names and editor form. Reads, writes, the editor, the
 * seed, the audit trail and the API loop over this; a new collection is a file, a line here and a migration.
 */
export const COLLECTIONS = { updates, events, sources, figures, durations, findings, reactions, recommendations, context } as const;

export type Collection = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as [Collection, ...Collection[]];

/** One value per collection, by name. */
export function perCollection<T>(value: (c: Collection) => T): Record<Collection, T> {
  // fromEntries forgets that every name is there; the map over COLLECTION_NAMES makes it so.
  return Object.fromEntries(COLLECTION_NAMES.map((c) => [c, value(c)])) as Record<Collection, T>;
}

/** A collection as the generic readers and writers see it. */
export const collectionOf = (c: Collection): AnyCollection => COLLECTIONS[c];

/** "Context fact": how the audit trail and messages start a sentence about an item. */
export const itemLabel = (c: Collection): string => {
  const one = COLLECTIONS[c].names.one;
  return capitalize(one);
};

export const isCollection = (name: string): name is Collection => Object.hasOwn(COLLECTIONS, name);

