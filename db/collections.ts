import "server-only";
import type { Collection } from "@/domain/record/collections";
import { contextFact, durationClaim, event, figure, finding, findingReaction, recommendation, source } from "./schema";

/** The table that holds each collection of domain/record/collections: the registry's storage half. */
export const COLLECTION_TABLES = {
  events: event,
  sources: source,
  figures: figure,
  durations: durationClaim,
  findings: finding,
  reactions: findingReaction,
  recommendations: recommendation,
  context: contextFact,
} as const satisfies Record<Collection, unknown>;

export type CollectionTable = (typeof COLLECTION_TABLES)[Collection];
