import type { Naming } from "../validation";
import { type Collection, COLLECTIONS, isCollection } from "./collections";
import { incidentSchema } from "./incident";

// How a sentence names a field of the record: by its label in the editor's catalogue, whatever the
// path it is found at (the API's "item.title", a form's "title", an import's "events.3.title").

const fieldWords = (c: Collection, name: unknown): string | null => COLLECTIONS[c].fields.find((f) => f.name === name)?.words ?? null;
const incidentField = (name: unknown) => typeof name === "string" && Object.hasOwn(incidentSchema.shape, name);
const label = (words: string | null) => (words === null ? null : { key: `${words}.label` });

/** The fields of one collection's item, as a form (["title"]) or an API body (["item", "title"]) puts them. */
export const itemNaming = (c: Collection): Naming => ({
  name: (path) => (path.length === 1 ? label(fieldWords(c, path[0])) : path.length === 2 && path[0] === "item" ? label(fieldWords(c, path[1])) : null),
});

/** The incident's own fields (["title"]). */
export const incidentNaming: Naming = {
  name: (path) => (path.length === 1 && incidentField(path[0]) ? { key: `editor.incident.fields.${String(path[0])}` } : null),
};

/** A whole record (an import): ["incident", field], [collection, index, field], or a collection as a whole. */
export const recordNaming: Naming = {
  name: (path) => {
    const [first, second, third] = path;
    if (first === "incident" && path.length === 2) return incidentNaming.name([second ?? ""]);
    if (typeof first !== "string" || !isCollection(first)) return null;
    if (path.length === 1) return { key: `editor.collections.${first}.many` };
    return path.length === 3 ? label(fieldWords(first, third)) : null;
  },
};
