import * as sqlite from "drizzle-orm/sqlite-core";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Precision } from "@/lib/precise-time";
import type { Said } from "../said";
import type { CitationSubject, DurationKind } from "./constants";
import { incident } from "./incident";

/** A collection's table: each row is one item of one incident. */
export type ItemTable = SQLiteTable & { id: SQLiteColumn; incidentId: SQLiteColumn };

/** The columns a collection's table begins with: its id and its incident, whose removal removes it. */
export const itemColumns = () => ({
  id: sqlite.integer("id").primaryKey({ autoIncrement: true }),
  incidentId: sqlite
    .integer("incident_id")
    .notNull()
    .references(() => incident.id, { onDelete: "cascade" }),
});

/** An item's place among its incident's items of the collection, and the index that lists them so. */
export const positionColumn = () => sqlite.integer("position").notNull();
export const positionIndex = (table: string, t: { incidentId: SQLiteColumn; position: SQLiteColumn }) =>
  sqlite.index(`${table}_incident_id_position_idx`).on(t.incidentId, t.position);

/** How the editor draws one field of an item and reads it back (components/editor/fields.ts). */
export type FieldKind = "text" | "prose" | "number" | "date" | "time" | "cites" | "select" | "checkbox" | "event" | "duration";
export type FieldSpec = {
  name: string;
  /** Its English label and hint (domain/record/words.ts); the catalogue key of each language's words. */
  label: string;
  words: string;
  kind: FieldKind;
  optional?: boolean;
  hint?: string;
  options?: readonly string[];
  initial?: string;
  /** Shown only for an incident with an affected list (or an item that has a value already): a prompt-length threshold. */
  needsList?: true;
  /** A time field whose precision is fixed (an update's minute), for a collection without a precision field. */
  precision?: Exclude<Precision, "none">;
  /** A duration field that belongs to one kind of duration only. */
  only?: DurationKind;
  /** Left empty, made from this other field as a slug is from a title (an event's key from its title). */
  madeFrom?: string;
  wide?: boolean;
};

/**
 * What a row holds in place of a key another item is known by (a duration's events): the reading
 * or writing layer resolves them in the incident at hand. `id` is null for an item of the same
 * collection not written yet; the writer comes back for it once all are written.
 */
export type Refs = {
  id: (collection: string, key: string) => number | null;
  key: (collection: string, id: number) => string;
};

/** An item as the editor and the API address it: its row id beside its fields. */
export type EditorItem = { id: number } & Record<string, unknown>;

/** A key an item names in another item, for the record's checks: "from" names event "model-offline". */
export type Reference = { field: string; to: string; key: string };

type Row = Record<string, unknown>;

// Its functions are methods, so that a collection of events is also a collection of objects for the
// generic readers and writers, which only hand a collection items its own schema has checked.
type Described<Item, S extends z.ZodType = z.ZodType<Item>> = {
  table: ItemTable;
  /** The item as the API, the editor and the seed write it: keys and source numbers, no ids. */
  schema: S;
  /** What a stored item may hold where that is looser than what a write takes now (read with this). */
  stored?: z.ZodType;
  /** How citations name an item of this collection; null for sources, which are what is cited. */
  subject: Exclude<CitationSubject, "incident"> | null;
  /** How people name one item and the whole: in the editor, the API's messages and the audit trail. */
  names: { one: string; a: string; many: string };
  /** The file of seed/<slug>/ that holds this collection, as a JSON array. */
  seedFile: `${string}.json`;
  /** The column an incident's items are listed in order of. */
  order: SQLiteColumn;
  /** The editor's form for an item, in the order it is drawn. */
  fields: readonly FieldSpec[];
  /** One line that tells the editor which item this is, above its form. */
  line(item: Item): string;
  /** A short name for an item inside a button or a label. */
  name(item: Item): string;
  /** What a new item's form starts with, given the items there are (a source's next free number). */
  next?(items: readonly Item[]): Record<string, string>;
  /** The name other items refer to an item by; the table's `key` column holds it. */
  key?(item: Item): string;
  /** The keys an item names in other items (or in its own collection). */
  refers?(item: Item): Reference[];
  /** A field at most one item of an incident may hold a given value of, and what to say to a second. */
  unique?: { field: string; column: SQLiteColumn; many: Said; taken: (holder: string, value: string) => Said; holds: (holder: string) => Said };
};

/** An item as a row and back, when its fields are not simply the table's columns of the same names. */
type Mapping<Item> = {
  toRow(item: Item, refs: Refs): Row;
  /** What the row says of the item (its citations apart), for the record's schema to check. */
  fromRow(row: Row, refs: Refs): Row;
};

export type CollectionSpec<Item, S extends z.ZodType = z.ZodType<Item>> = Described<Item, S> & Mapping<Item>;
/** A collection as generic code sees it. */
export type AnyCollection = CollectionSpec<object>;

const pick = (from: object, fields: readonly string[]): Row => {
  const values = new Map(Object.entries(from));
  return Object.fromEntries(fields.map((f) => [f, values.get(f) ?? null]));
};

/**
 * A collection whose item fields are its table's columns of the same names (cites aside): the row
 * mapping follows from the schema's shape. A collection whose rows differ gives its own mapping.
 */
export function defineCollection<S extends z.ZodObject>(spec: Described<z.output<S>, S> & Partial<Mapping<z.output<S>>>): CollectionSpec<z.output<S>, S> {
  const fields = Object.keys(spec.schema.shape).filter((f) => f !== "cites");
  return { toRow: (item) => pick(item, fields), fromRow: (row) => pick(row, fields), ...spec };
}

/** A collection with a mapping of its own (a discriminated union, references stored as ids). */
export const defineMappedCollection = <Item, S extends z.ZodType>(spec: CollectionSpec<Item, S>): CollectionSpec<Item, S> => spec;

/** The source numbers an item cites, read from any item of any collection. */
export function itemCites(item: object): number[] {
  const cites: unknown = new Map(Object.entries(item)).get("cites");
  return Array.isArray(cites) ? cites.filter((n): n is number => typeof n === "number") : [];
}

/** The field every cited item has in the editor. */
export const citesField = { name: "cites", kind: "cites" } as const satisfies Partial<FieldSpec>;

/** Whether a field belongs to an item whose kind (a duration's "interval" or "stated") is `kind`: a field of one kind only does not belong to the other. */
export const belongsTo = (spec: FieldSpec, kind: unknown): boolean => !spec.only || spec.only === kind;

/** " [0, 3]": an item's citations at the end of its line in the editor. */
export const cited = (item: { cites: readonly number[] }) => (item.cites.length ? ` [${item.cites.join(", ")}]` : "");
