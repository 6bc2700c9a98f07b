import * as sqlite from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { cited, citesField, defineCollection, itemColumns, positionColumn, positionIndex } from "../collection";
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
  names: { one: "reaction", a: "a reaction", many: "Reactions" },
  seedFile: "reactions.json",
  order: findingReaction.position,
  fields: [
    { name: "who", label: "Who", kind: "text" },
    { name: "affiliation", label: "Affiliation (optional)", kind: "text", optional: true },
    citesField,
    { name: "statement", label: "Statement", kind: "prose", wide: true },
  ],
  line: (r) => `${r.who}${r.affiliation ? ` (${r.affiliation})` : ""}: ${r.statement}${cited(r)}`,
  name: (r) => r.who,
});
