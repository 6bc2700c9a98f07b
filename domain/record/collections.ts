import type { z } from "zod";
import { contextFactSchema } from "./context-fact";
import type { CitationSubject } from "./constants";
import { durationSchema } from "./duration";
import { eventSchema } from "./event";
import { figureSchema } from "./figure";
import { findingSchema } from "./finding";
import { reactionSchema } from "./reaction";
import { recommendationSchema } from "./recommendation";
import { sourceSchema } from "./source";

type CollectionSpec = {
  /** The item as the API, the editor and the seed write it: keys and source numbers, no ids. */
  schema: z.ZodType;
  /** How citations name an item of this collection; null for sources, which are what is cited. */
  subject: Exclude<CitationSubject, "incident"> | null;
  /** How people name one item and the whole: in the editor, the API's messages and the audit trail. */
  names: { one: string; a: string; many: string };
  /** The file of seed/<slug>/ that holds this collection, as a JSON array. */
  seedFile: `${string}.json`;
};

/**
 * Every collection of an incident's record, described once: the API, the editor, the seed, the
 * audit and the exports read this; db/collections adds the table that holds each.
 */
export const COLLECTIONS = {
  events: { schema: eventSchema, subject: "event", names: { one: "event", a: "an event", many: "Events" }, seedFile: "events.json" },
  sources: { schema: sourceSchema, subject: null, names: { one: "source", a: "a source", many: "Sources" }, seedFile: "sources.json" },
  figures: { schema: figureSchema, subject: "figure", names: { one: "figure", a: "a figure", many: "Figures" }, seedFile: "figures.json" },
  durations: { schema: durationSchema, subject: "duration_claim", names: { one: "duration", a: "a duration", many: "Durations" }, seedFile: "durations.json" },
  findings: { schema: findingSchema, subject: "finding", names: { one: "finding", a: "a finding", many: "Findings" }, seedFile: "findings.json" },
  reactions: { schema: reactionSchema, subject: "finding_reaction", names: { one: "reaction", a: "a reaction", many: "Reactions" }, seedFile: "reactions.json" },
  recommendations: {
    schema: recommendationSchema,
    subject: "recommendation",
    names: { one: "recommendation", a: "a recommendation", many: "Recommendations" },
    seedFile: "recommendations.json",
  },
  context: { schema: contextFactSchema, subject: "context_fact", names: { one: "context fact", a: "a context fact", many: "Context" }, seedFile: "context.json" },
} as const satisfies Record<string, CollectionSpec>;

export type Collection = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as [Collection, ...Collection[]];

export const collectionSchema = <C extends Collection>(c: C): (typeof COLLECTIONS)[C]["schema"] => COLLECTIONS[c].schema;

/** "Context fact": how the audit trail and messages start a sentence about an item. */
export const itemLabel = (c: Collection): string => {
  const one = COLLECTIONS[c].names.one;
  return one.charAt(0).toUpperCase() + one.slice(1);
};

export const isCollection = (name: string): name is Collection => Object.hasOwn(COLLECTIONS, name);
