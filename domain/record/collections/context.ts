import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, text } from "../common";

export const contextFact = sqlite.sqliteTable(
  "context_fact",
  {
    ...itemColumns(),
    position: positionColumn(),
    topic: sqlite.text("topic").notNull(),
    statement: sqlite.text("statement").notNull(),
  },
  (t) => [positionIndex("context_fact", t)],
);

/** Background a reader needs (the model, its price), grouped by topic. */
export const contextFactSchema = z.strictObject({
  topic: text,
  statement: text,
  cites,
});
export type ContextFact = z.infer<typeof contextFactSchema>;

export const context = defineCollection({
  table: contextFact,
  schema: contextFactSchema,
  subject: "context_fact",
  names: namesOf("context"),
  seedFile: "context.json",
  order: contextFact.position,
  fields: described("context", [
    { name: "topic", kind: "text" },
    citesField,
    { name: "statement", kind: "prose", wide: true },
  ]),
  line: (c) => `${c.topic}: ${c.statement}${cited(c)}`,
  name: (c) => c.topic,
});
