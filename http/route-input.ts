import { z } from "zod";
import { fieldError } from "@/domain/errors";
import { invalidInput, parseInput } from "@/domain/input";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { key, positiveDecimalText } from "@/domain/record/common";
import { localeSchema } from "@/domain/record/translation";

// What a route takes from its address, checked like a body: the path's segments and the query,
// both strict, so a parameter the route does not know is refused (400) rather than ignored.

const slug = key;
const collection = z.enum(COLLECTION_NAMES);

export const ROUTE_PARAMS = {
  none: z.strictObject({}),
  incident: z.strictObject({ slug }),
  collection: z.strictObject({ slug, collection }),
  item: z.strictObject({ slug, collection, id: positiveDecimalText }),
  translations: z.strictObject({ slug, locale: localeSchema }),
};

/** For the routes that read no query: any parameter at all is refused. */
export const NO_QUERY = z.strictObject({});

/** The path's segments (Next's params) checked against `schema`; a DomainError "invalid" names each bad one. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  return parseInput(schema, params ?? {}, { name: () => null, noun: "segment" });
}

/** The query of `url` checked against `schema`; a parameter given twice is refused, not one copy picked. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string): z.output<S> {
  const search = new URL(url).searchParams;
  const repeated = [...new Set(search.keys())].filter((name) => search.getAll(name).length > 1);
  if (repeated.length) throw invalidInput(repeated.map((field) => fieldError(field, { key: "validation.givenTwice", values: { field } })));
  // fromEntries defines each name as an own key, so even "__proto__" reaches the schema as one.
  return parseInput(schema, Object.fromEntries(search), { name: () => null, noun: "parameter" });
}
