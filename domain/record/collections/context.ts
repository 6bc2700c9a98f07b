import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
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
  names: { one: "context fact", a: "a context fact", many: "Context" },
  seedFile: "context.json",
  order: contextFact.position,
  fields: [
    { name: "topic", label: "Topic", kind: "text" },
    citesField,
    { name: "statement", label: "Statement", kind: "prose", wide: true },
  ],
  line: (c) => `${c.topic}: ${c.statement}${cited(c)}`,
  name: (c) => c.topic,
});
