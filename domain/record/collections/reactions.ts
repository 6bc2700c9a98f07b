import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
import { described, namesOf } from "../words";
import { cites, text } from "../common";

export const findingReaction = sqlite.sqliteTable(
  "finding_reaction",
  {
    ...itemColumns(),
    position: positionColumn(),
    who: sqlite.text("who").notNull(),
    affiliation: sqlite.text("affiliation"),
    statement: sqlite.text("statement").notNull(),
  },
  (t) => [positionIndex("finding_reaction", t)],
);

/** What others said of the findings. */
export const reactionSchema = z.strictObject({
  who: text,
  affiliation: text.nullable(),
  statement: text,
  cites,
});
export type Reaction = z.infer<typeof reactionSchema>;

export const reactions = defineCollection({
  table: findingReaction,
  schema: reactionSchema,
  subject: "finding_reaction",
  names: namesOf("reactions"),
  seedFile: "reactions.json",
  order: findingReaction.position,
  fields: described("reactions", [
    { name: "who", kind: "text" },
    { name: "affiliation", kind: "text", optional: true },
    citesField,
    { name: "statement", kind: "prose", wide: true },
  ]),
  line: (r) => `${r.who}${r.affiliation ? ` (${r.affiliation})` : ""}: ${r.statement}${cited(r)}`,
  name: (r) => r.who,
});
