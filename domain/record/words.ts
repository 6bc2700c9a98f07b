import en from "@/i18n/messages/en/editor.json";
import type { FieldSpec } from "./collection";

// The registry says which fields a collection has; their words (labels, hints, the collection's
// names) are in the editor's catalogue, one entry per field, so each language has them all. The
// English is read here for what speaks English only (the audit trail, logs, the CLI).

type Fields = typeof en.fields;
export type WordedCollection = keyof Fields;
type Words = { label: string; hint?: string };
/** A field as a collection file describes it: its words come from the catalogue under its name. */
export type FieldDescription<C extends WordedCollection> = Omit<FieldSpec, "label" | "hint" | "words"> & { name: keyof Fields[C] & string };

const optional = (label: string) => en.form.optional.replace("{label}", label);

/** The collection's fields with their English words, and the catalogue key each language's words are under. */
export function described<C extends WordedCollection>(collection: C, fields: ReadonlyArray<FieldDescription<C>>): FieldSpec[] {
  const words = new Map<string, Words>(Object.entries(en.fields[collection]));
  return fields.map((field) => {
    const said = words.get(field.name) ?? { label: field.name };
    return { ...field, label: field.optional ? optional(said.label) : said.label, ...(said.hint ? { hint: said.hint } : {}), words: `editor.fields.${collection}.${field.name}` };
  });
}

/** How people name one item and the whole, in English; each language's are under editor.collections. */
export const namesOf = (collection: WordedCollection) => {
  const { one, a, many } = en.collections[collection];
  return { one, a, many };
};
